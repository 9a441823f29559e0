import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createSession } from '../src/modules/sessions/service.ts';
import { asClient, insertUser } from './helpers/accounts.ts';
import { solvedCaptcha } from './helpers/captcha.ts';
import { createActors, storePublication, type Actor, type Actors } from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// Reports with the default captcha (ALTCHA) on: guests solve it, members do not need it.

describe('POST /api/reports', () => {
  let subject: TestApp;
  let actors: Actors;
  let published: string;

  const report = (body: Record<string, unknown>, who?: Actor, remoteAddress = '198.51.100.1') =>
    subject.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: body,
      remoteAddress,
      headers: who?.headers ?? {},
    });

  const member = async (email: string): Promise<Actor> => {
    const user = await insertUser(subject.database.db, { email, name: 'Vecina Atenta' });
    const { token } = await createSession(subject.database.db, user.id, 3_600_000);
    return { id: user.id, token, ...asClient(token) };
  };

  const statusOf = async (id: string) =>
    await subject.database.db
      .selectFrom('publications')
      .select(['status', 'review_note'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    subject = await createTestApp({ env: { CAPTCHA_PROVIDER: '' } });
    actors = await createActors(subject.database.db);
    published = await storePublication(subject.database.db, {
      title: 'Compost casero',
      createdBy: actors.author.id,
      createdAt: new Date().toISOString(),
    });
  });

  afterAll(async () => subject.dispose());

  it('validates the reason and the comment in Spanish', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ targetType: 'publication', targetId: published }, 'El motivo es obligatorio'],
      [{ targetType: 'publication', targetId: published, reason: 'aburrido' }, 'El motivo es incorrecto'],
      [
        { targetType: 'publication', targetId: published, reason: 'otro' },
        'Cuéntanos el motivo en el comentario',
      ],
      [
        { targetType: 'publication', targetId: published, reason: 'spam', comment: 'corto' },
        'El comentario es demasiado corto (min: 6)',
      ],
      [
        { targetType: 'publication', targetId: published, reason: 'spam', comment: 'x'.repeat(301) },
        'El comentario es demasiado largo (max: 300)',
      ],
      [{ targetType: 'anuncio', targetId: published, reason: 'spam' }, 'El tipo de denuncia es incorrecto'],
    ];
    for (const [body, message] of cases) {
      const response = await report(body, actors.other);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
  });

  it('asks guests for the captcha, not members', async () => {
    const body = { targetType: 'publication', targetId: published, reason: 'spam' };
    const guest = await report(body);
    expect(guest.statusCode).toBe(400);
    expect(guest.json()).toMatchObject({ message: 'Completa la verificación de que eres una persona.' });
    const memberAnswer = await report(
      { ...body, reason: 'estafa', comment: 'Me pidió un adelanto por transferencia' },
      actors.other,
    );
    expect(memberAnswer.statusCode).toBe(201);
    expect(memberAnswer.json()).toEqual({ message: 'Gracias por avisarnos. Revisaremos tu denuncia.' });
  });

  it('allows one open report per reporter and target (409), guests told apart by their address', async () => {
    const body = { targetType: 'publication', targetId: published, reason: 'spam' };
    const again = await report(body, actors.other);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Ya denunciaste esto y todavía lo estamos revisando.' });

    expect(
      (await report({ ...body, captcha: await solvedCaptcha(subject.app) }, undefined, '198.51.100.20'))
        .statusCode,
    ).toBe(201);
    const sameGuest = await report(
      { ...body, captcha: await solvedCaptcha(subject.app) },
      undefined,
      '198.51.100.20',
    );
    expect(sameGuest.statusCode).toBe(409);
    const stored = await subject.database.db
      .selectFrom('reports')
      .select('reporter_key')
      .where('reporter_id', 'is', null)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.reporter_key).toMatch(/^guest:[0-9a-f]{32}$/);
    expect(stored[0]!.reporter_key).not.toContain('198.51');
  });

  it('hides a published publication at the third open report from different reporters, and logs it', async () => {
    // Two so far (a member and a guest); a third reporter tips it over.
    expect((await statusOf(published)).status).toBe(1);
    const third = await member('tercera@example.com');
    expect(
      (await report({ targetType: 'publication', targetId: published, reason: 'prohibido' }, third))
        .statusCode,
    ).toBe(201);
    expect(await statusOf(published)).toEqual({
      status: 0,
      review_note: 'Oculto automáticamente por varias denuncias; un moderador lo revisará.',
    });
    const publicList = await subject.app.inject({ method: 'GET', url: '/api/publications' });
    expect(publicList.json<{ total: number }>().total).toBe(0);
    const guestView = await subject.app.inject({ method: 'GET', url: `/api/publication/${published}` });
    expect(guestView.statusCode).toBe(404);
    const log = await subject.database.db.selectFrom('moderation_log').selectAll().execute();
    expect(log).toMatchObject([
      { action: 'hide_by_reports', actor_id: null, target_id: published, target_label: 'Compost casero' },
    ]);
  });

  it('hides it once when reports arrive at the same moment', async () => {
    const id = await storePublication(subject.database.db, {
      title: 'Bolsas reutilizables',
      createdBy: actors.author.id,
      createdAt: new Date().toISOString(),
    });
    const reporters = await Promise.all([1, 2, 3, 4].map((n) => member(`simultanea${n}@example.com`)));
    const answers = await Promise.all(
      reporters.map((who) => report({ targetType: 'publication', targetId: id, reason: 'spam' }, who)),
    );
    // A report that arrives after the publication is hidden finds nothing public to report.
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201).length).toBeGreaterThanOrEqual(3);
    expect(codes.every((code) => code === 201 || code === 404)).toBe(true);
    expect((await statusOf(id)).status).toBe(0);
    const hides = await subject.database.db
      .selectFrom('moderation_log')
      .select('id')
      .where('target_id', '=', id)
      .execute();
    expect(hides).toHaveLength(1);
  });

  it('authorization: authors cannot report their own; unknown or hidden targets are 404', async () => {
    const own = await report(
      { targetType: 'publication', targetId: published, reason: 'spam' },
      actors.author,
    );
    // Hidden by now, but the author still sees it: 403, not 404.
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ message: 'No puedes denunciar tu propio anuncio.' });
    const self = await report(
      { targetType: 'user', targetId: actors.author.id, reason: 'spam' },
      actors.author,
    );
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ message: 'No puedes denunciar tu propio perfil.' });

    const hidden = await report(
      { targetType: 'publication', targetId: published, reason: 'ofensivo' },
      await member('nueva@example.com'),
    );
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ message: 'El anuncio no existe' });
    const unknown = await report({ targetType: 'user', targetId: 'no-existe', reason: 'spam' }, actors.other);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'El usuario no existe' });
    const guestUnknown = await report({
      targetType: 'publication',
      targetId: 'no-existe',
      reason: 'spam',
      captcha: await solvedCaptcha(subject.app),
    });
    expect(guestUnknown.statusCode).toBe(404);

    // Super users may report too; profiles are reported like publications.
    const profile = await report(
      { targetType: 'user', targetId: actors.author.id, reason: 'estafa' },
      actors.superUser,
    );
    expect(profile.statusCode).toBe(201);
  });

  it('a suspended member counts as a guest: their old session carries no identity', async () => {
    const suspended = await member('suspendida.denuncia@example.com');
    await subject.database.db
      .updateTable('users')
      .set({ is_active: 0, suspended_at: new Date().toISOString() })
      .where('id', '=', suspended.id)
      .execute();
    const target = await storePublication(subject.database.db, {
      title: 'Semillas nativas',
      createdBy: actors.author.id,
      createdAt: new Date().toISOString(),
    });
    const answer = await report({ targetType: 'publication', targetId: target, reason: 'spam' }, suspended);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ message: 'Completa la verificación de que eres una persona.' });
    // And nobody can report a suspended member's profile or publications: they are not public.
    const profile = await report(
      { targetType: 'user', targetId: suspended.id, reason: 'spam' },
      actors.other,
    );
    expect(profile.statusCode).toBe(404);
  });

  it('one open report per reporter holds across two server processes on one database', async () => {
    const second = await buildApp(subject.config, { database: subject.database });
    try {
      const target = await storePublication(subject.database.db, {
        title: 'Lombricario',
        createdBy: actors.author.id,
        createdAt: new Date().toISOString(),
      });
      const body = { targetType: 'publication', targetId: target, reason: 'spam' };
      const answers = await Promise.all([
        report(body, actors.superUser),
        second.inject({
          method: 'POST',
          url: '/api/reports',
          payload: body,
          headers: actors.superUser.headers,
        }),
        report(body, actors.superUser),
        second.inject({
          method: 'POST',
          url: '/api/reports',
          payload: body,
          headers: actors.superUser.headers,
        }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    } finally {
      await second.close();
    }
  });
});
