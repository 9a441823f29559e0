import { sql } from 'kysely';
import type { DB } from '../../apps/api/src/db/schema.ts';

/** The insert trigger of the search tables (migration 0003), and the vocabulary statement inside it. */
const SEARCH_TRIGGER = 'publications_search_insert';
const VOCABULARY_STATEMENT =
  /insert or ignore into search_words \(word\)\s+select distinct value from (json_each\(.*\)) where (.*?);/s;
/** Page cache of the fill's connection in KiB (a negative cache_size): the indexes of 1,000,000 rows fit. */
const FILL_CACHE_KIB = 1_048_576;

async function readPragma(db: DB, name: 'cache_size' | 'synchronous'): Promise<number> {
  const { rows } = await sql<Record<string, number>>`select * from ${sql.raw(`pragma_${name}`)}`.execute(db);
  return Number(Object.values(rows[0] ?? {})[0]);
}

async function replaceTrigger(db: DB, definition: string): Promise<void> {
  await sql`drop trigger ${sql.id(SEARCH_TRIGGER)}`.execute(db);
  await sql.raw(definition).execute(db);
}

/**
 * Prepares SQLite for the fill's bulk inserts: the vocabulary step of the search trigger is taken out, to be done
 * once, set-wise, by the function returned (call it after the inserts); the connection gets a large page cache
 * and stops waiting for the disk until then.
 *
 * The trigger folds every row's texts with some hundred nested `replace` calls and looks up each word (half the
 * fill's time, and more as the tables outgrow SQLite's default 2 MB cache). The statement run at the end is the
 * trigger's own, read from the database, over the rows in insertion order (`publication_search_rows.seq`, then
 * the word's position), so that `search_words` gets the same words under the same ids as row by row
 * (`bench-fill.test.ts` compares both ways).
 */
export async function deferVocabulary(db: DB): Promise<() => Promise<void>> {
  const { rows } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'trigger' and name = ${SEARCH_TRIGGER}`.execute(db);
  const trigger = rows[0]?.sql;
  const found = trigger === undefined ? null : VOCABULARY_STATEMENT.exec(trigger);
  if (trigger === undefined || found === null) {
    throw new Error(`The trigger ${SEARCH_TRIGGER} has no vocabulary statement: update the benchmark's fill`);
  }
  const [statement, words, condition] = found as unknown as [string, string, string];
  const cacheSize = await readPragma(db, 'cache_size');
  const synchronous = await readPragma(db, 'synchronous');
  await sql.raw(`pragma cache_size = -${FILL_CACHE_KIB}`).execute(db);
  // A benchmark's database: a crash during the fill loses nothing worth waiting for the disk.
  await sql.raw('pragma synchronous = off').execute(db);
  await replaceTrigger(db, trigger.replace(statement, ''));

  return async () => {
    await db.transaction().execute(async (trx) => {
      await sql
        .raw(
          `insert or ignore into search_words (word)
        select value from publication_search_rows as rows join publications as new on new.id = rows.id, ${words}
        where ${condition}
        order by rows.seq, json_each.key`,
        )
        .execute(trx);
      await replaceTrigger(trx, trigger);
    });
    await sql.raw(`pragma cache_size = ${cacheSize}`).execute(db);
    await sql.raw(`pragma synchronous = ${synchronous}`).execute(db);
  };
}
