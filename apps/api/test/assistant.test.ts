import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../src/errors.ts';
import { createSession } from '../src/modules/sessions/service.ts';
import { assistantRoutes, TOO_MANY_MESSAGES_MESSAGE } from '../src/modules/assistant/routes.ts';
import { asBrowser, asClient, insertUser } from './helpers/accounts.ts';
import { captureLogs } from './helpers/log-capture.ts';
import { storePublication } from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// POST /api/io over a few publications of our own: who may ask, what a bad message gets, the member's place as the
// default place, the attempt limit, the debug log and the API description. The quality of the answers is
// measured by assistant-quality.test.ts.

type Reply = {
  message: string;
  publications: { _id: string; title: string }[];
  faq: { key: string; question: string }[];
  links: { to: string; title: string }[];
  searchUrl: string | null;
  suggestions: string[];
};

const HOUR_MS = 3_600_000;

describe('POST /api/io', () => {
  let subject: TestApp;
  const logs = captureLogs('debug');
  let cordobaDot: string;
  let mendozaDot: string;
  let member: { token: string };
  let superUser: { token: string };

  beforeAll(async () => {
    subject = await createTestApp({ logger: logs.logger, env: { LOG_LEVEL: 'debug' } });
    const { db } = subject.database;
    const author = await insertUser(db, { email: 'autora@example.com' });
    cordobaDot = await storePublication(db, {
      typed: 'dots',
      title: 'Campana de vidrio en Alberdi',
      labels: ['Vidrios'],
      createdBy: author.id,
      createdAt: '2026-05-01T12:00:00.000Z',
      country: 'arg',
      province: 'cordoba',
      city: 'cba-city',
    });
    mendozaDot = await storePublication(db, {
      typed: 'dots',
      title: 'Ecopunto de vidrio en Godoy Cruz',
      labels: ['Vidrios'],
      createdBy: author.id,
      createdAt: '2026-05-02T12:00:00.000Z',
      country: 'arg',
      province: 'mendoza',
      city: 'godoy-cruz',
    });
    await storePublication(db, {
      typed: 'dots',
      title: 'Campana de vidrio sin publicar',
      labels: ['Vidrios'],
      status: 0,
      createdBy: author.id,
      createdAt: '2026-05-03T12:00:00.000Z',
      country: 'arg',
      province: 'cordoba',
      city: 'cba-city',
    });
    const mendocina = await insertUser(db, { email: 'mendocina@example.com', name: 'Mendocina' });
    await db
      .updateTable('users')
      .set({ location_country: 'arg', location_province: 'mendoza', location_city: 'godoy-cruz' })
      .where('id', '=', mendocina.id)
      .execute();
    member = await createSession(db, mendocina.id, HOUR_MS);
    const admin = await insertUser(db, { email: 'admin@example.com', isSuperUser: true });
    superUser = await createSession(db, admin.id, HOUR_MS);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  const ask = (
    interaction: unknown,
    options: { headers?: Record<string, string>; cookies?: Record<string, string> } = {},
  ) => subject.app.inject({ method: 'POST', url: '/api/io', payload: { interaction }, ...options });

  it('answers guests from the published publications, with the search link and follow-ups', async () => {
    const response = await ask('donde reciclo vidrio en cordoba');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { reply } = response.json<{ reply: Reply }>();
    expect(reply.publications.map((publication) => publication._id)).toEqual([cordobaDot]);
    expect(reply.message).toBe('Encontré 1 punto de reciclaje de Vidrios en Córdoba.');
    expect(reply.searchUrl).toBe('/publications?what=dots&country=arg&province=cordoba&labels=Vidrios');
    expect(reply.suggestions.length).toBeGreaterThanOrEqual(2);
    expect(reply.faq).toEqual([]);
  });

  it('answers signed-in members and super users alike, by Bearer token or session cookie', async () => {
    for (const options of [asClient(member.token), asBrowser(member.token), asClient(superUser.token)]) {
      const response = await ask('como publico un anuncio', options);
      expect(response.statusCode).toBe(200);
      const { reply } = response.json<{ reply: Reply }>();
      expect(reply.faq.map((entry) => entry.key)).toEqual(['como-publicar']);
      expect(reply.links).toContainEqual({ to: '/publications/new', title: 'Publicar' });
    }
  });

  it("takes the member's place when the question names none", async () => {
    const asMember = (await ask('donde reciclo vidrio?', asClient(member.token))).json<{ reply: Reply }>()
      .reply;
    expect(asMember.publications.map((publication) => publication._id)).toEqual([mendozaDot]);
    expect(asMember.message).toContain('Godoy Cruz');
    expect(asMember.message).toContain('tomé el lugar de tu perfil');
    const asGuest = (await ask('donde reciclo vidrio?')).json<{ reply: Reply }>().reply;
    expect(asGuest.publications.map((publication) => publication._id)).toEqual([mendozaDot, cordobaDot]);
  });

  it('says so and offers the closest thing when nothing matches where asked', async () => {
    const { reply } = (await ask('donde reciclo vidrio en san luis')).json<{ reply: Reply }>();
    // San Luis has nothing; its neighbour Córdoba does.
    expect(reply.message).toBe(
      'No encontré puntos de reciclaje de Vidrios en San Luis. Lo más cercano: 1 punto de reciclaje de Vidrios en Córdoba.',
    );
    expect(reply.publications.map((publication) => publication._id)).toEqual([cordobaDot]);
  });

  it('offers to publish when nothing matches anywhere', async () => {
    const { reply } = (await ask('regalan telgopor en tunja?')).json<{ reply: Reply }>();
    expect(reply.publications).toEqual([]);
    expect(reply.message).toContain('No encontré');
    // The form opens on the type searched.
    expect(reply.links).toContainEqual({ to: '/publications/new?what=barter', title: 'Publicar un anuncio' });
  });

  it('refuses a blank, missing, non-text or too long message with a Spanish message', async () => {
    for (const interaction of ['', '   \n ', undefined, 42]) {
      const response = await ask(interaction);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/mensaje/i);
    }
    const long = await ask('a'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toContain('El mensaje es demasiado largo (max: 500)');
    expect((await ask(`  ${'a'.repeat(500)}  `)).statusCode).toBe(200);
  });

  it('logs each exchange at debug level without the question or who asked, and stores nothing', async () => {
    const { db } = subject.database;
    const tables = ['users', 'publications', 'sessions'] as const;
    const count = async () =>
      Promise.all(
        tables.map(async (table) =>
          Number(
            (
              await db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
    const before = await count();
    logs.entries.length = 0;
    const secret =
      'soy Juana Pérez, mi teléfono es 3515550123 y vivo en Belgrano 123, busco vidrio en cordoba';
    expect((await ask(secret, asClient(member.token))).statusCode).toBe(200);
    const exchange = logs.entries.find((entry) => entry.msg === 'Assistant exchange');
    expect(exchange).toMatchObject({ level: 20, intent: expect.any(String), publications: 1 });
    const logged = JSON.stringify(logs.entries);
    for (const personal of ['Juana', '3515550123', 'Belgrano', member.token])
      expect(logged).not.toContain(personal);
    expect(await count()).toEqual(before);
  });

  it('is described in the API documentation', async () => {
    const spec = (await subject.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
    }>();
    const operation = spec.paths['/api/io']?.post;
    expect(operation?.requestBody).toBeDefined();
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '429']));
  });
});

describe('POST /api/io limits and guards', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp({ env: { ASSISTANT_RATE_LIMIT_MAX: '2' } });
    // The seam for a human verification of guests: a check that runs before the assistant answers.
    await subject.app.register(assistantRoutes, {
      prefix: '/guarded',
      database: subject.database,
      config: subject.config,
      guards: [
        async (request) => {
          if (request.headers['x-human'] !== 'yes') throw new HttpError(403, 'Verifica que eres humano.');
        },
      ],
    });
  });

  afterAll(async () => {
    await subject.dispose();
  });

  const ask = (remoteAddress: string, url = '/api/io', headers: Record<string, string> = {}) =>
    subject.app.inject({ method: 'POST', url, payload: { interaction: 'hola' }, remoteAddress, headers });

  it('answers 429 with Retry-After past ASSISTANT_RATE_LIMIT_MAX messages a minute from one address', async () => {
    expect((await ask('203.0.113.7')).statusCode).toBe(200);
    expect((await ask('203.0.113.7')).statusCode).toBe(200);
    const third = await ask('203.0.113.7');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: TOO_MANY_MESSAGES_MESSAGE,
    });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask('203.0.113.8')).statusCode).toBe(200);
  });

  it('runs the guards it is given before answering', async () => {
    expect((await ask('203.0.113.9', '/guarded/io')).statusCode).toBe(403);
    expect((await ask('203.0.113.9', '/guarded/io', { 'x-human': 'yes' })).statusCode).toBe(200);
  });
});
