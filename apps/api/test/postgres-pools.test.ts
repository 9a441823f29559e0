import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-app.ts';

// On PostgreSQL the lists' reads have a pool of their own (DatabaseHandle.reader): a write never waits for a
// connection behind searches, and the reader sees every write committed before its query starts, as another process
// would (the list's version is read on the main pool first).

describe.runIf(testDialect === 'postgres')('the PostgreSQL reader pool', () => {
  let subject: TestDatabase;

  beforeAll(async () => {
    subject = await createTestDatabase();
    await sql`create table notes (id serial primary key, body text not null)`.execute(subject.database.db);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('sees each write of the main pool on its next query', async () => {
    const { db, reader } = subject.database;
    expect(reader).not.toBe(db);
    for (let index = 0; index < 5; index++) {
      await sql`insert into notes (body) values (${`nota ${index}`})`.execute(db);
      const { rows } = await sql<{ n: string }>`select count(*) as n from notes`.execute(reader);
      expect(Number(rows[0]?.n)).toBe(index + 1);
    }
  });

  it('keeps writes moving while every reader connection is busy', async () => {
    const { db, reader } = subject.database;
    const slowReads = Array.from({ length: 12 }, () => sql`select pg_sleep(0.6)`.execute(reader));
    // Give the reads their connections first.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    await sql`insert into notes (body) values ('mientras tanto')`.execute(db);
    const writeMs = performance.now() - started;
    await Promise.all(slowReads);
    // Behind the reads it would wait at least 0.5 s for a connection.
    expect(writeMs).toBeLessThan(400);
  });
});
