import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/modules/sessions/service.ts';
import { asClient, insertUser } from './helpers/accounts.ts';
import { createActors, storePublication, type Actor, type Actors } from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

type Call = { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> };

describe('the moderation desk API', () => {
  let subject: TestApp;
  let actors: Actors;
  let suspendedMember: Actor;
  let waiting: string;
  let live: string;

  const call = (request: Call, who?: Actor) =>
    subject.app.inject({ ...request, headers: who?.headers ?? {} });
  const member = async (email: string, name = 'Vecina Atenta'): Promise<Actor> => {
    const user = await insertUser(subject.database.db, { email, name });
    const { token } = await createSession(subject.database.db, user.id, 3_600_000);
    return { id: user.id, token, ...asClient(token) };
  };
  const publicTitles = async () =>
    (await call({ method: 'GET', url: '/api/publications' }))
      .json<{ publications: { title: string }[] }>()
      .publications.map((p) => p.title);

  beforeAll(async () => {
    subject = await createTestApp();
    actors = await createActors(subject.database.db);
    suspendedMember = await member('suspendida@example.com', 'Cuenta Suspendida');
    await subject.database.db
      .updateTable('users')
      .set({ is_active: 0, suspended_at: new Date().toISOString() })
      .where('id', '=', suspendedMember.id)
      .execute();
    waiting = await storePublication(subject.database.db, {
      title: 'Taller de huerta',
      status: 0,
      createdBy: actors.author.id,
      createdAt: '2026-01-01T10:00:00.000Z',
    });
    live = await storePublication(subject.database.db, {
      title: 'Bicicleta usada',
      createdBy: actors.author.id,
      createdAt: '2026-01-02T10:00:00.000Z',
    });
  });

  afterAll(async () => subject.dispose());

  it('authorization matrix: guests 401, members, authors and suspended members 403 (or 401), super users in', async () => {
    const routes: Call[] = [
      { method: 'GET', url: '/api/moderation/queue' },
      { method: 'GET', url: '/api/moderation/reports' },
      { method: 'GET', url: '/api/moderation/log' },
      { method: 'GET', url: '/api/moderation/suspended' },
      { method: 'POST', url: `/api/moderation/publications/${waiting}/publish`, payload: {} },
      {
        method: 'POST',
        url: `/api/moderation/publications/${waiting}/review`,
        payload: { reason: 'Faltan fotos reales' },
      },
      {
        method: 'POST',
        url: `/api/moderation/publications/${live}/unpublish`,
        payload: { reason: 'Producto prohibido' },
      },
      {
        method: 'POST',
        url: '/api/moderation/reports/dismiss',
        payload: { targetType: 'publication', targetId: live },
      },
      {
        method: 'POST',
        url: `/api/moderation/users/${actors.other.id}/suspend`,
        payload: { reason: 'Estafas repetidas' },
      },
      { method: 'POST', url: `/api/moderation/users/${actors.other.id}/reinstate`, payload: {} },
    ];
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      expect((await call(route)).statusCode, label).toBe(401);
      expect((await call(route, actors.author)).statusCode, label).toBe(403);
      expect((await call(route, actors.other)).statusCode, label).toBe(403);
      // A suspended member's sessions are not valid: they are a guest.
      expect((await call(route, suspendedMember)).statusCode, label).toBe(401);
      const forbidden = await call(route, actors.other);
      expect(forbidden.json()).toMatchObject({
        message: 'Las credenciales para ver esta información son incorrectas',
      });
    }
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const response = await call(route, actors.superUser);
      expect(response.statusCode, route.url).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('lists waiting publications oldest first with the captcha signal and the author history', async () => {
    await storePublication(subject.database.db, {
      title: 'Curso de reciclaje',
      status: 0,
      createdBy: actors.other.id,
      createdAt: '2026-01-03T10:00:00.000Z',
    });
    await subject.database.db
      .updateTable('publications')
      .set({ captcha_verified: 1 })
      .where('id', '=', waiting)
      .execute();
    const page = (await call({ method: 'GET', url: '/api/moderation/queue' }, actors.superUser)).json<{
      items: {
        publication: { title: string };
        captchaVerified: boolean | null;
        author: Record<string, unknown>;
      }[];
      total: number;
    }>();
    expect(page.total).toBe(2);
    expect(page.items.map((item) => item.publication.title)).toEqual([
      'Taller de huerta',
      'Curso de reciclaje',
    ]);
    expect(page.items[0]).toMatchObject({
      captchaVerified: true,
      author: { id: actors.author.id, name: 'Ana Autora', published: 1, pending: 1, upheldReports: 0 },
    });
    expect(page.items[1]!.captchaVerified).toBeNull();
  });

  it('groups open reports by target, most reported first', async () => {
    const reporters = await Promise.all([1, 2].map((n) => member(`denuncia${n}@example.com`)));
    for (const who of reporters) {
      await call(
        {
          method: 'POST',
          url: '/api/reports',
          payload: { targetType: 'publication', targetId: live, reason: 'estafa' },
        },
        who,
      );
    }
    await call(
      {
        method: 'POST',
        url: '/api/reports',
        payload: {
          targetType: 'user',
          targetId: actors.other.id,
          reason: 'otro',
          comment: 'Insulta en los mensajes',
        },
      },
      reporters[0],
    );
    const page = (await call({ method: 'GET', url: '/api/moderation/reports' }, actors.superUser)).json<{
      items: {
        targetType: string;
        label: string;
        openReports: number;
        reports: { reporter: string; comment: string | null }[];
      }[];
    }>();
    expect(page.items.map((item) => [item.targetType, item.label, item.openReports])).toEqual([
      ['publication', 'Bicicleta usada', 2],
      ['user', 'Otro Usuario', 1],
    ]);
    expect(page.items[1]!.reports).toEqual([
      expect.objectContaining({ reporter: 'member', comment: 'Insulta en los mensajes' }),
    ]);
    expect(JSON.stringify(page)).not.toContain('denuncia1@example.com');
  });

  it('publishes, sends back to review with a reason, unpublishes and dismisses, logging each decision', async () => {
    const su = actors.superUser;
    const noReason = await call(
      { method: 'POST', url: `/api/moderation/publications/${waiting}/review`, payload: {} },
      su,
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ message: string }>().message).toContain('El motivo es obligatorio');

    expect(
      (
        await call(
          { method: 'POST', url: `/api/moderation/publications/${waiting}/publish`, payload: {} },
          su,
        )
      ).statusCode,
    ).toBe(200);
    expect(await publicTitles()).toContain('Taller de huerta');
    expect(
      (
        await call(
          { method: 'POST', url: `/api/moderation/publications/${waiting}/publish`, payload: {} },
          su,
        )
      ).statusCode,
    ).toBe(409);

    const review = await call(
      {
        method: 'POST',
        url: `/api/moderation/publications/${waiting}/review`,
        payload: { reason: 'Faltan el horario y el lugar' },
      },
      su,
    );
    expect(review.statusCode).toBe(200);
    expect(await publicTitles()).not.toContain('Taller de huerta');
    const note = await subject.database.db
      .selectFrom('publications')
      .select('review_note')
      .where('id', '=', waiting)
      .executeTakeFirstOrThrow();
    expect(note.review_note).toBe('Faltan el horario y el lugar');
    const mine = await call({ method: 'GET', url: '/api/my-publications' }, actors.author);
    const own = mine.json<{ publications: { _id: string; reviewNote?: string | null }[] }>().publications;
    expect(own.find((publication) => publication._id === waiting)?.reviewNote).toBe(
      'Faltan el horario y el lugar',
    );
    const detail = await call({ method: 'GET', url: `/api/publication/${waiting}` }, actors.author);
    expect(detail.json()).toMatchObject({ publication: { reviewNote: 'Faltan el horario y el lugar' } });
    const otherView = await call({ method: 'GET', url: `/api/publication/${live}` }, actors.other);
    expect(otherView.json<{ publication: Record<string, unknown> }>().publication).not.toHaveProperty(
      'reviewNote',
    );

    expect(
      (
        await call(
          {
            method: 'POST',
            url: `/api/moderation/publications/${live}/unpublish`,
            payload: { reason: 'Venta de animales silvestres' },
          },
          su,
        )
      ).statusCode,
    ).toBe(200);
    expect(await publicTitles()).not.toContain('Bicicleta usada');
    // Its reports were upheld by the unpublishing: nothing left to dismiss.
    const dismissNothing = await call(
      {
        method: 'POST',
        url: '/api/moderation/reports/dismiss',
        payload: { targetType: 'publication', targetId: live },
      },
      su,
    );
    expect(dismissNothing.statusCode).toBe(409);
    expect(
      (
        await call(
          {
            method: 'POST',
            url: '/api/moderation/reports/dismiss',
            payload: { targetType: 'user', targetId: actors.other.id, reason: 'Sin pruebas' },
          },
          su,
        )
      ).statusCode,
    ).toBe(200);

    const log = (await call({ method: 'GET', url: '/api/moderation/log?pageSize=3' }, su)).json<{
      items: { action: string; actor: { name: string }; targetLabel: string; reason: string | null }[];
      total: number;
      nextPage: number | null;
    }>();
    expect(log.total).toBe(4);
    expect(log.nextPage).toBe(2);
    expect(log.items.map((item) => [item.action, item.targetLabel, item.reason])).toEqual([
      ['dismiss_reports', 'Otro Usuario', 'Sin pruebas'],
      ['unpublish', 'Bicicleta usada', 'Venta de animales silvestres'],
      ['send_to_review', 'Taller de huerta', 'Faltan el horario y el lugar'],
    ]);
    expect(log.items[0]!.actor.name).toBe('Super Usuaria');
    expect(
      (await call({ method: 'GET', url: '/api/moderation/log?page=2&pageSize=3' }, su)).json<{
        items: unknown[];
      }>().items,
    ).toHaveLength(1);
  });

  it('a dismissed report restores a publication the reports had hidden', async () => {
    const id = await storePublication(subject.database.db, {
      title: 'Frascos de vidrio',
      createdBy: actors.author.id,
      createdAt: new Date().toISOString(),
    });
    const reporters = await Promise.all([1, 2, 3].map((n) => member(`ocultar${n}@example.com`)));
    for (const who of reporters) {
      await call(
        {
          method: 'POST',
          url: '/api/reports',
          payload: { targetType: 'publication', targetId: id, reason: 'spam' },
        },
        who,
      );
    }
    expect(await publicTitles()).not.toContain('Frascos de vidrio');
    const dismissed = await call(
      {
        method: 'POST',
        url: '/api/moderation/reports/dismiss',
        payload: { targetType: 'publication', targetId: id },
      },
      actors.superUser,
    );
    expect(dismissed.statusCode).toBe(200);
    expect(await publicTitles()).toContain('Frascos de vidrio');
  });

  it('suspends a member: no sign-in, sessions end at once, publications and profile leave the public; then reinstates', async () => {
    const su = actors.superUser;
    const victim = await member('suspender@example.com', 'Vende Humo');
    await storePublication(subject.database.db, {
      title: 'Paneles milagrosos',
      createdBy: victim.id,
      createdAt: new Date().toISOString(),
    });
    expect(await publicTitles()).toContain('Paneles milagrosos');

    const self = await call(
      { method: 'POST', url: `/api/moderation/users/${su.id}/suspend`, payload: { reason: 'Prueba de mí' } },
      su,
    );
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: 'No puedes suspender tu propia cuenta.' });
    const otherSuper = await insertUser(subject.database.db, {
      email: 'otra.admin@example.com',
      isSuperUser: true,
    });
    const peer = await call(
      {
        method: 'POST',
        url: `/api/moderation/users/${otherSuper.id}/suspend`,
        payload: { reason: 'Desacuerdo' },
      },
      su,
    );
    expect(peer.statusCode).toBe(403);
    expect(peer.json()).toMatchObject({ message: 'No puedes suspender a otro superusuario.' });
    expect(
      (
        await call(
          {
            method: 'POST',
            url: '/api/moderation/users/no-existe/suspend',
            payload: { reason: 'Estafas repetidas' },
          },
          su,
        )
      ).statusCode,
    ).toBe(404);

    expect((await call({ method: 'GET', url: '/api/me' }, victim)).statusCode).toBe(200);
    expect(
      (
        await call(
          {
            method: 'POST',
            url: `/api/moderation/users/${victim.id}/suspend`,
            payload: { reason: 'Estafas repetidas' },
          },
          su,
        )
      ).statusCode,
    ).toBe(200);
    expect((await call({ method: 'GET', url: '/api/me' }, victim)).statusCode).toBe(401);
    const signIn = await subject.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: 'suspender@example.com', password: 'clave-secreta' },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
    expect(await publicTitles()).not.toContain('Paneles milagrosos');
    expect((await call({ method: 'GET', url: `/api/user/${victim.id}` })).statusCode).toBe(404);
    const suspended = (await call({ method: 'GET', url: '/api/moderation/suspended' }, su)).json<{
      items: { id: string }[];
    }>();
    expect(suspended.items.map((item) => item.id)).toContain(victim.id);
    expect(
      (
        await call(
          {
            method: 'POST',
            url: `/api/moderation/users/${victim.id}/suspend`,
            payload: { reason: 'Estafas repetidas' },
          },
          su,
        )
      ).statusCode,
    ).toBe(409);

    expect(
      (await call({ method: 'POST', url: `/api/moderation/users/${victim.id}/reinstate`, payload: {} }, su))
        .statusCode,
    ).toBe(200);
    expect(await publicTitles()).toContain('Paneles milagrosos');
    expect((await call({ method: 'GET', url: `/api/user/${victim.id}` })).statusCode).toBe(200);
    const again = await subject.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: 'suspender@example.com', password: 'clave-secreta' },
    });
    expect(again.statusCode).toBe(200);
    expect(
      (await call({ method: 'POST', url: `/api/moderation/users/${victim.id}/reinstate`, payload: {} }, su))
        .statusCode,
    ).toBe(409);
  });

  it('tells the author and the member reporters the outcome, never who reported', async () => {
    const id = await storePublication(subject.database.db, {
      title: 'Aceite usado',
      createdBy: actors.author.id,
      createdAt: new Date().toISOString(),
    });
    const reporters = await Promise.all([
      member('avisa1@example.com', 'Rita Denunciante'),
      member('avisa2@example.com', 'Raúl Denunciante'),
    ]);
    for (const who of reporters) {
      await call(
        {
          method: 'POST',
          url: '/api/reports',
          payload: { targetType: 'publication', targetId: id, reason: 'prohibido' },
        },
        who,
      );
    }
    const unpublished = await call(
      {
        method: 'POST',
        url: `/api/moderation/publications/${id}/unpublish`,
        payload: { reason: 'Venta de residuos peligrosos' },
      },
      actors.superUser,
    );
    expect(unpublished.statusCode).toBe(200);
    const notices = await subject.database.db
      .selectFrom('notifications')
      .select(['user_id', 'title', 'message', 'link'])
      .where('message', 'like', '%Aceite usado%')
      .execute();
    const forAuthor = notices.filter((notice) => notice.user_id === actors.author.id);
    expect(forAuthor).toEqual([
      {
        user_id: actors.author.id,
        title: 'Tu anuncio no está publicado',
        message: 'Retiramos «Aceite usado»: Venta de residuos peligrosos.',
        link: '/dashboard/publications',
      },
    ]);
    for (const who of reporters) {
      expect(notices.filter((notice) => notice.user_id === who.id)).toEqual([
        {
          user_id: who.id,
          title: 'Revisamos tu denuncia',
          message: 'Gracias: revisamos «Aceite usado» y tomamos medidas.',
          link: null,
        },
      ]);
    }
    expect(JSON.stringify(notices)).not.toMatch(/Denunciante|Super Usuaria/);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await subject.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    for (const path of [
      '/api/reports',
      '/api/captcha/challenge',
      '/api/moderation/queue',
      '/api/moderation/users/{id}/suspend',
      '/api/moderation/log',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
