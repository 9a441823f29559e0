import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { neverRan } from '../src/db/holding-pool.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../src/errors.ts';
import { createActors, uploadImage, validForm, type Actors } from './helpers/publications.ts';
import { freePort } from './helpers/server-process.ts';
import { openProxy, throughPort, type Proxy } from './helpers/tcp-proxy.ts';
import { createTestApp, TEST_DATABASE_URL, testDialect, type TestApp } from './helpers/test-app.ts';

// A restarting primary is away for a moment: requests that arrive then wait for it (DATABASE_HOLD_MS) instead of
// failing, and run once when it is back; past the hold they get the Spanish 503 (decision 040). The database "goes
// away" as a loopback proxy in front of it that closes (every connection reset, new ones refused).

describe('which errors prove a statement never ran', () => {
  it('knows a refused client, PgBouncer without a server and a starting database, and nothing that may have run', () => {
    const coded = (code: string, message: string) => Object.assign(new Error(message), { code });
    for (const error of [
      new Error('Client has encountered a connection error and is not queryable'),
      coded('08P01', 'server login has been failing, try again later (server_login_retry)'),
      coded('08P01', 'pgbouncer cannot connect to server'),
      coded('57P03', 'the database system is starting up'),
    ]) {
      expect(neverRan(error), error.message).toBe(true);
    }
    for (const error of [
      coded('57P01', 'terminating connection due to administrator command'),
      new Error('Connection terminated unexpectedly'),
      coded('08P01', 'server conn crashed?'),
      coded('ECONNRESET', 'read ECONNRESET'),
      coded('23505', 'duplicate key value violates unique constraint'),
      undefined,
    ]) {
      expect(neverRan(error), String(error)).toBe(false);
    }
  });
});

describe.runIf(testDialect === 'postgres')('a database away for a moment', () => {
  const HOLD_MS = 3000;
  let subject: TestApp;
  let actors: Actors;
  let port: number;
  let target: URL;
  let proxy: Proxy | undefined;

  const countOf = async (title: string) =>
    Number(
      (
        await subject.database.db
          .selectFrom('publications')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('title', '=', title)
          .executeTakeFirstOrThrow()
      ).count,
    );

  beforeAll(async () => {
    port = await freePort();
    // The proxy forwards to the server; each test database's name travels in the URL.
    target = new URL(TEST_DATABASE_URL);
    proxy = await openProxy(port, target);
    subject = await createTestApp({
      envOfUrl: (url) => ({
        DATABASE_URL: throughPort(url, port),
        // LISTEN keeps its own direct connection, as behind PgBouncer.
        DATABASE_LISTEN_URL: url,
        DATABASE_HOLD_MS: String(HOLD_MS),
      }),
    });
    actors = await createActors(subject.database.db);
  }, 60_000);

  afterEach(async () => {
    // A test that failed while the database was stalled must not leave the next ones waiting on it.
    proxy?.resume();
    proxy ??= await openProxy(port, target);
  });

  afterAll(async () => {
    await proxy?.close();
    await subject?.dispose();
  });

  it('holds a write and a read that arrive while it is away, and runs each once when it is back', async () => {
    const image = await uploadImage(subject.app, actors.author);
    await proxy?.close();
    proxy = undefined;
    const started = Date.now();
    const write = subject.app.inject({
      method: 'POST',
      url: '/api/publications',
      headers: actors.author.headers,
      payload: { ...validForm('market', [image.url]), title: 'Frascos guardados durante el reinicio' },
    });
    const read = subject.app.inject({ method: 'GET', url: '/api/publications?typed=market' });
    await new Promise((resolve) => setTimeout(resolve, 800));
    proxy = await openProxy(port, target);
    const [written, listed] = await Promise.all([write, read]);
    expect(written.statusCode, written.body).toBe(201);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    expect(await countOf('Frascos guardados durante el reinicio')).toBe(1);
  });

  it('holds at most two connections for version reads while it answers nothing, whatever the turns the reads come in', async () => {
    // Connections kept, nothing answered (an overloaded or partitioned primary): what is sent holds its connection.
    proxy?.stall();
    const reads: Promise<Awaited<ReturnType<TestApp['app']['inject']>>>[] = [];
    for (let page = 1; page <= 10; page++) {
      // `then` sends it now (light-my-request sends an injection when it is awaited).
      reads.push(
        subject.app.inject({ method: 'GET', url: `/api/publications?typed=market&page=${page}` }).then(),
      );
      // Each in a turn of its own: the callers of a turn share one version query (fresh-reads.ts).
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Every read waits for its version on two connections (one more if the job queue's poll falls now), none queued:
    // the rest of the pool is free for the writes. Without the bound, ten turns fill the pool and queue behind it.
    const main = subject.database.poolStats?.().find((pool) => pool.pool === 'main');
    const busy = (main?.total ?? 0) - (main?.idle ?? 0);
    expect(main?.waiting).toBe(0);
    expect(busy).toBeGreaterThanOrEqual(2);
    expect(busy).toBeLessThanOrEqual(3);
    proxy?.resume();
    for (const read of await Promise.all(reads)) expect(read.statusCode, read.body).toBe(200);
  });

  it('answers the Spanish 503 once the hold has passed, and serves the next request when it is back', async () => {
    await proxy?.close();
    proxy = undefined;
    const started = Date.now();
    const failed = await subject.app.inject({ method: 'GET', url: '/api/publications?typed=market' });
    const waited = Date.now() - started;
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    expect(waited).toBeGreaterThanOrEqual(HOLD_MS - 200);
    expect(waited).toBeLessThan(HOLD_MS + 10_000);
    proxy = await openProxy(port, target);
    const next = await subject.app.inject({ method: 'GET', url: '/api/publications?typed=market' });
    expect(next.statusCode, next.body).toBe(200);
  }, 30_000);
});
