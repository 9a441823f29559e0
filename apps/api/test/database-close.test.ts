import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseClosed, isDatabaseUnavailable } from '../src/db/connection-errors.ts';
import { createDatabase } from '../src/db/database.ts';
import { CLOSING_MESSAGE } from '../src/plugins/graceful-close.ts';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.ts';

// A server that shuts down closes its database after the requests in flight have been answered; a request whose
// client left early is no longer in flight for the HTTP server, and its handler may still be reading. Its read in
// flight gets its rows (the SQLite reader thread is stopped only once its reads are answered; PostgreSQL's pool
// ends once its clients are released), and a statement it sends afterwards ends the request with the closing 503 in
// Spanish, a warning rather than an unexpected error.

describe('which errors mean this process has closed its database', () => {
  it('knows a destroyed Kysely, an ended pool and a closed SQLite file, and nothing else', () => {
    const coded = (code: string, message: string) => Object.assign(new Error(message), { code });
    for (const error of [
      new Error('driver has already been destroyed'),
      new Error('Cannot use a pool after calling end on the pool'),
      coded('ERR_INVALID_STATE', 'database is not open'),
      coded('ERR_INVALID_STATE', 'statement has been finalized'),
    ]) {
      expect(isDatabaseClosed(error), String(error)).toBe(true);
      // Not a database to wait for (holding-pool.ts): closed is closed.
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
    for (const error of [
      new Error('Connection terminated unexpectedly'),
      coded('ERR_INVALID_STATE', 'something else'),
      new Error('database is not open'),
      'driver has already been destroyed',
      undefined,
    ]) {
      expect(isDatabaseClosed(error), String(error)).toBe(false);
    }
  });
});

describe('a database closed under a request still running', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp();
  });

  afterAll(async () => {
    await subject?.dispose();
  });

  /**
   * A second handle on the same database, to close here as the server closes its own, used once as a server's is
   * (a Kysely never used is not marked destroyed by closing it: it would open again).
   */
  async function openedHandle() {
    const handle = createDatabase(subject.config);
    await sql`select 1`.execute(handle.db);
    await sql`select 1`.execute(handle.reader);
    return handle;
  }

  /** A list-like read that takes a few hundred milliseconds on either dialect. */
  const slowRead = () =>
    testDialect === 'postgres'
      ? sql<{ n: number }>`select pg_sleep(0.4), 2000000 as n`
      : sql<{
          n: number;
        }>`with recursive c(i) as (select 1 union all select i + 1 from c where i < 2000000) select count(*) as n from c`;

  it('answers the read in flight, then refuses new statements as closed', async () => {
    const handle = await openedHandle();
    const reading = slowRead().execute(handle.reader);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await handle.close();
    const { rows } = await reading;
    expect(Number(rows[0]?.n)).toBe(2_000_000);
    for (const db of [handle.reader, handle.db]) {
      const error = await sql`select 1`.execute(db).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(isDatabaseClosed(error), String(error)).toBe(true);
    }
  });

  it('ends the request with the closing 503 in Spanish', async () => {
    const handle = await openedHandle();
    let release = () => {};
    const closed = new Promise<void>((resolve) => {
      release = resolve;
    });
    subject.app.get('/test/read-after-close', async () => {
      await closed;
      await sql`select 1`.execute(handle.db);
      return { read: true };
    });
    const answer = subject.app.inject({ method: 'GET', url: '/test/read-after-close' });
    await handle.close();
    release();
    const response = await answer;
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toMatchObject({ statusCode: 503, message: CLOSING_MESSAGE });
  });
});
