import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, recordingMailer } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const TOO_MANY = {
  statusCode: 429,
  error: 'Too Many Requests',
  message: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
};

function post(app: FastifyInstance, url: string, payload: object | undefined, remoteAddress = '203.0.113.1') {
  return app.inject({ method: 'POST', url, payload, remoteAddress });
}

describe('attempt limits per e-mail (RATE_LIMIT_MAX)', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp({
      mailer: recordingMailer(),
      env: { RATE_LIMIT_MAX: '2', RATE_LIMIT_IP_MAX: '1000', RATE_LIMIT_WINDOW_MS: '3600000' },
    });
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('stops sign-in attempts on one e-mail, whatever the address they come from, but not on another', async () => {
    const user = await insertUser(subject.database.db, { email: 'limite@example.com' });
    const attempt = (email: string, address: string) =>
      post(subject.app, '/api/signin', { email, password: 'adivinando' }, address);

    expect((await attempt(user.email, '203.0.113.1')).statusCode).toBe(401);
    expect((await attempt('LIMITE@example.com', '203.0.113.2')).statusCode).toBe(401);
    const third = await attempt(user.email, '203.0.113.3');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual(TOO_MANY);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);

    // Even the right password waits now.
    const right = await post(
      subject.app,
      '/api/signin',
      { email: user.email, password: user.password },
      '203.0.113.4',
    );
    expect(right.statusCode).toBe(429);

    expect((await attempt('otra@example.com', '203.0.113.1')).statusCode).toBe(401);
  });

  it('limits sign-up, resend and reset per e-mail, each on its own', async () => {
    const signUp = {
      name: 'Lía',
      email: 'lia@example.com',
      password: 'clave-1',
      passwordConfirmation: 'clave-1',
    };
    for (const [url, payload] of [
      ['/api/signup', signUp],
      ['/api/signup/resend', { email: 'lia@example.com' }],
      ['/api/reset', { email: 'lia@example.com' }],
    ] as const) {
      const statuses = [];
      for (let attempt = 0; attempt < 3; attempt += 1)
        statuses.push((await post(subject.app, url, payload)).statusCode);
      expect(statuses.slice(0, 2), url).not.toContain(429);
      expect(statuses[2], url).toBe(429);
    }
  });
});

describe('attempt limits per client address (RATE_LIMIT_IP_MAX)', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp({
      mailer: recordingMailer(),
      env: { RATE_LIMIT_MAX: '1000', RATE_LIMIT_IP_MAX: '3', RATE_LIMIT_WINDOW_MS: '3600000' },
    });
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('stops an address that tries many e-mails, and only that address', async () => {
    const statuses = [];
    for (const name of ['a', 'b', 'c', 'd']) {
      const response = await post(subject.app, '/api/signin', {
        email: `${name}@example.com`,
        password: 'clave-1',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json()).toEqual(TOO_MANY);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);

    const other = await post(
      subject.app,
      '/api/signin',
      { email: 'a@example.com', password: 'clave-1' },
      '198.51.100.7',
    );
    expect(other.statusCode).toBe(401);
  });

  it('counts invalid requests too, and limits activation attempts per address', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push(
        (await post(subject.app, `/api/signup/token-${attempt}/activation`, undefined, '198.51.100.9'))
          .statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 429]);

    const invalid = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      invalid.push((await post(subject.app, '/api/reset', { email: 'nope' }, '198.51.100.10')).statusCode);
    }
    expect(invalid).toEqual([400, 400, 400, 429]);
  });

  it('leaves the other routes alone', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await subject.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '198.51.100.11',
      });
      expect(response.statusCode).toBe(200);
    }
  });
});
