import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../src/db/database.ts';

// The lists' reader on SQLite: a worker thread with its own connection to the same file. Its queries must leave the
// event loop free, see every write committed on the main connection, refuse writes, and report errors as errors.

/** A read that takes the SQLite engine a while: counting to `n` with a recursive query. */
const slowCount = (n: number) =>
  sql<{ n: number }>`with recursive c(i) as (select 1 union all select i + 1 from c where i < ${n})
    select count(*) as n from c`;

describe('the SQLite reader thread', () => {
  let dataDir: string;
  let database: DatabaseHandle;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'eco-reader-test-'));
    database = createDatabase({ dataDir, databaseUrl: undefined });
    await sql`create table notes (id integer primary key, body text not null)`.execute(database.db);
  });

  afterAll(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is a connection of its own on SQLite', () => {
    expect(database.dialect).toBe('sqlite');
    expect(database.reader).not.toBe(database.db);
  });

  it('reads what the main connection committed, on the very next query', async () => {
    for (let index = 0; index < 20; index++) {
      await database.db
        .insertInto('notes' as never)
        .values({ body: `nota ${index}` } as never)
        .execute();
      const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(database.reader);
      expect(rows[0]?.n).toBe(index + 1);
    }
    // Parameters are bound as on the main connection (Dates as ISO text).
    const { rows } = await sql<{ at: string }>`select ${new Date(0)} as at`.execute(database.reader);
    expect(rows[0]?.at).toBe('1970-01-01T00:00:00.000Z');
  });

  it('keeps the event loop free while a long read runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const started = performance.now();
    const { rows } = await slowCount(3_000_000).execute(database.reader);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(rows[0]?.n).toBe(3_000_000);
    // The same read on the main connection would hold the loop for all of `elapsed`: no tick at all.
    expect(ticks).toBeGreaterThanOrEqual(Math.min(3, Math.floor(elapsed / 20)));
  });

  it('refuses writes and reports errors as errors, then keeps answering', async () => {
    await expect(
      sql`insert into notes (body) values ('desde el lector')`.execute(database.reader),
    ).rejects.toThrow(/readonly|query_only|attempt to write/i);
    await expect(sql`select * from no_such_table`.execute(database.reader)).rejects.toThrow(/no such table/);
    await expect(database.reader.transaction().execute(async () => undefined)).rejects.toThrow(
      /transactions/,
    );
    const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(database.reader);
    expect(rows[0]?.n).toBe(20);
  });

  it('answers a short read on another thread while a long one runs', async () => {
    const pair = createDatabase({ dataDir, databaseUrl: undefined, sqliteReaders: 2 });
    try {
      // Both threads started first (two reads at once), so that a thread's start-up on a busy machine decides nothing.
      await Promise.all([sql`select 1`.execute(pair.reader), sql`select 2`.execute(pair.reader)]);
      const finished: string[] = [];
      const long = slowCount(5_000_000)
        .execute(pair.reader)
        .then(() => finished.push('long'));
      // Sent once the long read is under way: one thread (or one query at a time) would answer it after.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const short = sql`select 1 as one`.execute(pair.reader).then(() => finished.push('short'));
      await Promise.all([long, short]);
      expect(finished).toEqual(['short', 'long']);
    } finally {
      await pair.close();
    }
  });

  it('answers concurrent queries each with its own rows', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        sql<{ v: number }>`select ${index} as v`.execute(database.reader),
      ),
    );
    expect(answers.map(({ rows }) => rows[0]?.v)).toEqual(Array.from({ length: 50 }, (_, index) => index));
  });
});
