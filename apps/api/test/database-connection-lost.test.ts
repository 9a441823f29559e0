import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/db/connection-errors.ts';
import { createDatabase } from '../src/db/database.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../src/errors.ts';
import { notify } from '../src/modules/notifications/service.ts';
import {
  createActors,
  createPublication,
  uploadImage,
  validForm,
  type Actors,
} from './helpers/publications.ts';
import { openStream } from './helpers/sse.ts';
import {
  createOtherInstance,
  createTestApp,
  TEST_DATABASE_URL,
  testDialect,
  type OtherInstance,
  type TestApp,
} from './helpers/test-app.ts';

// A primary that restarts or fails over ends every connection. Here the server ends them itself
// (pg_terminate_backend on the test's database, as a restart does with 57P01): the request in flight gets a Spanish
// 503, the next requests get new connections, what was acknowledged before is still there, and the listening
// connection of the live notifications comes back by itself (decision 040).

describe('which errors mean the database is unreachable', () => {
  it('knows a restart, a dropped socket, a pool timeout and a standby, and nothing else', () => {
    const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    for (const error of [
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P03', 'the database system is starting up'),
      coded('08006'),
      coded('ECONNREFUSED'),
      coded('ECONNRESET'),
      coded('25006', 'cannot execute INSERT in a read-only transaction'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('wrapped', { cause: coded('ECONNRESET') }),
      new AggregateError([coded('ECONNREFUSED')], 'connect failed'),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
    for (const error of [
      coded('23505', 'duplicate key value violates unique constraint'),
      coded('22P02'),
      coded('ERR_SQLITE_ERROR', 'database is locked'),
      new Error('Connection refused by the captcha provider'),
      new TypeError('x is undefined'),
      undefined,
      'Connection terminated',
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});

describe.runIf(testDialect === 'postgres')('a lost database connection', () => {
  let subject: TestApp;
  let second: OtherInstance;
  let actors: Actors;

  /** Ends every connection to the test's database, as a restarting primary does. */
  async function terminateConnections(): Promise<number> {
    const name = new URL(subject.config.databaseUrl ?? '').pathname.slice(1);
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      const { rowCount } = await client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      return rowCount ?? 0;
    } finally {
      await client.end();
    }
  }

  /** Retries `task` until it resolves: right after the cut a pooled connection may still be a dead one. */
  async function soon<T>(task: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await task();
      } catch (error) {
        if (attempt >= 50 || !isDatabaseUnavailable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  async function listeningPids(): Promise<number[]> {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity
      where datname = current_database() and query ilike 'listen %'`.execute(subject.database.db);
    return rows.map((row) => row.pid);
  }

  beforeAll(async () => {
    subject = await createTestApp();
    // A long transaction, to have a request in flight when the connections end (a lone read cut off is run again
    // on a new connection: holding-pool.ts; a transaction's later statement cannot be).
    subject.app.get('/test/slow-read', async () => {
      await subject.database.db.transaction().execute((trx) => sql`select pg_sleep(30)`.execute(trx));
      return { done: true };
    });
    second = await createOtherInstance(subject);
    actors = await createActors(subject.database.db);
  });

  afterAll(async () => {
    await second?.close();
    await subject?.dispose();
  });

  it('answers the request in flight with a Spanish 503, serves the next ones and loses nothing acknowledged', async () => {
    const { app } = subject;
    const image = await uploadImage(app, actors.author);
    const before = await createPublication(app, actors.author, validForm('market', [image.url]));

    const inFlight = app.inject({ method: 'GET', url: '/test/slow-read' });
    await expect
      .poll(async () => {
        const { rows } = await sql<{ count: string }>`select count(*) as count from pg_stat_activity
            where datname = current_database() and query like 'select pg_sleep%'`.execute(second.database.db);
        return Number(rows[0]?.count);
      })
      .toBe(1);
    expect(await terminateConnections()).toBeGreaterThan(0);

    const failed = await inFlight;
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: DATABASE_UNAVAILABLE_MESSAGE,
    });
    expect(failed.headers['retry-after']).toBe('5');

    // Once the pool has dropped its dead connections, every request is served again: reads and writes.
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/api/publications' })).statusCode)
      .toBe(200);
    const after = await createPublication(app, actors.author, validForm('market', [image.url]));
    for (let i = 0; i < 5; i += 1) {
      const read = await app.inject({
        method: 'GET',
        url: `/api/publication/${before._id}`,
        headers: actors.author.headers,
      });
      expect(read.statusCode).toBe(200);
    }
    const stored = await subject.database.db
      .selectFrom('publications')
      .select('id')
      .where('id', 'in', [before._id, after._id])
      .execute();
    expect(stored).toHaveLength(2);
  });

  it('survives a connection lost between two statements of a transaction (no uncaught error)', async () => {
    const { db } = subject.database;
    const outcome = db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      // The connection is checked out and idle when its server ends it: node-postgres emits 'error' on it, which
      // ended the process when nothing listened (found by the cluster run, behind PgBouncer).
      await terminateConnections();
      await expect
        .poll(async () => {
          const gone = await sql<{ count: string }>`select count(*) as count from pg_stat_activity
            where pid = ${rows[0]?.pid}`.execute(second.database.db);
          return Number(gone.rows[0]?.count);
        })
        .toBe(0);
      // Let the server's goodbye reach the idle client before the next statement.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await sql`select 1`.execute(trx);
    });
    await expect(outcome).rejects.toSatisfy(isDatabaseUnavailable);
    await expect
      .poll(async () => (await subject.app.inject({ method: 'GET', url: '/api/publications' })).statusCode)
      .toBe(200);
  });

  it('reconnects the listening connection, and live notifications resume', async () => {
    const user = actors.other;
    const stream = await openStream(second.app, user.token);
    try {
      const start = await stream.nextUnread();
      await expect.poll(listeningPids).toHaveLength(1);
      const [old] = await listeningPids();

      await terminateConnections();
      // While it is away, a notification: the re-read after reconnecting delivers it.
      await soon(() =>
        notify(subject.database.db, { userId: user.id, title: 'Uno', message: 'Durante', kind: 'info' }),
      );
      expect(await stream.nextUnread(20_000)).toBe(start + 1);
      await expect.poll(listeningPids, { timeout: 20_000 }).toHaveLength(1);
      expect(await listeningPids()).not.toContain(old);

      // Back: a new one arrives live.
      await notify(subject.database.db, { userId: user.id, title: 'Dos', message: 'Después', kind: 'info' });
      expect(await stream.nextUnread(10_000)).toBe(start + 2);
    } finally {
      stream.close();
    }
  }, 45_000);

  it('logs an idle connection the server ended in one short line, without the client pg-pool adds to it', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const handle = createDatabase({ ...subject.config, databaseReadUrl: undefined }, { logger });
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      // Back in the pool, idle: its end is the pool's 'error' event, which pg-pool hands over with the client on it.
      await sql`select pg_terminate_backend(${rows[0]?.pid})`.execute(second.database.db);
      await expect.poll(() => lines.some((line) => line.msg === 'PostgreSQL idle client error')).toBe(true);
      const idle = lines.find((line) => line.msg === 'PostgreSQL idle client error');
      expect(idle).toMatchObject({ pool: 'main', err: { code: '57P01' } });
      expect(idle?.err).not.toHaveProperty('client');
      expect(JSON.stringify(idle).length).toBeLessThan(2000);
    } finally {
      await handle.close();
    }
  });
});
