import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asBrowser, insertUser, recordingMailer, type RecordingMailer } from './helpers/accounts.ts';
import {
  createActors,
  storePublication,
  minutesAfter,
  type Actor,
  type Actors,
} from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createSession } from '../src/modules/sessions/service.ts';

type QualificationBody = {
  _id: string;
  toUserId: string;
  rating: number;
  comment: string | null;
  fromUser: { _id: string; name: string; pictureUrl: string | null };
  createdAt: string;
  updatedAt: string;
};

const UNAUTHORIZED = { statusCode: 401, error: 'Unauthorized', message: 'Necesita autorización' };

function qualificationOf(response: LightMyRequestResponse): QualificationBody {
  if (response.statusCode >= 300)
    throw new Error(`Expected a qualification: ${response.statusCode} ${response.body}`);
  return response.json<{ qualification: QualificationBody }>().qualification;
}

function messageOf(response: LightMyRequestResponse): string {
  return response.json<{ message: string }>().message;
}

describe('ratings', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  let actors: Actors;
  let rater: Actor;

  async function rate(who: Actor | undefined, toUserId: string, payload: Record<string, unknown>) {
    return app.inject({
      method: 'POST',
      url: `/api/user/${toUserId}/qualifications`,
      headers: who?.headers,
      payload,
    });
  }

  async function edit(who: Actor | undefined, toUserId: string, payload: Record<string, unknown>) {
    return app.inject({
      method: 'PUT',
      url: `/api/user/${toUserId}/qualification`,
      headers: who?.headers,
      payload,
    });
  }

  async function notificationsOf(userId: string) {
    return subject.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  async function newActor(email: string, name: string): Promise<Actor> {
    const user = await insertUser(subject.database.db, { email, name });
    const { token } = await createSession(subject.database.db, user.id, 3_600_000);
    return { id: user.id, token, headers: { authorization: `Bearer ${token}` } };
  }

  beforeAll(async () => {
    mailer = recordingMailer();
    subject = await createTestApp({ mailer });
    app = subject.app;
    actors = await createActors(subject.database.db);
    rater = await newActor('rater@example.com', 'Ana');
  });

  afterAll(async () => {
    await subject.dispose();
  });

  beforeEach(() => {
    mailer.sent.length = 0;
  });

  it('creates a rating, notifies the rated member once and fills the profile summary', async () => {
    const target = await newActor('target1@example.com', 'Berta');
    const response = await rate(rater, target.id, { rating: 4, comment: '  Muy amable y puntual  ' });

    expect(response.statusCode).toBe(201);
    const qualification = qualificationOf(response);
    expect(qualification).toMatchObject({
      toUserId: target.id,
      rating: 4,
      comment: 'Muy amable y puntual',
      fromUser: { _id: rater.id, name: 'Ana', pictureUrl: null },
    });
    expect(qualification.createdAt).toBe(qualification.updatedAt);

    const notifications = await notificationsOf(target.id);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      title: 'Nueva calificación',
      message: 'Ana te calificó con 4 estrellas',
      kind: 'info',
      from_user_id: rater.id,
      link: `/users/${target.id}`,
      read_at: null,
    });

    const profile = await app.inject({ method: 'GET', url: `/api/user/${target.id}` });
    expect(profile.json()).toMatchObject({
      user: { _id: target.id },
      userRatingData: {
        qualificationAvg: 4,
        count: 1,
        distribution: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 0 },
      },
    });
  });

  it('averages with one decimal, counts the distribution and lists newest first, paged', async () => {
    const target = await newActor('target2@example.com', 'Carla');
    const stars = [5, 4, 4, 2, 5, 5, 1];
    const raters: Actor[] = [];
    for (const [index, rating] of stars.entries()) {
      const who = await newActor(`avg${index}@example.com`, `Persona ${index}`);
      raters.push(who);
      expect((await rate(who, target.id, { rating })).statusCode).toBe(201);
    }

    const profile = await app.inject({ method: 'GET', url: `/api/user/${target.id}` });
    // 26 / 7 = 3.714…
    expect(profile.json()).toMatchObject({
      userRatingData: {
        qualificationAvg: 3.7,
        count: 7,
        distribution: { '1': 1, '2': 1, '3': 0, '4': 2, '5': 3 },
      },
    });

    const first = await app.inject({
      method: 'GET',
      url: `/api/user/${target.id}/qualifications?pageSize=3`,
    });
    expect(first.statusCode).toBe(200);
    const page = first.json<{
      qualifications: QualificationBody[];
      total: number;
      totalPages: number;
      nextPage: number | null;
    }>();
    expect(page).toMatchObject({ total: 7, totalPages: 3, nextPage: 2 });
    expect(page.qualifications.map((item) => item.fromUser.name)).toEqual([
      'Persona 6',
      'Persona 5',
      'Persona 4',
    ]);

    const last = await app.inject({
      method: 'GET',
      url: `/api/user/${target.id}/qualifications?page=3&pageSize=3`,
    });
    expect(last.json()).toMatchObject({ total: 7, totalPages: 3, nextPage: null });
    expect(last.json<{ qualifications: unknown[] }>().qualifications).toHaveLength(1);

    const defaults = await app.inject({ method: 'GET', url: `/api/user/${target.id}/qualifications` });
    expect(defaults.json<{ qualifications: unknown[] }>().qualifications).toHaveLength(6);

    // Editing moves the average at once.
    const mine = qualificationOf(
      await app.inject({
        method: 'GET',
        url: `/api/user/${target.id}/my-qualification`,
        headers: raters[6]?.headers,
      }),
    );
    expect((await edit(raters[6], target.id, { _id: mine._id, rating: 5 })).statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: `/api/user/${target.id}` });
    // 30 / 7 = 4.285…
    expect(after.json()).toMatchObject({
      userRatingData: { qualificationAvg: 4.3, count: 7, distribution: { '1': 0, '5': 4 } },
    });
  });

  it('answers null and zeros for a member nobody rated, and 404 for unknown or inactive members', async () => {
    const fresh = await newActor('fresh@example.com', 'Dora');
    const profile = await app.inject({ method: 'GET', url: `/api/user/${fresh.id}` });
    expect(profile.json()).toMatchObject({
      userRatingData: {
        qualificationAvg: null,
        count: 0,
        distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
      },
    });
    const empty = await app.inject({ method: 'GET', url: `/api/user/${fresh.id}/qualifications` });
    expect(empty.json()).toEqual({ qualifications: [], total: 0, totalPages: 0, nextPage: null });

    const pending = await insertUser(subject.database.db, { email: 'pending@example.com', state: 'pending' });
    for (const url of [`/api/user/${pending.id}/qualifications`, '/api/user/nadie/qualifications']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(messageOf(response)).toBe('El usuario no existe');
    }
    const rated = await rate(rater, pending.id, { rating: 3 });
    expect(rated.statusCode).toBe(404);
  });

  it('validates stars and comment with the form messages, and saves nothing then', async () => {
    const target = await newActor('target3@example.com', 'Elena');
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'La calificación es obligatoria'],
      [{ rating: 0 }, 'La calificación es obligatoria'],
      [{ rating: 6 }, 'La calificación debe estar entre 1 y 5'],
      [{ rating: 3.5 }, 'La calificación debe ser un número entero'],
      [{ rating: 'muchas' }, 'La calificación debe ser un número'],
      [{ rating: 4, comment: 'corto' }, 'El comentario es demasiado corto (min: 6)'],
      [{ rating: 4, comment: 'x'.repeat(301) }, 'El comentario es demasiado largo (max: 300)'],
    ];
    for (const [payload, message] of cases) {
      const response = await rate(rater, target.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(messageOf(response)).toContain(message);
    }
    expect(await notificationsOf(target.id)).toEqual([]);
    const ok = await rate(rater, target.id, { rating: 5, comment: '' });
    expect(qualificationOf(ok).comment).toBeNull();
    const long = await rate(await newActor('long@example.com', 'Larga'), target.id, {
      rating: 5,
      comment: 'x'.repeat(300),
    });
    expect(long.statusCode).toBe(201);
  });

  it('refuses rating oneself (400) and a second rating of the same member (409), notifying nobody', async () => {
    const target = await newActor('target4@example.com', 'Flor');
    const self = await rate(target, target.id, { rating: 5 });
    expect(self.statusCode).toBe(400);
    expect(messageOf(self)).toBe('No puedes calificarte a ti mismo');
    expect(await notificationsOf(target.id)).toEqual([]);

    expect((await rate(rater, target.id, { rating: 3 })).statusCode).toBe(201);
    const again = await rate(rater, target.id, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe('Ya calificaste a este usuario. Puedes editar tu calificación.');
    expect(await notificationsOf(target.id)).toHaveLength(1);
    const profile = await app.inject({ method: 'GET', url: `/api/user/${target.id}` });
    expect(profile.json()).toMatchObject({ userRatingData: { qualificationAvg: 3, count: 1 } });
  });

  it('edits only with a change: one notification per change, none for the same values', async () => {
    const target = await newActor('target5@example.com', 'Gabi');
    const created = qualificationOf(await rate(rater, target.id, { rating: 2, comment: 'Llegó tarde' }));

    const same = await edit(rater, target.id, { _id: created._id, rating: 2, comment: 'Llegó tarde' });
    expect(qualificationOf(same).updatedAt).toBe(created.updatedAt);
    expect(await notificationsOf(target.id)).toHaveLength(1);

    const changed = qualificationOf(
      await edit(rater, target.id, { _id: created._id, rating: 1, comment: null }),
    );
    expect(changed).toMatchObject({
      _id: created._id,
      rating: 1,
      comment: null,
      createdAt: created.createdAt,
    });
    expect(changed.updatedAt > created.updatedAt).toBe(true);
    const notifications = await notificationsOf(target.id);
    expect(notifications).toHaveLength(2);
    expect(notifications[1]).toMatchObject({
      title: 'Calificación actualizada',
      message: 'Ana cambió su calificación: ahora te da 1 estrella',
      kind: 'info',
      from_user_id: rater.id,
    });
  });

  it("answers the caller's own rating, or 404 before they rated", async () => {
    const target = await newActor('target6@example.com', 'Hilda');
    const before = await app.inject({
      method: 'GET',
      url: `/api/user/${target.id}/my-qualification`,
      headers: rater.headers,
    });
    expect(before.statusCode).toBe(404);
    expect(messageOf(before)).toBe('Todavía no calificaste a este usuario');
    const created = qualificationOf(await rate(rater, target.id, { rating: 5, comment: 'Excelente trato' }));
    const mine = await app.inject({
      method: 'GET',
      url: `/api/user/${target.id}/my-qualification`,
      headers: rater.headers,
    });
    expect(qualificationOf(mine)).toEqual(created);
    expect(mine.headers['cache-control']).toBe('no-store');
  });

  describe('authorization matrix', () => {
    let target: Actor;
    let owned: QualificationBody;

    beforeAll(async () => {
      target = actors.author;
      owned = qualificationOf(await rate(actors.other, target.id, { rating: 4 }));
    });

    it('guests: 401 on my-qualification, create and edit; the list is public', async () => {
      const responses = [
        await app.inject({ method: 'GET', url: `/api/user/${target.id}/my-qualification` }),
        await rate(undefined, target.id, { rating: 5 }),
        await edit(undefined, target.id, { _id: owned._id, rating: 5 }),
      ];
      for (const response of responses) expect(response.json()).toEqual(UNAUTHORIZED);
      const list = await app.inject({ method: 'GET', url: `/api/user/${target.id}/qualifications` });
      expect(list.statusCode).toBe(200);
    });

    it('the owner of the rating edits it, also from the browser with the session cookie', async () => {
      const response = await app.inject({
        method: 'PUT',
        url: `/api/user/${target.id}/qualification`,
        ...asBrowser(actors.other.token),
        payload: { _id: owned._id, rating: 5, comment: 'Mejoró mucho' },
      });
      expect(qualificationOf(response)).toMatchObject({ rating: 5, comment: 'Mejoró mucho' });
    });

    it('another member and a super user may not edit it (403), nor through another profile (404)', async () => {
      for (const who of [actors.superUser, rater, target]) {
        const response = await edit(who, target.id, { _id: owned._id, rating: 1 });
        expect(response.statusCode).toBe(403);
        expect(messageOf(response)).toBe('Solo puedes modificar tu propia calificación');
      }
      const elsewhere = await edit(actors.other, actors.superUser.id, { _id: owned._id, rating: 1 });
      expect(elsewhere.statusCode).toBe(404);
      const unknown = await edit(actors.other, target.id, { _id: 'no-existe', rating: 1 });
      expect(unknown.statusCode).toBe(404);
      expect(messageOf(unknown)).toBe('La calificación no existe');
      const missing = await edit(actors.other, target.id, { rating: 1 });
      expect(missing.statusCode).toBe(400);
      expect(messageOf(missing)).toContain('Falta el identificador de la calificación (_id)');
      const stored = await app.inject({
        method: 'GET',
        url: `/api/user/${target.id}/my-qualification`,
        headers: actors.other.headers,
      });
      expect(qualificationOf(stored).rating).toBe(5);
    });

    it('a super user rates like any member, once', async () => {
      expect((await rate(actors.superUser, target.id, { rating: 3 })).statusCode).toBe(201);
      expect((await rate(actors.superUser, target.id, { rating: 3 })).statusCode).toBe(409);
    });

    it('a deactivated member cannot rate: their session is gone (401)', async () => {
      const gone = await newActor('gone@example.com', 'Ida');
      await subject.database.db
        .updateTable('users')
        .set({ is_active: 0 })
        .where('id', '=', gone.id)
        .execute();
      expect((await rate(gone, target.id, { rating: 1 })).json()).toEqual(UNAUTHORIZED);
    });
  });

  it('e-mails the rated member with the one-click unsubscribe headers, unless they turned e-mails off', async () => {
    const target = await newActor('target7@example.com', 'Juana');
    await rate(rater, target.id, { rating: 5, comment: 'Todo perfecto' });
    // Handed over before the answer.
    expect(mailer.sent).toHaveLength(1);
    const [message] = mailer.sent;
    expect(message).toMatchObject({ to: 'target7@example.com', subject: 'Ana te calificó' });
    expect(message?.text).toContain('Ana te calificó con 5 estrellas.');
    expect(message?.text).toContain('«Todo perfecto»');
    expect(message?.text).toContain(`http://localhost:3000/users/${target.id}`);
    expect(message?.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/unsubscribe\/[\w-]+\.[\w-]+>$/,
    );
    expect(message?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    mailer.sent.length = 0;
    const off = await app.inject({
      method: 'PUT',
      url: '/api/me',
      headers: target.headers,
      payload: { emailNotifications: false },
    });
    expect(off.statusCode).toBe(200);
    const other = await newActor('target7b@example.com', 'Kira');
    await rate(other, target.id, { rating: 4 });
    // The notification is made all the same; only the e-mail stays home.
    expect(await notificationsOf(target.id)).toHaveLength(2);
    expect(mailer.sent).toEqual([]);
  });

  it("shows each author's rating on the publications and filters them by author (published only)", async () => {
    const seller = await newActor('seller@example.com', 'Lola');
    const published = await storePublication(subject.database.db, {
      title: 'Frascos de vidrio',
      createdBy: seller.id,
      createdAt: minutesAfter(1),
    });
    await storePublication(subject.database.db, {
      title: 'En revisión',
      createdBy: seller.id,
      createdAt: minutesAfter(2),
      status: 0,
    });
    await storePublication(subject.database.db, {
      title: 'De otra persona',
      createdBy: rater.id,
      createdAt: minutesAfter(3),
    });

    const before = await app.inject({ method: 'GET', url: `/api/publication/${published}` });
    expect(before.json()).toMatchObject({
      publication: { createdBy: { _id: seller.id, rating: { qualificationAvg: null, count: 0 } } },
    });

    await rate(rater, seller.id, { rating: 5 });
    await rate(await newActor('buyer@example.com', 'Mora'), seller.id, { rating: 4 });

    const list = await app.inject({ method: 'GET', url: `/api/publications?author=${seller.id}` });
    expect(list.statusCode).toBe(200);
    const page = list.json<{
      publications: { title: string; createdBy: { rating: unknown } }[];
      total: number;
    }>();
    expect(page.total).toBe(1);
    expect(page.publications.map((item) => item.title)).toEqual(['Frascos de vidrio']);
    expect(page.publications[0]?.createdBy.rating).toEqual({ qualificationAvg: 4.5, count: 2 });

    const detail = await app.inject({ method: 'GET', url: `/api/publication/${published}` });
    expect(detail.json()).toMatchObject({
      publication: { createdBy: { rating: { qualificationAvg: 4.5, count: 2 } } },
    });
    const nobody = await app.inject({ method: 'GET', url: '/api/publications?author=nadie' });
    expect(nobody.json()).toMatchObject({ total: 0, publications: [] });
  });
});
