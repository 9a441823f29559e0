import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { asClient, insertUser, signIn } from './helpers/accounts.ts';
import { startPgBouncer, type PgBouncer } from './helpers/pgbouncer.ts';
import {
  createActors,
  createPublication,
  pageOf,
  uploadImage,
  validForm,
  type Actors,
} from './helpers/publications.ts';
import { openStream, type OpenStream } from './helpers/sse.ts';
import {
  createOtherInstance,
  createTestApp,
  TEST_DATABASE_URL,
  testDialect,
  type OtherInstance,
  type TestApp,
} from './helpers/test-app.ts';

// Behind a real PgBouncer in transaction pooling (decision 040): two app instances, as two server processes, with
// DATABASE_URL through PgBouncer and DATABASE_LISTEN_URL straight to PostgreSQL. Signing in, publishing with an
// image, the lists and the live notifications across the instances work; nothing keeps session state through the
// pooler (a statement of a session may run on any server connection), and the migrations' session lock is taken on
// the direct connection.

describe.runIf(testDialect === 'postgres')('behind PgBouncer in transaction pooling', () => {
  let bouncer: PgBouncer;
  let subject: TestApp;
  let second: OtherInstance;
  let actors: Actors;
  const streams: OpenStream[] = [];

  async function adminRows(command: string): Promise<Record<string, unknown>[]> {
    const client = new pg.Client({ connectionString: bouncer.adminUrl });
    await client.connect();
    try {
      return (await client.query(command)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  }

  /** The transactions PgBouncer has passed to the test's database so far. */
  async function pooledTransactions(): Promise<number> {
    const database = new URL(subject.config.databaseUrl ?? '').pathname.slice(1);
    const row = (await adminRows('show stats')).find((stats) => stats.database === database);
    return Number(row?.total_xact_count ?? 0);
  }

  beforeAll(async () => {
    bouncer = await startPgBouncer(TEST_DATABASE_URL);
    subject = await createTestApp({
      envOfUrl: (url) => ({ DATABASE_URL: bouncer.through(url), DATABASE_LISTEN_URL: url }),
    });
    second = await createOtherInstance(subject);
    actors = await createActors(subject.database.db);
  }, 60_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await second?.close();
    await subject?.dispose();
    await bouncer?.stop();
  });

  it('goes through PgBouncer, with the migrations\u2019 lock released on the direct connection', async () => {
    expect(subject.config.databaseUrl).toContain(`:${bouncer.port}/`);
    expect(subject.config.databaseListenUrl).not.toContain(`:${bouncer.port}/`);
    expect(await pooledTransactions()).toBeGreaterThan(0);
    const { rows } = await sql<{ count: string }>`
      select count(*) as count from pg_locks where locktype = 'advisory'
      and database = (select oid from pg_database where datname = current_database())`.execute(
      subject.database.db,
    );
    expect(Number(rows[0]?.count)).toBe(0);
  });

  it('signs in on one instance and is known on the other; signing out ends the session everywhere', async () => {
    const user = await insertUser(subject.database.db, { email: 'pool@example.com' });
    const token = await signIn(subject.app, user.email, user.password);
    const me = await second.app.inject({ method: 'GET', url: '/api/me', ...asClient(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ user: { email: string } }>().user.email).toBe(user.email);
    const out = await second.app.inject({ method: 'POST', url: '/api/signout', ...asClient(token) });
    expect(out.statusCode).toBeLessThan(300);
    const after = await subject.app.inject({ method: 'GET', url: '/api/me', ...asClient(token) });
    expect(after.statusCode).toBe(401);
  });

  it('publishes with an image on one instance; the other lists and shows it', async () => {
    const before = await pooledTransactions();
    const image = await uploadImage(subject.app, actors.author);
    const form = validForm('market', [image.url], { title: 'Frascos de vidrio por el pooler' });
    const created = await createPublication(subject.app, actors.author, form);
    const published = await second.app.inject({
      method: 'PUT',
      url: `/api/publication/${created._id}`,
      headers: actors.superUser.headers,
      payload: { status: 1 },
    });
    expect(published.statusCode).toBe(200);
    const listed = pageOf(await subject.app.inject({ method: 'GET', url: '/api/publications?term=frascos' }));
    expect(listed.publications.map((publication) => publication._id)).toContain(created._id);
    const shown = await second.app.inject({ method: 'GET', url: `/api/publication/${created._id}` });
    expect(shown.json<{ publication: { title: string } }>().publication.title).toBe(
      'Frascos de vidrio por el pooler',
    );
    expect(await pooledTransactions()).toBeGreaterThan(before);
  });

  it('delivers live notifications across instances over the direct listening connection', async () => {
    const user = actors.author;
    const stream = await openStream(second.app, user.token);
    streams.push(stream);
    const start = await stream.nextUnread();
    await expect.poll(() => second.app.unreadHub.isListening()).toBe(true);
    // The listening connection goes straight to PostgreSQL: its backend is none of PgBouncer's server connections.
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity
      where datname = current_database() and query ilike 'listen %'`.execute(subject.database.db);
    expect(rows.length).toBe(1);
    const pooled = (await adminRows('show servers')).map((server) => Number(server.remote_pid));
    expect(pooled.length).toBeGreaterThan(0);
    expect(pooled).not.toContain(Number(rows[0]?.pid));

    const rated = await subject.app.inject({
      method: 'POST',
      url: `/api/user/${user.id}/qualifications`,
      headers: actors.other.headers,
      payload: { rating: 5, comment: 'Impecable, gracias' },
    });
    expect(rated.statusCode).toBe(201);
    expect(await stream.nextUnread(10_000)).toBe(start + 1);
    stream.close();
  });
});

describe('DATABASE_LISTEN_URL', () => {
  it('defaults to DATABASE_URL and is ignored on SQLite', () => {
    const url = 'postgres://eco:secret@db.internal:6432/eco';
    const direct = 'postgres://eco:secret@db.internal:5432/eco';
    expect(loadConfig({ DATABASE_URL: url }).databaseListenUrl).toBe(url);
    expect(loadConfig({ DATABASE_URL: url, DATABASE_LISTEN_URL: direct }).databaseListenUrl).toBe(direct);
    expect(loadConfig({ DATABASE_LISTEN_URL: direct }).databaseListenUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_LISTEN_URL: 'mysql://x' })).toThrow(
      /DATABASE_LISTEN_URL must be a postgres:\/\/ or postgresql:\/\/ URL/,
    );
  });
});
