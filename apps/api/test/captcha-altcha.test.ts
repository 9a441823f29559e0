import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createAltcha } from '../src/modules/captcha/altcha.ts';
import { createCaptcha } from '../src/modules/captcha/captcha.ts';
import { purgeExpiredSolutions } from '../src/modules/captcha/repository.ts';
import { solvedCaptcha, solvePayload } from './helpers/captcha.ts';
import { createActors, uploadImage, validForm } from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const MISSING = 'Completa la verificación de que eres una persona.';
const INVALID = 'La verificación de que eres una persona no es válida. Hazla de nuevo.';
const EXPIRED = 'La verificación de que eres una persona expiró. Hazla de nuevo.';
const REPLAYED = 'Esta verificación ya se usó. Hazla de nuevo.';

const signUpBody = (email: string, captcha?: string) => ({
  name: 'Marta Gómez',
  email,
  password: 'reciclar-123',
  passwordConfirmation: 'reciclar-123',
  captcha,
});

describe('the self-hosted captcha (ALTCHA), the default', () => {
  let subject: TestApp;

  beforeAll(async () => {
    // CAPTCHA_PROVIDER unset: the test helper's 'off' is cleared so the default applies.
    subject = await createTestApp({ env: { CAPTCHA_PROVIDER: '' } });
  });

  afterAll(async () => subject.dispose());

  it('tells the pages which verification is used', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/captcha' });
    expect(response.json()).toEqual({ provider: 'altcha', siteKey: null });
  });

  it('hands out signed challenges that expire in five minutes and are never cached', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await subject.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.json<{
      parameters: { algorithm: string; expiresAt: number };
      signature: string;
    }>();
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt - before).toBeGreaterThanOrEqual(299);
    expect(challenge.parameters.expiresAt - before).toBeLessThanOrEqual(301);
  });

  it.each([
    ['sign-up', '/api/signup', (captcha?: string) => signUpBody('captcha.signup@example.com', captcha), 201],
    ['password reset', '/api/reset', (captcha?: string) => ({ email: 'nadie@example.com', captcha }), 202],
    [
      'activation resend',
      '/api/signup/resend',
      (captcha?: string) => ({ email: 'nadie@example.com', captcha }),
      202,
    ],
  ])(
    '%s: 400 without a solution, a wrong one or a replayed one; passes with a fresh one',
    async (_name, url, body, ok) => {
      const post = (captcha?: string) => subject.app.inject({ method: 'POST', url, payload: body(captcha) });

      const missing = await post();
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ message: MISSING });
      expect((await post('   ')).json()).toMatchObject({ message: MISSING });
      expect((await post('no es base64 de nada')).json()).toMatchObject({
        statusCode: 400,
        message: INVALID,
      });

      const solved = await solvedCaptcha(subject.app);
      const decoded = JSON.parse(Buffer.from(solved, 'base64').toString()) as {
        solution: { counter: number; derivedKey: string };
      };
      const key = decoded.solution.derivedKey;
      decoded.solution.derivedKey = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
      const wrong = Buffer.from(JSON.stringify(decoded)).toString('base64');
      expect((await post(wrong)).json()).toMatchObject({ statusCode: 400, message: INVALID });

      expect((await post(solved)).statusCode).toBe(ok);
      const replayed = await post(solved);
      expect(replayed.statusCode).toBe(400);
      expect(replayed.json()).toMatchObject({ message: REPLAYED });
    },
  );

  it('refuses a challenge signed with another key, and an expired one', async () => {
    const foreign = createAltcha({ db: subject.database.db, secret: 'x'.repeat(40) });
    const foreignPayload = await solvePayload(await foreign.challenge());
    const post = (captcha: string) =>
      subject.app.inject({ method: 'POST', url: '/api/reset', payload: { email: 'a@example.com', captcha } });
    expect((await post(foreignPayload)).json()).toMatchObject({ message: INVALID });

    const old = createAltcha({
      db: subject.database.db,
      secret: subject.config.secretKey,
      now: () => Date.now() - 6 * 60_000,
    });
    const expired = await post(await solvePayload(await old.challenge()));
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ message: EXPIRED });
  });

  it('remembers used solutions in the database: a second process refuses the replay; expired rows are purged', async () => {
    const second = await buildApp(subject.config, { database: subject.database });
    try {
      const solved = await solvedCaptcha(subject.app);
      const first = await subject.app.inject({
        method: 'POST',
        url: '/api/reset',
        payload: { email: 'a@example.com', captcha: solved },
      });
      expect(first.statusCode).toBe(202);
      const replay = await second.inject({
        method: 'POST',
        url: '/api/reset',
        payload: { email: 'a@example.com', captcha: solved },
      });
      expect(replay.json()).toMatchObject({ statusCode: 400, message: REPLAYED });
    } finally {
      await second.close();
    }
    const later = new Date(Date.now() + 6 * 60_000).toISOString();
    expect(await purgeExpiredSolutions(subject.database.db, later)).toBeGreaterThan(0);
    const left = await subject.database.db.selectFrom('captcha_solutions').selectAll().execute();
    expect(left).toEqual([]);
  });

  it('only one of two simultaneous uses of a solution passes', async () => {
    const solved = await solvedCaptcha(subject.app);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        subject.app.inject({
          method: 'POST',
          url: '/api/reset',
          payload: { email: 'b@example.com', captcha: solved },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 400, 400]);
  });

  it("records the publication form's captcha as a signal: passed, failed or none", async () => {
    const captcha = createCaptcha({ db: subject.database.db, config: subject.config, log: subject.app.log });
    const solved = await solvedCaptcha(subject.app);
    expect(await captcha.check(solved, 'publication', '127.0.0.1')).toBe(true);
    expect(await captcha.check(solved, 'publication', '127.0.0.1')).toBe(false);
    expect(await captcha.check('basura', 'publication', '127.0.0.1')).toBe(false);
    expect(await captcha.check(undefined, 'publication', '127.0.0.1')).toBeNull();
  });
});

describe('the publication form records its captcha for the moderators', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp({ env: { CAPTCHA_PROVIDER: '' } });
  });

  afterAll(async () => subject.dispose());

  it('stores passed, failed or none, and never refuses the publication for it', async () => {
    const { author } = await createActors(subject.database.db);
    const create = async (captcha?: string) => {
      const image = await uploadImage(subject.app, author);
      const response = await subject.app.inject({
        method: 'POST',
        url: '/api/publications',
        headers: author.headers,
        payload: { ...validForm('dots', [image.url]), captcha },
      });
      expect(response.statusCode).toBe(201);
      const { publication } = response.json<{ publication: { _id: string } }>();
      const row = await subject.database.db
        .selectFrom('publications')
        .select('captcha_verified')
        .where('id', '=', publication._id)
        .executeTakeFirstOrThrow();
      return row.captcha_verified;
    };
    const solved = await solvedCaptcha(subject.app);
    expect(await create(solved)).toBe(1);
    expect(await create(solved)).toBe(0);
    expect(await create('basura')).toBe(0);
    expect(await create()).toBeNull();
  });
});

describe('CAPTCHA_PROVIDER=off', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp({ env: { CAPTCHA_PROVIDER: 'off' } });
  });

  afterAll(async () => subject.dispose());

  it('asks for nothing and hands out no challenge', async () => {
    expect((await subject.app.inject({ method: 'GET', url: '/api/captcha' })).json()).toEqual({
      provider: 'off',
      siteKey: null,
    });
    expect((await subject.app.inject({ method: 'GET', url: '/api/captcha/challenge' })).statusCode).toBe(404);
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: signUpBody('sin.captcha@example.com'),
    });
    expect(response.statusCode).toBe(201);
  });
});
