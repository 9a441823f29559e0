import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/modules/sessions/service.ts';
import { asClient, insertUser, PUBLIC_URL, recordingMailer } from './helpers/accounts.ts';
import {
  createActors,
  createPublication,
  mediaFileExists,
  uploadImage,
  validForm,
  type Actor,
  type Actors,
} from './helpers/publications.ts';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.ts';

const HOUR_MS = 3_600_000;
const UNAUTHORIZED = { statusCode: 401, error: 'Unauthorized', message: 'Necesita autorización' };

describe('my data: export and account deletion', () => {
  let subject: TestApp;
  let actors: Actors;

  beforeAll(async () => {
    subject = await createTestApp({ mailer: recordingMailer() });
    actors = await createActors(subject.database.db);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  /** A member of their own for the deletion tests, signed in, with a picture and two publications with images. */
  async function member(email: string, isSuperUser = false): Promise<Actor & { images: string[] }> {
    const { db } = subject.database;
    const user = await insertUser(db, { email, name: 'Dora Datos', isSuperUser });
    const { token } = await createSession(db, user.id, HOUR_MS);
    const who: Actor = { id: user.id, token, ...asClient(token) };
    const picture = await uploadImage(subject.app, who);
    await db
      .updateTable('users')
      .set({ picture_url: picture.url, phone: '5493510000001', location_address: 'Calle Falsa 123' })
      .where('id', '=', user.id)
      .execute();
    const first = await uploadImage(subject.app, who);
    const second = await uploadImage(subject.app, who);
    await createPublication(subject.app, who, validForm('market', [first.url], { title: 'Frascos únicos' }));
    await createPublication(subject.app, who, validForm('barter', [second.url]));
    const images = [picture, first, second].flatMap((image) => [image.url, image.thumbnailUrl]);
    return { ...who, images };
  }

  const exportOf = (headers: Record<string, string> = {}) =>
    subject.app.inject({ method: 'GET', url: '/api/me/export', headers });
  const deleteMe = (headers: Record<string, string>, payload: unknown = { password: 'clave-secreta' }) =>
    subject.app.inject({ method: 'DELETE', url: '/api/me', headers, payload: payload as object });

  it('refuses guests', async () => {
    expect((await exportOf()).json()).toEqual(UNAUTHORIZED);
    const deleted = await deleteMe({});
    expect(deleted.statusCode).toBe(401);
    expect(deleted.json()).toEqual(UNAUTHORIZED);
  });

  it('gives the member a JSON file with everything about them, and never a hash, a token or another member', async () => {
    const image = await uploadImage(subject.app, actors.author);
    await createPublication(
      subject.app,
      actors.author,
      validForm('market', [image.url], { title: 'Bolsas de tela' }),
    );
    const theirs = await uploadImage(subject.app, actors.other);
    await createPublication(
      subject.app,
      actors.other,
      validForm('market', [theirs.url], { title: 'Cosa del otro usuario' }),
    );

    const response = await exportOf(actors.author.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="ecoanuncios-mis-datos-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const data = response.json<Record<string, unknown>>();
    expect(Object.keys(data)).toEqual([
      'exportedAt',
      'site',
      'account',
      'profile',
      'publications',
      'uploads',
      'sessions',
      'ratings',
      'notifications',
      'sellerAccount',
      'orders',
      'contacts',
      'reports',
      'favorites',
      'interests',
    ]);
    expect(data.account).toMatchObject({
      id: actors.author.id,
      email: 'autora@example.com',
      isSuperUser: false,
    });
    expect(data.profile).toMatchObject({ name: 'Ana Autora', phone: '5493510000000' });
    const publications = data.publications as {
      title: string;
      images: { url: string; thumbnailUrl: string }[];
    }[];
    expect(publications.map((publication) => publication.title)).toEqual(['Bolsas de tela']);
    expect(publications[0]?.images).toEqual([
      { url: `${PUBLIC_URL}${image.url}`, thumbnailUrl: `${PUBLIC_URL}${image.thumbnailUrl}` },
    ]);
    expect(data.uploads).toEqual([{ url: `${PUBLIC_URL}${image.url}`, uploadedAt: expect.any(String) }]);
    expect(data.sessions).toEqual([{ startedAt: expect.any(String), expiresAt: expect.any(String) }]);

    const text = response.body;
    const row = await subject.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', actors.author.id)
      .executeTakeFirstOrThrow();
    expect(text).not.toContain(row.password_hash);
    expect(text).not.toContain(actors.author.token);
    expect(text).not.toMatch(/password|token_hash|argon2/i);
    expect(text).not.toContain('Cosa del otro usuario');
    expect(text).not.toContain('otro@example.com');
  });

  it('exports the own data of other members and super users too', async () => {
    for (const who of [actors.other, actors.superUser]) {
      const data = (await exportOf(who.headers)).json<{ account: { id: string } }>();
      expect(data.account.id).toBe(who.id);
    }
  });

  it('asks for the right password before deleting, in Spanish', async () => {
    const dora = await member('dora.clave@example.com');
    const wrong = await deleteMe(dora.headers, { password: 'no-es-esta' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'La contraseña es incorrecta' });
    const missing = await deleteMe(dora.headers, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/contraseña/);
    expect((await exportOf(dora.headers)).statusCode).toBe(200);
  });

  it('deletes the account, its profile, publications, images and sessions; the e-mail can sign up again', async () => {
    const { db } = subject.database;
    const dora = await member('dora@example.com');
    const second = await createSession(db, dora.id, HOUR_MS);
    for (const url of dora.images) expect(await mediaFileExists(subject, url)).toBe(true);

    const deleted = await deleteMe(dora.headers);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Tu cuenta y todos tus datos fueron eliminados.' });
    expect(deleted.headers['set-cookie']).toMatch(/eco_session=;/);

    for (const url of dora.images) expect(await mediaFileExists(subject, url)).toBe(false);
    for (const table of ['users', 'sessions', 'uploads', 'user_tokens'] as const) {
      const column = table === 'users' ? 'id' : 'user_id';
      const rows = await db.selectFrom(table).select(column).where(column, '=', dora.id).execute();
      expect(rows, table).toEqual([]);
    }
    expect(
      await db.selectFrom('publications').select('id').where('created_by', '=', dora.id).execute(),
    ).toEqual([]);
    expect((await subject.app.inject({ method: 'GET', url: `/api/user/${dora.id}` })).statusCode).toBe(404);
    const search = await subject.app.inject({ method: 'GET', url: '/api/publications?term=frascos' });
    expect(search.json<{ total: number }>().total).toBe(0);
    for (const token of [dora.token, second.token]) {
      expect((await exportOf(asClient(token).headers)).statusCode).toBe(401);
    }

    const again = await subject.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: {
        name: 'Dora',
        email: 'dora@example.com',
        password: 'otra-clave',
        passwordConfirmation: 'otra-clave',
      },
    });
    expect(again.statusCode).toBe(201);
    const fresh = await db.selectFrom('users').select('id').where('email', '=', 'dora@example.com').execute();
    expect(fresh).toHaveLength(1);
    expect(fresh[0]?.id).not.toBe(dora.id);
  });

  it('exports ratings and notifications; deleting takes back the ratings given and recomputes the average', async () => {
    const eva = await member('eva.califica@example.com');
    const rate = (who: { headers: Record<string, string> }, rating: number) =>
      subject.app.inject({
        method: 'POST',
        url: `/api/user/${actors.other.id}/qualifications`,
        headers: who.headers,
        payload: { rating, comment: 'Trato muy amable y puntual' },
      });
    expect((await rate(eva, 5)).statusCode).toBe(201);
    expect((await rate(actors.author, 1)).statusCode).toBe(201);
    const summary = async () =>
      (await subject.app.inject({ method: 'GET', url: `/api/user/${actors.other.id}` })).json<{
        userRatingData: { qualificationAvg: number | null; count: number };
      }>().userRatingData;
    expect(await summary()).toMatchObject({ qualificationAvg: 3, count: 2 });

    const evaData = (await exportOf(eva.headers)).json<{ ratings: { given: { rating: number }[] } }>();
    expect(evaData.ratings.given).toEqual([expect.objectContaining({ rating: 5 })]);
    const rated = (await exportOf(actors.other.headers)).json<{
      ratings: { received: unknown[] };
      notifications: { title: string }[];
    }>();
    expect(rated.ratings.received).toHaveLength(2);
    expect(rated.notifications.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(rated)).not.toContain('eva.califica@example.com');

    expect((await deleteMe(eva.headers)).statusCode).toBe(200);
    expect(await summary()).toMatchObject({ qualificationAvg: 1, count: 1 });
  });

  it("leaves everybody else's data alone", async () => {
    const { db } = subject.database;
    const before = await exportOf(actors.author.headers);
    const dora = await member('dora.sola@example.com');
    expect((await deleteMe(dora.headers)).statusCode).toBe(200);
    const after = await exportOf(actors.author.headers);
    const strip = (body: string) => {
      const { exportedAt: _a, ...rest } = JSON.parse(body) as Record<string, unknown>;
      return rest;
    };
    expect(strip(after.body)).toEqual(strip(before.body));
    expect(
      await db.selectFrom('users').select('id').where('id', '=', actors.other.id).execute(),
    ).toHaveLength(1);
  });

  it('lets a super user leave only when another super user remains', async () => {
    const only = await subject.database.db
      .updateTable('users')
      .set({ is_super_user: 0 })
      .where('id', '=', actors.superUser.id)
      .execute();
    expect(only).toBeDefined();
    const boss = await member('jefa@example.com', true);
    const refused = await deleteMe(boss.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Eres el único superusuario. Nombra a otro superusuario antes de eliminar tu cuenta.',
    });
    await subject.database.db
      .updateTable('users')
      .set({ is_super_user: 1 })
      .where('id', '=', actors.superUser.id)
      .execute();
    expect((await deleteMe(boss.headers)).statusCode).toBe(200);
  });

  it('refuses a deactivated member, whose sessions no longer count', async () => {
    const dora = await member('dora.inactiva@example.com');
    await subject.database.db.updateTable('users').set({ is_active: 0 }).where('id', '=', dora.id).execute();
    expect((await exportOf(dora.headers)).statusCode).toBe(401);
    expect((await deleteMe(dora.headers)).statusCode).toBe(401);
  });

  it('keeps every file when the deletion does not commit', async () => {
    const { db } = subject.database;
    const dora = await member('dora.falla@example.com');
    // The database refuses to delete users, as a lost connection or a constraint would.
    if (testDialect === 'sqlite') {
      await sql`create trigger refuse_user_delete before delete on users begin select raise(abort, 'refused'); end`.execute(
        db,
      );
    } else {
      await sql`create function refuse_user_delete() returns trigger language plpgsql as $$
        begin raise exception 'refused'; end $$`.execute(db);
      await sql`create trigger refuse_user_delete before delete on users
        for each row execute function refuse_user_delete()`.execute(db);
    }
    try {
      const failed = await deleteMe(dora.headers);
      expect(failed.statusCode).toBe(500);
    } finally {
      await sql`drop trigger refuse_user_delete${sql.raw(testDialect === 'postgres' ? ' on users' : '')}`.execute(
        db,
      );
    }
    for (const url of dora.images) expect(await mediaFileExists(subject, url)).toBe(true);
    expect(
      await db.selectFrom('publications').select('id').where('created_by', '=', dora.id).execute(),
    ).toHaveLength(2);
    expect((await exportOf(dora.headers)).statusCode).toBe(200);
  });
});
