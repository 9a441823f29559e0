import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takesArrays, unnestedRows } from '../src/db/text-rows.ts';
import type { DB } from '../src/db/schema.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-app.ts';

// Rows sent as one text array per column (text-rows.ts) arrive as they were written: nulls, quotes, commas, braces,
// backslashes, the word NULL, empty strings and any character, whatever the number of rows.

const TRICKY = [
  '',
  'NULL',
  'null',
  '"comillas"',
  "l'apóstrofo",
  'a,b',
  '{llaves}',
  'barra \\ invertida',
  'ñandú 🌱',
  ' espacios ',
];

describe.runIf(testDialect === 'postgres')('PostgreSQL: rows as unnested text arrays', () => {
  let subject: TestDatabase;
  let db: DB;

  beforeAll(async () => {
    subject = await createTestDatabase();
    db = subject.database.db;
    await sql`create table text_rows_probe (n text primary key, a text, b text)`.execute(db);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('inserts every row as written, nulls included, in one statement', async () => {
    expect(takesArrays(db)).toBe(true);
    const rows = TRICKY.flatMap((value, index) => [
      { n: `${index}-a`, a: value, b: null },
      { n: `${index}-b`, a: null, b: value },
    ]);
    const many = Array.from({ length: 2_000 }, (_, index) => ({
      n: `many-${index}`,
      a: String(index),
      b: 'x',
    }));
    const columns = ['n', 'a', 'b'] as const;
    await sql`insert into text_rows_probe (n, a, b) ${unnestedRows(columns, [...rows, ...many])}`.execute(db);
    const { rows: stored } = await sql<{ n: string; a: string | null; b: string | null }>`
      select n, a, b from text_rows_probe`.execute(db);
    const byName = new Map(stored.map((row) => [row.n, row]));
    expect(stored).toHaveLength(rows.length + many.length);
    for (const row of [...rows, ...many]) expect(byName.get(row.n)).toEqual(row);
  });
});

describe.runIf(testDialect === 'sqlite')('SQLite: rows as a VALUES list', () => {
  it('takes no arrays', async () => {
    const subject = await createTestDatabase();
    try {
      expect(takesArrays(subject.database.db)).toBe(false);
    } finally {
      await subject.dispose();
    }
  });
});
