import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { readListVersion } from '../src/db/list-versions.ts';
import { sqliteConnectionOf } from '../src/db/sqlite-dialect.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-app.ts';

// The list version is read on every list request, remembered answers included: on SQLite with a statement of its
// own on the connection, skipping Kysely, whenever that reads what a Kysely query would. These tests hold it to the
// exactness the remembered answers rest on: a write committed anywhere is seen by the very next read, and a write
// not committed yet (a transaction of this process in flight) never is.

const LIST = 'publications';

describe('reading a list version', () => {
  let subject: TestDatabase;
  /** Another process's connections to the same database. */
  let other: DatabaseHandle;

  beforeAll(async () => {
    subject = await createTestDatabase();
    other = createDatabase(subject.config);
  });

  afterAll(async () => {
    await other.close();
    await subject.dispose();
  });

  const raise = (db: DatabaseHandle['db']) =>
    sql`update list_versions set version = version + 1 where list = ${LIST}`.execute(db);

  it('sees a write committed by another process on the very next read', async () => {
    const { db } = subject.database;
    const before = await readListVersion(db, LIST);
    await raise(other.db);
    expect(await readListVersion(db, LIST)).toBe(before + 1);
    await raise(other.db);
    await raise(other.db);
    expect(await readListVersion(db, LIST)).toBe(before + 3);
    expect(await readListVersion(other.db, LIST)).toBe(before + 3);
  });

  it('never sees a version raised by a transaction of this process that is not committed', async () => {
    const { db } = subject.database;
    const before = await readListVersion(db, LIST);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let raised!: () => void;
    const raisedInside = new Promise<void>((resolve) => (raised = resolve));
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await raise(trx);
        raised();
        await held;
        throw new Error('rolled back on purpose');
      })
      .catch(() => undefined);
    await raisedInside;
    if (testDialect === 'sqlite') expect(sqliteConnectionOf(db)?.readsCommitted()).toBe(false);
    const read = readListVersion(db, LIST);
    release();
    await transaction;
    expect(await read).toBe(before);
    if (testDialect === 'sqlite') expect(sqliteConnectionOf(db)?.readsCommitted()).toBe(true);
  });

  it('reads the version a transaction of this process committed once it has', async () => {
    const { db } = subject.database;
    const before = await readListVersion(db, LIST);
    await db.transaction().execute(async (trx) => {
      await raise(trx);
      expect(await readListVersion(trx, LIST)).toBe(before + 1);
    });
    expect(await readListVersion(db, LIST)).toBe(before + 1);
  });

  it.runIf(testDialect === 'sqlite')(
    'waits for a statement being iterated on the connection: its read snapshot may be older',
    async () => {
      const { db } = subject.database;
      const before = await readListVersion(db, LIST);
      const rows = db.selectFrom('list_versions').select('list').stream()[Symbol.asyncIterator]();
      // The statement has started: its read snapshot is taken, and it holds the connection until it is done.
      expect((await rows.next()).done).toBe(false);
      expect(sqliteConnectionOf(db)?.readsCommitted()).toBe(false);
      await raise(other.db);
      const read = readListVersion(db, LIST);
      await rows.return?.();
      expect(await read).toBe(before + 1);
      expect(sqliteConnectionOf(db)?.readsCommitted()).toBe(true);
    },
  );

  it('throws for a list without a version row, on either path', async () => {
    const { db } = subject.database;
    await expect(readListVersion(db, 'no-such-list')).rejects.toThrow(/No version row/);
    await db.transaction().execute(async (trx) => {
      await expect(readListVersion(trx, 'no-such-list')).rejects.toThrow(/No version row/);
    });
  });
});
