import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { signHumanGrant } from '../src/modules/assistant/human-grant.ts';
import { assistantRoutes } from '../src/modules/assistant/routes.ts';
import { createAltcha } from '../src/modules/captcha/altcha.ts';
import { createSession } from '../src/modules/sessions/service.ts';
import { asBrowser, asClient, insertUser } from './helpers/accounts.ts';
import { solvedCaptcha, solvePayload } from './helpers/captcha.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// POST /api/io asks guests to prove they are a person (the site's captcha, ALTCHA by default) once per conversation:
// the first message carries a solution and earns a signed grant that later messages send for 30 minutes.

const MISSING = 'Completa la verificación de que eres una persona.';
const INVALID = 'La verificación de que eres una persona no es válida. Hazla de nuevo.';
const EXPIRED = 'La verificación de que eres una persona expiró. Hazla de nuevo.';
const REPLAYED = 'Esta verificación ya se usó. Hazla de nuevo.';
const HOUR_MS = 3_600_000;
const GRANT = /^v1\.\d+\.[\w-]{22}\.[\w-]{43}$/;

type Body = { interaction: string; captcha?: string; humanToken?: string };
type Answer = { reply: { message: string }; humanToken?: string };

describe('POST /api/io: the human verification of guests', () => {
  let subject: TestApp;
  let member: { token: string };
  let now = Date.now();

  beforeAll(async () => {
    // CAPTCHA_PROVIDER unset: the test helper's 'off' is cleared so the default (ALTCHA) applies.
    subject = await createTestApp({ env: { CAPTCHA_PROVIDER: '' } });
    // The same route on a clock of the test's own, to age grants.
    await subject.app.register(assistantRoutes, {
      prefix: '/clocked',
      database: subject.database,
      config: subject.config,
      grantClock: () => now,
    });
    const user = await insertUser(subject.database.db, { email: 'vecina@example.com' });
    member = await createSession(subject.database.db, user.id, HOUR_MS);
  });

  afterAll(async () => subject.dispose());

  const ask = (
    payload: Body,
    options: { headers?: Record<string, string>; cookies?: Record<string, string> } = {},
  ) => subject.app.inject({ method: 'POST', url: '/api/io', payload, ...options });

  function expectHumanCheck(response: Awaited<ReturnType<typeof ask>>, message: string): void {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, message, code: 'HUMAN_CHECK_REQUIRED' });
  }

  it('refuses a guest without a solution, with a wrong one or an expired one, in Spanish', async () => {
    expectHumanCheck(await ask({ interaction: 'donde reciclo vidrio?' }), MISSING);
    expectHumanCheck(await ask({ interaction: 'donde reciclo vidrio?', captcha: '  ' }), MISSING);
    expectHumanCheck(
      await ask({ interaction: 'donde reciclo vidrio?', captcha: 'no es una solución' }),
      INVALID,
    );

    const foreign = createAltcha({ db: subject.database.db, secret: 'x'.repeat(40) });
    const foreignSolution = await solvePayload(await foreign.challenge());
    expectHumanCheck(await ask({ interaction: 'hola', captcha: foreignSolution }), INVALID);

    const old = createAltcha({
      db: subject.database.db,
      secret: subject.config.secretKey,
      now: () => Date.now() - 6 * 60_000,
    });
    const expired = await solvePayload(await old.challenge());
    expectHumanCheck(await ask({ interaction: 'hola', captcha: expired }), EXPIRED);
  });

  it('answers a guest with a solution and hands back a grant that covers the next messages', async () => {
    const solution = await solvedCaptcha(subject.app);
    const first = await ask({ interaction: 'donde reciclo vidrio?', captcha: solution });
    expect(first.statusCode).toBe(200);
    const { reply, humanToken } = first.json<Answer>();
    expect(reply.message).not.toBe('');
    expect(humanToken).toMatch(GRANT);
    // Seconds since 1970 in the grant: 30 minutes from now.
    const expiresAt = Number(humanToken?.split('.')[1]) * 1000;
    expect(expiresAt - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    for (const interaction of ['hay eventos de reciclaje?', 'como publico un anuncio?']) {
      const next = await ask({ interaction, humanToken });
      expect(next.statusCode).toBe(200);
      // The grant is not renewed on every message: one solution covers 30 minutes, not forever.
      expect(next.json<Answer>().humanToken).toBeUndefined();
    }

    // The solution itself served once: a replay earns nothing.
    expectHumanCheck(await ask({ interaction: 'otra vez', captcha: solution }), REPLAYED);
  });

  it('refuses a forged, altered or expired grant and asks to verify again', async () => {
    const forged = signHumanGrant('y'.repeat(40), new Date(Date.now() + 10 * 60_000));
    expectHumanCheck(await ask({ interaction: 'hola', humanToken: forged }), INVALID);
    expectHumanCheck(await ask({ interaction: 'hola', humanToken: 'v1.9999999999.abc.def' }), INVALID);

    const genuine = signHumanGrant(subject.config.secretKey, new Date(Date.now() + 10 * 60_000));
    const [version, , nonce, signature] = genuine.split('.');
    const extended = `${version}.${Math.floor(Date.now() / 1000) + 86_400}.${nonce}.${signature}`;
    expectHumanCheck(await ask({ interaction: 'hola', humanToken: extended }), INVALID);

    const stale = signHumanGrant(subject.config.secretKey, new Date(Date.now() - 1000));
    expectHumanCheck(await ask({ interaction: 'hola', humanToken: stale }), EXPIRED);

    // A stale grant with a fresh solution (the page re-verified) passes and earns a new grant.
    const renewed = await ask({
      interaction: 'hola',
      humanToken: stale,
      captcha: await solvedCaptcha(subject.app),
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json<Answer>().humanToken).toMatch(GRANT);
  });

  it('mints grants with its own clock: a grant older than 30 minutes is expired', async () => {
    now = Date.now();
    const post = (payload: Body) => subject.app.inject({ method: 'POST', url: '/clocked/io', payload });
    const first = await post({ interaction: 'hola', captcha: await solvedCaptcha(subject.app) });
    expect(first.statusCode).toBe(200);
    const { humanToken } = first.json<Answer>();
    now += 29 * 60_000;
    expect((await post({ interaction: 'hola', humanToken })).statusCode).toBe(200);
    now += 2 * 60_000;
    expectHumanCheck(await post({ interaction: 'hola', humanToken }), EXPIRED);
  });

  it('grants work across processes on one database (they need no storage)', async () => {
    const second = await buildApp(subject.config, { database: subject.database });
    try {
      const first = await ask({ interaction: 'hola', captcha: await solvedCaptcha(subject.app) });
      const { humanToken } = first.json<Answer>();
      const elsewhere = await second.inject({
        method: 'POST',
        url: '/api/io',
        payload: { interaction: 'donde reciclo papel?', humanToken },
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('does not ask members, and gives them no grant', async () => {
    for (const options of [asClient(member.token), asBrowser(member.token)]) {
      const response = await ask({ interaction: 'donde reciclo vidrio?' }, options);
      expect(response.statusCode).toBe(200);
      expect(response.json<Answer>().humanToken).toBeUndefined();
    }
  });

  it('describes the fields in the API documentation', async () => {
    const spec = (await subject.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { post: { description: string; requestBody: unknown; responses: unknown } }>;
    }>();
    const operation = spec.paths['/api/io']?.post;
    expect(operation?.description).toContain('HUMAN_CHECK_REQUIRED');
    const text = JSON.stringify(operation);
    expect(text).toContain('"captcha"');
    expect(text).toContain('"humanToken"');
  });
});

describe('POST /api/io with CAPTCHA_PROVIDER=off', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp({ env: { CAPTCHA_PROVIDER: 'off' } });
  });

  afterAll(async () => subject.dispose());

  it('answers guests without any check and hands out no grant', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/io',
      payload: { interaction: 'donde reciclo vidrio?' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Answer>().humanToken).toBeUndefined();
  });
});
