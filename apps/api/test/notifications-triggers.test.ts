import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationRow } from '../src/db/schema.ts';
import { createSession } from '../src/modules/sessions/service.ts';
import {
  insertUser,
  linksOfText,
  recordingMailer,
  tokenOfLink,
  type RecordingMailer,
} from './helpers/accounts.ts';
import {
  createActors,
  createPublication,
  uploadImage,
  validForm,
  type Actor,
  type Actors,
} from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// What makes notifications: each event exactly one, in the transaction of its cause; a refused change none.

describe('notification triggers', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  let actors: Actors;
  /** A second super user: "every super user" is more than one. */
  let secondSuperUser: Actor;

  async function notificationsOf(userId: string): Promise<NotificationRow[]> {
    return subject.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  async function allNotifications(): Promise<number> {
    const rows = await subject.database.db.selectFrom('notifications').select('id').execute();
    return rows.length;
  }

  async function newPublication(who: Actor, title: string) {
    const image = await uploadImage(app, who);
    return createPublication(app, who, validForm('market', [image.url], { title }));
  }

  async function setStatus(who: Actor, id: string, body: Record<string, unknown>) {
    return app.inject({ method: 'PUT', url: `/api/publication/${id}`, headers: who.headers, payload: body });
  }

  beforeAll(async () => {
    mailer = recordingMailer();
    subject = await createTestApp({ mailer });
    app = subject.app;
    actors = await createActors(subject.database.db);
    const user = await insertUser(subject.database.db, {
      email: 'admin2@example.com',
      name: 'Segunda Admin',
      isSuperUser: true,
    });
    const { token } = await createSession(subject.database.db, user.id, 3_600_000);
    secondSuperUser = { id: user.id, token, headers: { authorization: `Bearer ${token}` } };
  });

  afterAll(async () => {
    await subject.dispose();
  });

  beforeEach(() => {
    mailer.sent.length = 0;
  });

  it('a new publication waiting for review: one to every super user, not one per edit', async () => {
    const publication = await newPublication(actors.author, 'Bicicleta para restaurar');
    for (const superUser of [actors.superUser, secondSuperUser]) {
      const rows = await notificationsOf(superUser.id);
      expect(rows.filter((row) => row.link === `/publications/${publication._id}`)).toEqual([
        expect.objectContaining({
          title: 'Anuncio para revisar',
          message: '«Bicicleta para restaurar» espera tu revisión para publicarse.',
          kind: 'info',
          from_user_id: actors.author.id,
        }),
      ]);
    }
    expect(await notificationsOf(actors.author.id)).toEqual([]);

    // The author edits it while it waits: no second notification.
    const image = publication.files[0]?.url ?? '';
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/publication/${publication._id}`,
      headers: actors.author.headers,
      payload: validForm('market', [image], { title: 'Bicicleta para restaurar, rodado 26' }),
    });
    expect(edited.statusCode).toBe(200);
    const rows = await notificationsOf(actors.superUser.id);
    expect(rows.filter((row) => row.link === `/publications/${publication._id}`)).toHaveLength(1);
    // Super users are told in the app only (the API hands e-mails over before it answers).
    expect(mailer.sent).toEqual([]);
  });

  it("a super user's own publication asks nobody for review", async () => {
    const before = await allNotifications();
    await newPublication(actors.superUser, 'Consejo de compostaje');
    expect(await allNotifications()).toBe(before);
  });

  it('published by a super user: one success notification and an e-mail to the author', async () => {
    const publication = await newPublication(actors.author, 'Lámpara de botella');
    const published = await setStatus(actors.superUser, publication._id, { status: 1 });
    expect(published.statusCode).toBe(200);

    const rows = (await notificationsOf(actors.author.id)).filter(
      (row) => row.link === `/publications/${publication._id}`,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        title: 'Anuncio publicado',
        message: 'Tu anuncio «Lámpara de botella» ya está publicado.',
        kind: 'success',
        from_user_id: actors.superUser.id,
      }),
    ]);

    // Publishing what is already published changes nothing.
    await setStatus(secondSuperUser, publication._id, { status: 1 });
    expect(
      (await notificationsOf(actors.author.id)).filter(
        (row) => row.link === `/publications/${publication._id}`,
      ),
    ).toHaveLength(1);

    expect(mailer.sent).toHaveLength(1);
    const [mail] = mailer.sent;
    expect(mail).toMatchObject({ to: 'autora@example.com', subject: 'Tu anuncio ya está publicado' });
    expect(mail?.text).toContain(`http://localhost:3000/publications/${publication._id}`);
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/unsubscribe\/[\w-]+\.[\w-]+/);
    expect(mail?.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(
        /^<http:\/\/localhost:3000\/api\/unsubscribe\/[\w-]+\.[\w-]+>$/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('sent back to review by a super user: one warning with the reason, and an e-mail', async () => {
    const publication = await newPublication(actors.author, 'Mesa de palets');
    await setStatus(actors.superUser, publication._id, { status: 1 });
    mailer.sent.length = 0;

    const back = await setStatus(secondSuperUser, publication._id, {
      status: 0,
      reason: '  Falta una foto del producto terminado  ',
    });
    expect(back.statusCode).toBe(200);
    const rows = (await notificationsOf(actors.author.id)).filter(
      (row) => row.link === `/publications/${publication._id}`,
    );
    expect(rows.map((row) => row.kind)).toEqual(['success', 'warning']);
    expect(rows[1]).toMatchObject({
      title: 'Anuncio devuelto a revisión',
      message:
        'Tu anuncio «Mesa de palets» volvió a revisión y por ahora no se muestra. Motivo: Falta una foto del producto terminado',
      from_user_id: secondSuperUser.id,
    });
    expect(mailer.sent.map((mail) => mail.subject)).toEqual(['Tu anuncio volvió a revisión']);
    expect(mailer.sent[0]?.text).toContain('Motivo: Falta una foto del producto terminado');

    // Without a reason, through the whole form.
    await setStatus(actors.superUser, publication._id, { status: 1 });
    const image = publication.files[0]?.url ?? '';
    const form = await app.inject({
      method: 'PUT',
      url: `/api/publication/${publication._id}`,
      headers: actors.superUser.headers,
      payload: validForm('market', [image], { title: 'Mesa de palets', status: 0 }),
    });
    expect(form.statusCode).toBe(200);
    const last = (await notificationsOf(actors.author.id)).at(-1);
    expect(last).toMatchObject({
      kind: 'warning',
      message: 'Tu anuncio «Mesa de palets» volvió a revisión y por ahora no se muestra.',
    });
  });

  it('a refused change makes no notification (bad reason, not a super user, invalid form)', async () => {
    const publication = await newPublication(actors.author, 'Macetas recicladas');
    const before = await allNotifications();
    const longReason = await setStatus(actors.superUser, publication._id, {
      status: 1,
      reason: 'x'.repeat(301),
    });
    expect(longReason.statusCode).toBe(400);
    expect(longReason.json<{ message: string }>().message).toContain(
      'El motivo es demasiado largo (max: 300)',
    );
    const notAllowed = await setStatus(actors.other, publication._id, { status: 1 });
    expect(notAllowed.statusCode).toBe(404);
    const own = await setStatus(actors.author, publication._id, { status: 1 });
    expect(own.statusCode).toBe(403);
    const invalid = await app.inject({
      method: 'PUT',
      url: `/api/publication/${publication._id}`,
      headers: actors.superUser.headers,
      payload: { title: 'x', status: 1, typed: 'market' },
    });
    expect(invalid.statusCode).toBe(400);
    const refusedCreate = await app.inject({
      method: 'POST',
      url: '/api/publications',
      headers: actors.other.headers,
      payload: { typed: 'market', title: 'x' },
    });
    expect(refusedCreate.statusCode).toBe(400);
    expect(await allNotifications()).toBe(before);
    expect(mailer.sent).toEqual([]);
  });

  it('a published publication that its author changes goes back to review: still one review notice per super user', async () => {
    const publication = await newPublication(actors.other, 'Ropa para intercambio');
    await setStatus(actors.superUser, publication._id, { status: 1 });

    const image = publication.files[0]?.url ?? '';
    for (const title of ['Ropa para intercambio, talle M', 'Ropa para intercambio, talle L']) {
      const edited = await app.inject({
        method: 'PUT',
        url: `/api/publication/${publication._id}`,
        headers: actors.other.headers,
        payload: validForm('market', [image], { title }),
      });
      expect(edited.json<{ publication: { status: number } }>().publication.status).toBe(0);
    }
    const rows = await subject.database.db
      .selectFrom('notifications')
      .select(['user_id', 'title'])
      .where('link', '=', `/publications/${publication._id}`)
      .execute();
    const reviews = rows.filter((row) => row.title === 'Anuncio para revisar').map((row) => row.user_id);
    expect(reviews.sort()).toEqual([actors.superUser.id, secondSuperUser.id].sort());
    // The author's own change tells the author nothing.
    expect(rows.filter((row) => row.user_id === actors.other.id).map((row) => row.title)).toEqual([
      'Anuncio publicado',
    ]);
  });

  it('welcome after activation: one success notification, also when a reset link activates the account', async () => {
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: {
        name: 'Nora Paz',
        email: 'nora@example.com',
        password: 'reciclar-123',
        passwordConfirmation: 'reciclar-123',
      },
    });
    expect(signUp.statusCode).toBe(201);
    const activationMail = mailer.sent.find((mail) => mail.to === 'nora@example.com');
    const token = tokenOfLink(linksOfText(activationMail?.text ?? ''), '/auth/new/');
    const user = await subject.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'nora@example.com')
      .executeTakeFirstOrThrow();
    expect(await notificationsOf(user.id)).toEqual([]);

    expect((await app.inject({ method: 'POST', url: `/api/signup/${token}/activation` })).statusCode).toBe(
      200,
    );
    expect(await notificationsOf(user.id)).toEqual([
      expect.objectContaining({
        title: '¡Te damos la bienvenida!',
        kind: 'success',
        from_user_id: null,
        link: '/publications/new',
        dedupe_key: 'welcome',
      }),
    ]);
    // A used link activates nothing more.
    expect((await app.inject({ method: 'POST', url: `/api/signup/${token}/activation` })).statusCode).toBe(
      400,
    );
    expect(await notificationsOf(user.id)).toHaveLength(1);

    // A pending account activated by a password reset is welcomed too; an active one resetting is not.
    const pending = await insertUser(subject.database.db, {
      email: 'pendiente@example.com',
      state: 'pending',
    });
    for (const email of ['pendiente@example.com', 'nora@example.com']) {
      mailer.sent.length = 0;
      await app.inject({ method: 'POST', url: '/api/reset', payload: { email } });
      const resetToken = tokenOfLink(linksOfText(mailer.sent[0]?.text ?? ''), '/auth/reset/');
      const reset = await app.inject({
        method: 'PUT',
        url: `/api/reset/${resetToken}/password`,
        payload: { password: 'otra-clave-1', passwordConfirmation: 'otra-clave-1' },
      });
      expect(reset.statusCode).toBe(200);
    }
    expect((await notificationsOf(pending.id)).map((row) => row.title)).toEqual(['¡Te damos la bienvenida!']);
    expect(await notificationsOf(user.id)).toHaveLength(1);
  });
});
