import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '../src/db/database.ts';
import { toSqliteValue } from '../src/db/sqlite-dialect.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-app.ts';

describe('binding parameters', () => {
  it('node:sqlite shifts positional values when the first one is an object (the pitfall the adapter avoids)', () => {
    const raw = new DatabaseSync(':memory:');
    const row = raw.prepare('select ? as a, ? as b').get(new Date(0) as never, 'segundo');
    raw.close();
    // The Date was taken as the named-parameter object: 'segundo' moved to the first place.
    expect(row).toEqual({ a: 'segundo', b: null });
  });

  it('converts Dates to ISO strings and booleans to 0/1', () => {
    expect(toSqliteValue(new Date('2026-03-01T13:00:00.000Z'))).toBe('2026-03-01T13:00:00.000Z');
    expect(toSqliteValue(true)).toBe(1);
    expect(toSqliteValue(false)).toBe(0);
    expect(toSqliteValue(undefined)).toBeNull();
    expect(() => toSqliteValue({ an: 'object' })).toThrow(TypeError);
  });

  describe('through Kysely on the test database', () => {
    let subject: TestDatabase;

    beforeAll(async () => {
      subject = await createTestDatabase();
    });

    afterAll(async () => {
      await subject.dispose();
    });

    it('keeps every value in place when the first parameter is a Date', async () => {
      const when = new Date('2026-03-01T13:00:00.000Z');
      const { rows } = await sql<{
        a: unknown;
        b: string;
        c: string;
      }>`select ${when} as a, ${'segundo'} as b, ${'tercero'} as c`.execute(subject.database.db);

      // SQLite gets the ISO string; pg sends the Date as a local-time timestamp text: both denote the same instant.
      expect(new Date(String(rows[0]?.a)).getTime()).toBe(when.getTime());
      expect(rows[0]?.b).toBe('segundo');
      expect(rows[0]?.c).toBe('tercero');
    });

    it('stores a row whose first value is a Date-derived timestamp and reads it back unchanged', async () => {
      const now = new Date('2026-05-04T03:02:01.000Z');
      await subject.database.db
        .insertInto('users')
        .values({
          created_at: now.toISOString(),
          id: 'u1',
          email: 'ana@example.com',
          name: 'Ana',
          password_hash: 'x',
          updated_at: now.toISOString(),
        })
        .execute();
      const user = await subject.database.db
        .selectFrom('users')
        .select(['id', 'email', 'created_at', 'is_super_user', 'is_active'])
        .where('created_at', '=', now.toISOString())
        .executeTakeFirstOrThrow();

      expect(user).toEqual({
        id: 'u1',
        email: 'ana@example.com',
        created_at: '2026-05-04T03:02:01.000Z',
        is_super_user: 0,
        is_active: 1,
      });
    });
  });
});

describe.runIf(testDialect === 'sqlite')('transactions take the write lock as they begin', () => {
  let subject: TestDatabase;

  beforeAll(async () => {
    subject = await createTestDatabase({ dialect: 'sqlite' });
    await sql`create table lock_probe (id integer primary key, note text)`.execute(subject.database.db);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('a transaction that reads before it writes waits for another connection’s write lock instead of failing', async () => {
    const file = join(subject.config.dataDir, SQLITE_FILE_NAME);
    // Another connection (the checkpoint thread's truncating checkpoint, say) holds the write lock for 300 ms, on a
    // thread of its own: a wait on this thread is SQLite's, synchronous.
    const holder = new Worker(
      `const { DatabaseSync } = require('node:sqlite');
      const { parentPort, workerData } = require('node:worker_threads');
      const database = new DatabaseSync(workerData);
      database.exec('begin immediate');
      parentPort.postMessage('locked');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
      database.exec('commit');
      database.close();`,
      { eval: true, workerData: file },
    );
    await new Promise((resolve) => holder.once('message', resolve));
    const started = performance.now();
    await subject.database.db.transaction().execute(async (trx) => {
      await sql`select count(*) from lock_probe`.execute(trx);
      await sql`insert into lock_probe (note) values ('escrito')`.execute(trx);
    });
    // It waited for the lock (a deferred transaction failed here at once with SQLITE_BUSY).
    expect(performance.now() - started).toBeGreaterThan(100);
    const { rows } = await sql<{ note: string }>`select note from lock_probe`.execute(subject.database.db);
    expect(rows).toEqual([{ note: 'escrito' }]);
    await new Promise((resolve) => holder.once('exit', resolve));
  });
});
