import { sql } from 'kysely';
import type { DB } from '../../apps/api/src/db/schema.ts';

/** The insert trigger of the search tables (migration 0003), and its three statements. */
const SEARCH_TRIGGER = 'publications_search_insert';
/** The row of publication_search_rows: its columns, and their values read from `new`. */
const ROWS_STATEMENT = /insert into publication_search_rows (\([^)]*\)) values \((.*?)\);/s;
/** The full-text entry of the row just inserted: everything but its last condition. */
const ENTRY_STATEMENT =
  /(insert into publication_search \(.*?\)\s+select .*?from publication_search_rows as r join publications as p on p\.id = r\.id)\s+where r\.id = new\.id;/s;
const VOCABULARY_STATEMENT =
  /insert or ignore into search_words \(word\)\s+select distinct value from (json_each\(.*\)) where (.*?);/s;
/**
 * The triggers that raise the list's version and log each inserted row's change (migration 0016), one row at a time:
 * off during the fill, the version is raised once by the rows inserted at the end, and one `reset` is logged, as
 * PostgreSQL logs a statement of many rows.
 */
const LOGGING_TRIGGERS = ['publications_list_version_insert', 'publication_files_list_version_insert'];
const LOGGED_CHANGE = /\s*insert into list_changes \(list, version, at, change\)\s+values \(.*?\);/s;
/** What such a trigger does besides logging: raise the version by one. */
const RAISED_VERSION =
  /begin\s+update list_versions set version = version \+ 1 where list = 'publications';\s*end$/s;
/** The tables the fill writes, whose secondary indexes are built once after it. */
const FILLED_TABLES = ['publications', 'publication_search_rows', 'publication_files'];
/** Page cache of the fill's connection in KiB (a negative cache_size). */
const FILL_CACHE_KIB = 1_048_576;

async function readPragma(
  db: DB,
  name: 'cache_size' | 'synchronous' | 'wal_autocheckpoint',
): Promise<number> {
  const { rows } = await sql<Record<string, number>>`pragma ${sql.raw(name)}`.execute(db);
  return Number(Object.values(rows[0] ?? {})[0]);
}

/**
 * Prepares SQLite for the fill's bulk inserts and returns what finishes them (call it after the inserts): the
 * work that row-by-row writes do per row is done once, set-wise, with the same result.
 *
 * - The search trigger (a row of `publication_search_rows`, its full-text entry, its new words) is taken off during
 *   the inserts, and its own statements, read from the database, are run once at the end over the rows inserted, in
 *   their insertion order: the same sequence numbers, the same full-text entries, and the vocabulary's words under the
 *   same ids as row by row (`publication_search_rows.seq`, then the word's position). One pass of FTS5 over all
 *   the rows, instead of a small insert per row interleaved with the others' B-trees, takes about half the time.
 * - The secondary indexes of the filled tables (fifteen, on random ids and dates) are dropped and created again
 *   from their own definitions: one sort each instead of a random B-tree insert per row.
 * - A large page cache, no waiting for the disk (a benchmark's database) and checkpoints inline, until the end.
 *
 * `bench-fill.test.ts` compares a fill made this way with one made row by row: every table, index definition and
 * full-text index entry the same. A fill that fails midway leaves the database without them: it is a benchmark's
 * or a test's, thrown away.
 */
export async function prepareBulkLoad(db: DB): Promise<() => Promise<void>> {
  const { rows } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'trigger' and name = ${SEARCH_TRIGGER}`.execute(db);
  const trigger = rows[0]?.sql ?? '';
  const searchRow = ROWS_STATEMENT.exec(trigger);
  const entry = ENTRY_STATEMENT.exec(trigger);
  const vocabulary = VOCABULARY_STATEMENT.exec(trigger);
  if (searchRow === null || entry === null || vocabulary === null) {
    throw new Error(
      `The trigger ${SEARCH_TRIGGER} is not the one the fill knows: update the benchmark's fill`,
    );
  }
  const [, rowColumns, rowValues] = searchRow as unknown as [string, string, string];
  const [, entryInsert] = entry as unknown as [string, string];
  const [, words, condition] = vocabulary as unknown as [string, string, string];
  // Only the rows this fill inserts go through the set-wise statements: those after the last ones present.
  const { rows: lasts } = await sql<{ publication: number; file: number; seq: number }>`
    select (select coalesce(max(rowid), 0) from publications) as publication,
      (select coalesce(max(rowid), 0) from publication_files) as file,
      (select coalesce(max(seq), 0) from publication_search_rows) as seq`.execute(db);
  const last = lasts[0] ?? { publication: 0, file: 0, seq: 0 };
  const { rows: indexes } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master
    where type = 'index' and sql is not null and tbl_name in (${sql.join(FILLED_TABLES)})`.execute(db);
  const { rows: logging } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master where type = 'trigger' and name in (${sql.join(LOGGING_TRIGGERS)})`.execute(
    db,
  );
  const knownLogging = (definition: string) =>
    LOGGED_CHANGE.test(definition) && RAISED_VERSION.test(definition.replace(LOGGED_CHANGE, ''));
  if (logging.length !== LOGGING_TRIGGERS.length || !logging.every((row) => knownLogging(row.sql))) {
    throw new Error(`The triggers ${LOGGING_TRIGGERS.join(', ')} are not the ones the fill knows: update it`);
  }
  const cacheSize = await readPragma(db, 'cache_size');
  const synchronous = await readPragma(db, 'synchronous');
  const autocheckpoint = await readPragma(db, 'wal_autocheckpoint');
  await sql.raw(`pragma cache_size = -${FILL_CACHE_KIB}`).execute(db);
  await sql.raw('pragma synchronous = off').execute(db);
  // A bulk load wants throughput, not short commits: the log copied back inline, small and never waited for, instead
  // of by the server's checkpoint thread (sqlite-checkpoints.ts), which would let it grow and then make it wait.
  await sql.raw('pragma wal_autocheckpoint = 1000').execute(db);
  await db.transaction().execute(async (trx) => {
    await sql`drop trigger ${sql.id(SEARCH_TRIGGER)}`.execute(trx);
    for (const { name } of logging) await sql`drop trigger ${sql.id(name)}`.execute(trx);
    for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(trx);
  });

  return async () => {
    await db.transaction().execute(async (trx) => {
      // The trigger's statements in the order it runs them for each row, each over every inserted row in turn.
      await sql
        .raw(
          `insert into publication_search_rows ${rowColumns}
        select ${rowValues} from publications as new where new.rowid > ${last.publication} order by new.rowid`,
        )
        .execute(trx);
      await sql.raw(`${entryInsert} where r.seq > ${last.seq} order by r.seq`).execute(trx);
      await sql
        .raw(
          `insert or ignore into search_words (word)
        select value from publication_search_rows as rows join publications as new on new.id = rows.id, ${words}
        where rows.seq > ${last.seq} and ${condition}
        order by rows.seq, json_each.key`,
        )
        .execute(trx);
      for (const index of indexes) await sql.raw(index.sql).execute(trx);
      await sql.raw(trigger).execute(trx);
      // One version per row written, as the logging triggers raise it row by row.
      await sql
        .raw(
          `update list_versions set version = version
          + (select count(*) from publications where rowid > ${last.publication})
          + (select count(*) from publication_files where rowid > ${last.file})
        where list = 'publications'`,
        )
        .execute(trx);
      for (const { sql: definition } of logging) await sql.raw(definition).execute(trx);
      await sql`insert into list_changes (list, version, at, change)
        select list, version, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), '{"kind":"reset"}' from list_versions
        where list = 'publications'`.execute(trx);
    });
    await sql.raw(`pragma cache_size = ${cacheSize}`).execute(db);
    await sql.raw(`pragma synchronous = ${synchronous}`).execute(db);
    await sql.raw(`pragma wal_autocheckpoint = ${autocheckpoint}`).execute(db);
  };
}
