import { SESSION_COOKIE_NAME } from '@eco/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, PUBLIC_URL, signIn } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const FOREIGN_ORIGIN = {
  statusCode: 403,
  error: 'Forbidden',
  message: 'Origen de la solicitud no permitido',
};
const PAYMENT = { paymentDetails: 'Alias: eco.pagos.verde' };

describe('origin check of cookie-authenticated changes', () => {
  let subject: TestApp;
  let token: string;

  beforeAll(async () => {
    subject = await createTestApp();
    const user = await insertUser(subject.database.db, { email: 'origen@example.com' });
    token = await signIn(subject.app, user.email, user.password);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  const withCookie = (headers: Record<string, string>) => ({
    cookies: { [SESSION_COOKIE_NAME]: token },
    headers,
  });

  it('refuses a change with the session cookie from a foreign origin, or with no origin at all', async () => {
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost:3000.evil.example' },
      { referer: 'https://evil.example/page' },
      {},
    ];
    for (const headers of foreign) {
      const response = await subject.app.inject({
        method: 'PUT',
        url: '/api/me',
        payload: PAYMENT,
        ...withCookie(headers),
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual(FOREIGN_ORIGIN);
    }
    const signOut = await subject.app.inject({
      method: 'POST',
      url: '/api/signout',
      ...withCookie({ origin: 'https://evil.example' }),
    });
    expect(signOut.statusCode).toBe(403);
    const me = await subject.app.inject({
      method: 'GET',
      url: '/api/me',
      cookies: { [SESSION_COOKIE_NAME]: token },
    });
    expect(me.json()).toMatchObject({ paymentDetails: null });
  });

  it('accepts the public origin, the origin of the requested host, and a same-origin Referer', async () => {
    const allowed: Record<string, string>[] = [
      { origin: PUBLIC_URL },
      { origin: 'http://192.168.1.20:3000', host: '192.168.1.20:3000' },
      { referer: `${PUBLIC_URL}/dashboard/settings` },
    ];
    for (const headers of allowed) {
      const response = await subject.app.inject({
        method: 'PUT',
        url: '/api/me',
        payload: PAYMENT,
        ...withCookie(headers),
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('exempts Bearer requests, reads, and requests without the cookie', async () => {
    const bearer = await subject.app.inject({
      method: 'PUT',
      url: '/api/me',
      payload: PAYMENT,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.statusCode).toBe(200);

    const read = await subject.app.inject({
      method: 'GET',
      url: '/api/me',
      ...withCookie({ origin: 'https://evil.example' }),
    });
    expect(read.statusCode).toBe(200);

    const guest = await subject.app.inject({
      method: 'POST',
      url: '/api/reset',
      payload: { email: 'alguien@example.com' },
      headers: { origin: 'https://evil.example' },
    });
    expect(guest.statusCode).toBe(202);
  });
});
