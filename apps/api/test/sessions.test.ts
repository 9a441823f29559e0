import { SESSION_COOKIE_NAME } from '@eco/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSession,
  deleteSession,
  findSession,
  hashToken,
  purgeExpiredSessions,
} from '../src/modules/sessions/service.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const HOUR = 3_600_000;

describe('sessions', () => {
  let subject: TestApp;
  let userId: string;

  beforeAll(async () => {
    subject = await createTestApp();
    subject.app.get('/test/whoami', async (request) => {
      const session = await request.getSession();
      // Asked twice on purpose: the session is resolved once per request.
      const again = await request.getSession();
      return session === null
        ? { signedIn: false }
        : {
            signedIn: true,
            sameObject: session === again,
            userId: session.user._id,
            email: session.user.email,
            isSuperUser: session.user.isSuperUser,
            expiresAt: session.expiresAt.toISOString(),
          };
    });
    const now = new Date().toISOString();
    userId = 'user-ana';
    await subject.database.db
      .insertInto('users')
      .values({
        id: userId,
        email: 'ana.perez@example.com',
        name: 'Ana Pérez',
        password_hash: 'not-used-here',
        is_super_user: 1,
        location_country: 'arg',
        created_at: now,
        updated_at: now,
      })
      .execute();
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('creates a random token and stores only its SHA-256', async () => {
    const { token, expiresAt } = await createSession(subject.database.db, userId, HOUR);
    const other = await createSession(subject.database.db, userId, HOUR);

    expect(token).toMatch(/^[\w-]{43}$/);
    expect(other.token).not.toBe(token);
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now());
    const rows = await subject.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((row) => row.token_hash)).toContain(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('finds the user of a valid token', async () => {
    const now = new Date('2026-01-10T12:00:00.000Z');
    const { token, expiresAt } = await createSession(subject.database.db, userId, HOUR, now);

    const found = await findSession(subject.database.db, token, new Date(now.getTime() + HOUR - 1));

    expect(expiresAt.toISOString()).toBe('2026-01-10T13:00:00.000Z');
    expect(found?.expiresAt.toISOString()).toBe('2026-01-10T13:00:00.000Z');
    expect(found?.user).toEqual({
      _id: userId,
      id: userId,
      name: 'Ana Pérez',
      email: 'ana.perez@example.com',
      pictureUrl: null,
      phone: null,
      isSuperUser: true,
      locationAddress: null,
      locationCountry: 'arg',
      locationProvince: null,
      locationCity: null,
    });
  });

  it('returns null once the session expired, for an unknown token, and after deletion', async () => {
    const now = new Date('2026-01-10T12:00:00.000Z');
    const { token } = await createSession(subject.database.db, userId, HOUR, now);

    expect(await findSession(subject.database.db, token, new Date(now.getTime() + HOUR))).toBeNull();
    expect(await findSession(subject.database.db, 'unknown-token')).toBeNull();
    expect(await findSession(subject.database.db, '')).toBeNull();

    const current = await createSession(subject.database.db, userId, HOUR);
    await deleteSession(subject.database.db, current.token);
    expect(await findSession(subject.database.db, current.token)).toBeNull();
  });

  it('purges expired sessions only', async () => {
    const past = new Date('2020-01-01T00:00:00.000Z');
    const expired = await createSession(subject.database.db, userId, HOUR, past);
    const valid = await createSession(subject.database.db, userId, HOUR);

    expect(await purgeExpiredSessions(subject.database.db)).toBeGreaterThanOrEqual(1);
    const hashes = (await subject.database.db.selectFrom('sessions').select('token_hash').execute()).map(
      (row) => row.token_hash,
    );
    expect(hashes).not.toContain(hashToken(expired.token));
    expect(hashes).toContain(hashToken(valid.token));
  });

  it('resolves request.getSession() from a Bearer token and from the session cookie', async () => {
    const { token, expiresAt } = await createSession(subject.database.db, userId, HOUR);
    const expected = {
      signedIn: true,
      sameObject: true,
      userId,
      email: 'ana.perez@example.com',
      isSuperUser: true,
      expiresAt: expiresAt.toISOString(),
    };

    const bearer = await subject.app.inject({
      method: 'GET',
      url: '/test/whoami',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.json()).toEqual(expected);

    const cookie = await subject.app.inject({
      method: 'GET',
      url: '/test/whoami',
      cookies: { [SESSION_COOKIE_NAME]: token },
    });
    expect(cookie.json()).toEqual(expected);
  });

  it('resolves no session for guests, bad tokens, expired sessions and deactivated users', async () => {
    const guest = await subject.app.inject({ method: 'GET', url: '/test/whoami' });
    expect(guest.json()).toEqual({ signedIn: false });

    const wrong = await subject.app.inject({
      method: 'GET',
      url: '/test/whoami',
      headers: { authorization: 'Bearer not-a-real-token' },
    });
    expect(wrong.json()).toEqual({ signedIn: false });

    const expired = await createSession(
      subject.database.db,
      userId,
      HOUR,
      new Date('2020-01-01T00:00:00.000Z'),
    );
    const late = await subject.app.inject({
      method: 'GET',
      url: '/test/whoami',
      cookies: { [SESSION_COOKIE_NAME]: expired.token },
    });
    expect(late.json()).toEqual({ signedIn: false });

    const { token } = await createSession(subject.database.db, userId, HOUR);
    await subject.database.db.updateTable('users').set({ is_active: 0 }).where('id', '=', userId).execute();
    try {
      const deactivated = await subject.app.inject({
        method: 'GET',
        url: '/test/whoami',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(deactivated.json()).toEqual({ signedIn: false });
    } finally {
      await subject.database.db.updateTable('users').set({ is_active: 1 }).where('id', '=', userId).execute();
    }
  });

  it('prefers the Bearer token over the cookie', async () => {
    const { token } = await createSession(subject.database.db, userId, HOUR);
    const response = await subject.app.inject({
      method: 'GET',
      url: '/test/whoami',
      headers: { authorization: 'Bearer not-a-real-token' },
      cookies: { [SESSION_COOKIE_NAME]: token },
    });

    expect(response.json()).toEqual({ signedIn: false });
  });
});
