import { searchStem } from '@eco/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillDatabase } from '../../../scripts/lib/bench-fill.ts';
import type { DB } from '../src/db/schema.ts';
import { searchStemsOf } from '../src/modules/publications/search-stems.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-app.ts';

// The benchmark's fill on SQLite does the search trigger's vocabulary step and the secondary indexes once, set-wise,
// after the bulk inserts (scripts/lib/bench-fill-sqlite.ts). The database must end exactly as the app's own
// row-by-row writes leave it.

const FILL = { publications: 1500, users: 20, seed: 11, now: new Date('2026-06-01T12:00:00.000Z') };

/** Every row of the search tables, and the FTS5 indexes term by term (fts5vocab reads contentless tables too). */
const CONTENTS: Record<string, string> = {
  search_words: 'select id, word from search_words order by id',
  publication_search_rows: 'select * from publication_search_rows order by seq',
  // The dated rows, kept by triggers on the slim rows (migration 0041).
  publication_dates: 'select * from publication_dates order by seq',
  // The points by seq (migration 0042).
  publication_points: 'select * from publication_points order by seq',
  publication_search: 'select term, doc, col, offset from temp.search_terms order by term, doc, col, offset',
  search_word_trigrams: 'select term, doc from temp.trigram_terms order by term, doc',
  publications: 'select * from publications order by id',
  list_versions: 'select * from list_versions order by list',
  publication_counts:
    'select * from publication_counts order by typed, location_country, location_province, location_city, label_mask',
  publication_map_cells:
    'select * from publication_map_cells order by band, cell_lat, cell_lng, typed, country',
  schema: 'select type, name, tbl_name, sql from sqlite_master order by type, name',
  integrity: 'select * from pragma_integrity_check',
  pragmas:
    'select (select cache_size from pragma_cache_size) as cache, (select synchronous from pragma_synchronous) as sync',
};

async function contents(db: DB): Promise<Record<string, unknown[]>> {
  await sql`create virtual table temp.search_terms using fts5vocab(main, publication_search, instance)`.execute(
    db,
  );
  await sql`create virtual table temp.trigram_terms using fts5vocab(main, search_word_trigrams, instance)`.execute(
    db,
  );
  const read: Record<string, unknown[]> = {};
  for (const [name, query] of Object.entries(CONTENTS)) read[name] = (await sql.raw(query).execute(db)).rows;
  return read;
}

describe.runIf(testDialect === 'sqlite')('the benchmark fill on SQLite', () => {
  let bulk: TestDatabase;
  let rowByRow: TestDatabase;

  beforeAll(async () => {
    bulk = await createTestDatabase();
    rowByRow = await createTestDatabase();
    await fillDatabase(bulk.database.db, 'sqlite', FILL);
    await fillDatabase(rowByRow.database.db, 'sqlite', { ...FILL, bulk: false });
  }, 60_000);

  afterAll(async () => {
    await bulk.dispose();
    await rowByRow.dispose();
  });

  it('leaves the same rows, vocabulary, full-text entries, schema and pragmas as row-by-row writes', async () => {
    const expected = await contents(rowByRow.database.db);
    const actual = await contents(bulk.database.db);
    expect((expected.search_words ?? []).length).toBeGreaterThan(100);
    expect((expected.publication_search ?? []).length).toBeGreaterThan(FILL.publications * 10);
    for (const name of Object.keys(CONTENTS))
      expect({ [name]: actual[name] }).toEqual({ [name]: expected[name] });
  });

  it('logs the bulk load as one reset at its last version, where row-by-row writes log every row', async () => {
    const logOf = async (db: DB) =>
      (await sql<{ version: number; change: string }>`select version, change from list_changes`.execute(db))
        .rows;
    const { rows } = await sql<{ version: number }>`select version from list_versions`.execute(
      bulk.database.db,
    );
    expect(await logOf(bulk.database.db)).toEqual([
      { version: rows[0]?.version, change: '{"kind":"reset"}' },
    ]);
    expect((await logOf(rowByRow.database.db)).length).toBeGreaterThan(FILL.publications);
  });

  it('a publication written afterwards adds its new words through the trigger', async () => {
    const { db } = bulk.database;
    const author = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const at = '2026-06-02T10:00:00.000Z';
    await db
      .insertInto('publications')
      .values({
        id: 'after-fill',
        typed: 'tips',
        title: 'Compostera zanahorianística',
        description: 'Una palabra nueva',
        labels: '[]',
        ...searchStemsOf({
          title: 'Compostera zanahorianística',
          description: 'Una palabra nueva',
          labels: '[]',
        }),
        status: 1,
        created_by: author.id,
        created_at: at,
        updated_at: at,
      })
      .execute();
    // The vocabulary holds the stored search tokens (migration 0011): the words' stems.
    const stems = [searchStem('compostera'), searchStem('zanahorianistica')].sort();
    const { rows } = await sql<{ word: string }>`
      select word from search_words where word in (${sql.join(stems)})`.execute(db);
    expect(rows.map((row) => row.word).sort()).toEqual(stems);
  });
});
