import { sql } from 'kysely';
import type { DB } from '../../apps/api/src/db/schema.ts';

/** The insert trigger of the search tables (migration 0003), and the vocabulary statement inside it. */
const SEARCH_TRIGGER = 'publications_search_insert';
const VOCABULARY_STATEMENT =
  /insert or ignore into search_words \(word\)\s+select distinct value from (json_each\(.*\)) where (.*?);/s;
/**
 * The triggers that raise the list's version and log each inserted row's change (migration 0016): during the fill they
 * only raise the version, and one `reset` is logged at the end, as PostgreSQL logs a statement of many rows.
 */
const LOGGING_TRIGGERS = ['publications_list_version_insert', 'publication_files_list_version_insert'];
const LOGGED_CHANGE = /\s*insert into list_changes \(list, version, at, change\)\s+values \(.*?\);/s;
/** The tables the fill writes, whose secondary indexes are built once after it. */
const FILLED_TABLES = ['publications', 'publication_search_rows', 'publication_files'];
/** Page cache of the fill's connection in KiB (a negative cache_size). */
const FILL_CACHE_KIB = 1_048_576;

async function readPragma(db: DB, name: 'cache_size' | 'synchronous'): Promise<number> {
  const { rows } = await sql<Record<string, number>>`select * from ${sql.raw(`pragma_${name}`)}`.execute(db);
  return Number(Object.values(rows[0] ?? {})[0]);
}

async function replaceTrigger(db: DB, name: string, definition: string): Promise<void> {
  await sql`drop trigger ${sql.id(name)}`.execute(db);
  await sql.raw(definition).execute(db);
}

/**
 * Prepares SQLite for the fill's bulk inserts and returns what finishes them (call it after the inserts): the
 * work that row-by-row writes do per row is done once, set-wise, with the same result.
 *
 * - The search trigger's vocabulary step folds every row's texts with some hundred nested `replace` calls and
 *   looks up each word. It is taken out of the trigger and run once at the end: the trigger's own statement, read
 *   from the database, over the rows in insertion order (`publication_search_rows.seq`, then the word's
 *   position), so that `search_words` gets the same words under the same ids as row by row.
 * - The secondary indexes of the filled tables (fifteen, on random ids and dates) are dropped and created again
 *   from their own definitions: one sort each instead of a random B-tree insert per row.
 * - A large page cache, and no waiting for the disk (a benchmark's database), until the end.
 *
 * `bench-fill.test.ts` compares a fill made this way with one made row by row: every table, index definition and
 * full-text index entry the same. A fill that fails midway leaves the database without them: it is a benchmark's
 * or a test's, thrown away.
 */
export async function prepareBulkLoad(db: DB): Promise<() => Promise<void>> {
  const { rows } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'trigger' and name = ${SEARCH_TRIGGER}`.execute(db);
  const trigger = rows[0]?.sql;
  const found = trigger === undefined ? null : VOCABULARY_STATEMENT.exec(trigger);
  if (trigger === undefined || found === null) {
    throw new Error(`The trigger ${SEARCH_TRIGGER} has no vocabulary statement: update the benchmark's fill`);
  }
  const [statement, words, condition] = found as unknown as [string, string, string];
  const { rows: indexes } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master
    where type = 'index' and sql is not null and tbl_name in (${sql.join(FILLED_TABLES)})`.execute(db);
  const { rows: logging } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master where type = 'trigger' and name in (${sql.join(LOGGING_TRIGGERS)})`.execute(
    db,
  );
  if (logging.length !== LOGGING_TRIGGERS.length || logging.some((row) => !LOGGED_CHANGE.test(row.sql))) {
    throw new Error(`The triggers ${LOGGING_TRIGGERS.join(', ')} log no change: update the benchmark's fill`);
  }
  const cacheSize = await readPragma(db, 'cache_size');
  const synchronous = await readPragma(db, 'synchronous');
  await sql.raw(`pragma cache_size = -${FILL_CACHE_KIB}`).execute(db);
  await sql.raw('pragma synchronous = off').execute(db);
  await db.transaction().execute(async (trx) => {
    await replaceTrigger(trx, SEARCH_TRIGGER, trigger.replace(statement, ''));
    for (const { name, sql: definition } of logging) {
      await replaceTrigger(trx, name, definition.replace(LOGGED_CHANGE, ''));
    }
    for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(trx);
  });

  return async () => {
    await db.transaction().execute(async (trx) => {
      for (const index of indexes) await sql.raw(index.sql).execute(trx);
      await sql
        .raw(
          `insert or ignore into search_words (word)
        select value from publication_search_rows as rows join publications as new on new.id = rows.id, ${words}
        where ${condition}
        order by rows.seq, json_each.key`,
        )
        .execute(trx);
      await replaceTrigger(trx, SEARCH_TRIGGER, trigger);
      for (const { name, sql: definition } of logging) await replaceTrigger(trx, name, definition);
      await sql`insert into list_changes (list, version, at, change)
        select list, version, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), '{"kind":"reset"}' from list_versions
        where list = 'publications'`.execute(trx);
    });
    await sql.raw(`pragma cache_size = ${cacheSize}`).execute(db);
    await sql.raw(`pragma synchronous = ${synchronous}`).execute(db);
  };
}
