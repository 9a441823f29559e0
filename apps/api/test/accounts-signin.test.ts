import { SESSION_COOKIE_NAME, SESSION_LIFETIME_MS } from '@eco/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/modules/sessions/service.ts';
import { asBrowser, asClient, insertUser, signIn, waitUntilPast, type TestUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const WRONG_CREDENTIALS = {
  statusCode: 401,
  error: 'Unauthorized',
  message: 'Las credenciales son incorrectas',
};
const UNAUTHORIZED = { statusCode: 401, error: 'Unauthorized', message: 'Necesita autorización' };

type Cookie = {
  name: string;
  value: string;
  httpOnly?: boolean;
  sameSite?: string;
  path?: string;
  secure?: boolean;
  expires?: Date;
};

function sessionCookieOf(response: { cookies: Cookie[] }): Cookie | undefined {
  return response.cookies.find((cookie) => cookie.name === SESSION_COOKIE_NAME);
}

describe('sign-in, sessions and sign-out', () => {
  let subject: TestApp;
  let ana: TestUser;

  beforeAll(async () => {
    subject = await createTestApp();
    ana = await insertUser(subject.database.db, { email: 'ana@example.com', name: 'Ana Pérez' });
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('opens a one-hour session, answers the session data and sets the httpOnly cookie', async () => {
    const before = Date.now();
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: ' ANA@example.com', password: ana.password },
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<{ token: string; tokenExpiration: string }>();
    expect(body).toEqual({
      token: expect.stringMatching(/^[\w-]{43}$/),
      tokenExpiration: expect.any(String),
      user: {
        _id: ana.id,
        id: ana.id,
        name: 'Ana Pérez',
        email: 'ana@example.com',
        pictureUrl: null,
        phone: null,
        isSuperUser: false,
        locationAddress: null,
        locationCountry: null,
        locationProvince: null,
        locationCity: null,
      },
      userId: ana.id,
      userEmail: 'ana@example.com',
      userPictureUrl: null,
    });
    const expiration = new Date(body.tokenExpiration).getTime();
    expect(expiration).toBeGreaterThanOrEqual(before + SESSION_LIFETIME_MS);
    expect(expiration).toBeLessThanOrEqual(Date.now() + SESSION_LIFETIME_MS);

    const cookie = sessionCookieOf(response);
    expect(cookie).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeUndefined();
    expect(cookie?.expires?.toUTCString()).toBe(new Date(body.tokenExpiration).toUTCString());

    const stored = await subject.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored).toContainEqual({ token_hash: hashToken(body.token) });
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const wrong = await subject.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: 'ana@example.com', password: 'otra-clave' },
    });
    const unknown = await subject.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: 'nadie@example.com', password: 'otra-clave' },
    });

    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(WRONG_CREDENTIALS);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(WRONG_CREDENTIALS);
    expect(sessionCookieOf(wrong)).toBeUndefined();
  });

  it('refuses invalid sign-in data with the form messages', async () => {
    const response = await subject.app.inject({ method: 'POST', url: '/api/signin', payload: { email: '' } });

    expect(response.statusCode).toBe(400);
    const { message } = response.json<{ message: string }>();
    expect(message).toContain('email: El correo electrónico es obligatorio');
    expect(message).toContain('password: La contraseña es obligatoria');
  });

  it('tells only the owner of the password that the account is pending or deactivated', async () => {
    const pending = await insertUser(subject.database.db, { email: 'pending@example.com', state: 'pending' });
    const disabled = await insertUser(subject.database.db, { email: 'off@example.com', state: 'disabled' });

    const pendingWrong = await subject.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: pending.email, password: 'no-es-la-clave' },
    });
    expect(pendingWrong.json()).toEqual(WRONG_CREDENTIALS);

    const pendingRight = await subject.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: pending.email, password: pending.password },
    });
    expect(pendingRight.statusCode).toBe(403);
    expect(pendingRight.json()).toMatchObject({ code: 'ACCOUNT_NOT_ACTIVATED' });

    const disabledRight = await subject.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: disabled.email, password: disabled.password },
    });
    expect(disabledRight.statusCode).toBe(403);
    expect(disabledRight.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Tu cuenta está desactivada. Si crees que es un error, escríbenos a soporte.',
      code: 'ACCOUNT_DISABLED',
    });
    expect(sessionCookieOf(pendingRight)).toBeUndefined();
  });

  it('keeps the other sessions open on sign-in, and ends only the current one on sign-out', async () => {
    const laptop = await signIn(subject.app, ana.email, ana.password);
    const phone = await signIn(subject.app, ana.email, ana.password);
    const me = (token: string) => subject.app.inject({ method: 'GET', url: '/api/me', ...asClient(token) });
    expect((await me(laptop)).statusCode).toBe(200);

    const out = await subject.app.inject({ method: 'POST', url: '/api/signout', ...asBrowser(laptop) });

    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    const cleared = sessionCookieOf(out);
    expect(cleared).toMatchObject({ value: '', path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    expect((await me(laptop)).json()).toEqual(UNAUTHORIZED);
    expect((await me(phone)).statusCode).toBe(200);
  });

  it('signs a Bearer client out too, and answers 204 when there is nothing to end', async () => {
    const token = await signIn(subject.app, ana.email, ana.password);

    const out = await subject.app.inject({ method: 'POST', url: '/api/signout', ...asClient(token) });
    expect(out.statusCode).toBe(204);
    const rows = await subject.database.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect(rows).toEqual([]);

    const guest = await subject.app.inject({ method: 'POST', url: '/api/signout' });
    expect(guest.statusCode).toBe(204);
    const again = await subject.app.inject({ method: 'POST', url: '/api/signout', ...asClient(token) });
    expect(again.statusCode).toBe(204);
  });
});

describe('session expiry', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp({ env: { SESSION_LIFETIME_MS: '50' } });
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('refuses a session once its lifetime (SESSION_LIFETIME_MS) has passed', async () => {
    const user = await insertUser(subject.database.db, { email: 'short@example.com' });
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: user.email, password: user.password },
    });
    const { token, tokenExpiration } = response.json<{ token: string; tokenExpiration: string }>();
    expect(new Date(tokenExpiration).getTime() - Date.now()).toBeLessThanOrEqual(50);
    await waitUntilPast(tokenExpiration);

    const me = await subject.app.inject({ method: 'GET', url: '/api/me', ...asClient(token) });

    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual(UNAUTHORIZED);
  });
});

describe('the session cookie on an https site', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp({ env: { PUBLIC_URL: 'https://ecoanuncios.example' } });
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('is Secure', async () => {
    const user = await insertUser(subject.database.db, { email: 'tls@example.com' });
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: user.email, password: user.password },
    });

    expect(sessionCookieOf(response)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\//);
    expect(header).toMatch(/; Expires=/);
  });
});
