import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';

// What each write changed, next to the version it raised (decision 010, "Remembered answers kept across writes").
// Until now a process dropped everything it remembered of the publications list at every new version. Now the
// same triggers that raise the version write, in the same transaction, what changed into `list_changes`: the
// publication before and after (what the list filters and searches on, and its author), a publication's images,
// an author's card, or `reset` when a change cannot be told briefly (a member suspended or reinstated, a statement of
// many rows). A process that sees a newer version reads the changes since the one it had and keeps every remembered
// answer and count that none of them can alter. The version row serialises the writers, so a version read means
// that every change up to it is committed and readable.
//
// `list_versions.changes_from`: the first version whose changes are all still kept (older ones are pruned); a
// process remembering an older version keeps nothing.

/** A statement writing more rows than this is logged as one `reset` instead of a change per row (PostgreSQL). */
const MANY_ROWS = 200;

/** The publication `row` (`new`, `old`, or a transition table's alias) as the change log describes it. */
export function described(row: string, sqlite: boolean): string {
  const build = sqlite ? 'json_object' : 'json_build_object';
  const labels = sqlite
    ? `json(case when json_valid(${row}.labels) then ${row}.labels else '[]' end)`
    : `eco_json_labels(${row}.labels)`;
  const visible = `${row}.status = 1 and not exists (select 1 from users as author where author.id = ${row}.created_by and author.is_active = 0)`;
  return `${build}('id', ${row}.id, 'status', ${row}.status, 'visible', (${visible}),
    'author', ${row}.created_by, 'typed', ${row}.typed, 'country', ${row}.location_country,
    'province', ${row}.location_province, 'city', ${row}.location_city, 'labels', ${labels},
    'date', ${row}.calendared_at,
    'words', ${row}.title_stems || ' ' || ${row}.labels_stems || ' ' || ${row}.description_stems)`;
}

const CURRENT = `(select version from list_versions where list = 'publications')`;
/** Now, as the ISO text the API writes (the log is pruned by age). */
const NOW_POSTGRES = `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// ------------------------------------------------------------------------------------------------- SQLite

function logSqlite(change: string): string {
  return `update list_versions set version = version + 1 where list = 'publications';
    insert into list_changes (list, version, at, change)
      values ('publications', ${CURRENT}, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ${change});`;
}

/** How a publication is described in the log: `described`, or a later migration's (0031 adds its point). */
export type Describe = (row: string, sqlite: boolean) => string;

/** SQLite's triggers logging a publication's insert, update and delete, by name. */
function publicationTriggersSqlite(describe: Describe): Record<string, string> {
  const publication = (before: string, after: string) =>
    `json_object('kind', 'publication', 'before', ${before}, 'after', ${after})`;
  return {
    publications_list_version_insert: `after insert on publications begin
      ${logSqlite(publication('null', describe('new', true)))} end`,
    publications_list_version_update: `after update on publications begin
      ${logSqlite(publication(describe('old', true), describe('new', true)))} end`,
    publications_list_version_delete: `after delete on publications begin
      ${logSqlite(publication(describe('old', true), 'null'))} end`,
  };
}

async function createTriggersSqlite(db: Kysely<unknown>, triggers: Record<string, string>): Promise<void> {
  for (const [name, body] of Object.entries(triggers)) {
    await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    await sql.raw(`create trigger ${name} ${body}`).execute(db);
  }
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  const triggers: Record<string, string> = {
    ...publicationTriggersSqlite(described),
    publication_files_list_version_insert: `after insert on publication_files begin
      ${logSqlite(`json_object('kind', 'files', 'id', new.publication_id)`)} end`,
    publication_files_list_version_update: `after update on publication_files begin
      ${logSqlite(`json_object('kind', 'files', 'id', new.publication_id)`)}
      ${logSqlite(`json_object('kind', 'files', 'id', old.publication_id)`)} end`,
    publication_files_list_version_delete: `after delete on publication_files begin
      ${logSqlite(`json_object('kind', 'files', 'id', old.publication_id)`)} end`,
    users_cards_list_version: `after update of name, picture_url, phone, rating_count, rating_sum on users
      when old.name is not new.name or old.picture_url is not new.picture_url or old.phone is not new.phone
        or old.rating_count is not new.rating_count or old.rating_sum is not new.rating_sum
      begin ${logSqlite(`json_object('kind', 'author', 'id', new.id)`)} end`,
    users_is_active_list_version: `after update of is_active on users when old.is_active is not new.is_active
      begin ${logSqlite(`json_object('kind', 'reset')`)} end`,
  };
  await createTriggersSqlite(db, triggers);
}

// --------------------------------------------------------------------------------------------- PostgreSQL

/**
 * A plpgsql function that raises the version once and logs `changes` (a select of json values named `change`).
 * `settings`: the function's own SET clause, if any.
 */
async function loggingFunction(
  db: Kysely<unknown>,
  name: string,
  rows: string,
  changes: string,
  settings = '',
) {
  await sql
    .raw(
      `create or replace function ${name}() returns trigger language plpgsql ${settings} as $body$
    declare
      raised bigint;
    begin
      update list_versions set version = version + 1 where list = 'publications' returning version into raised;
      if (select count(*) from ${rows}) > ${MANY_ROWS} then
        insert into list_changes (list, version, at, change)
          values ('publications', raised, ${NOW_POSTGRES}, json_build_object('kind', 'reset')::text);
      else
        insert into list_changes (list, version, at, change)
          select 'publications', raised, ${NOW_POSTGRES}, change::text from (${changes}) as logged;
      end if;
      return null;
    end
  $body$`,
    )
    .execute(db);
}

/** PostgreSQL's functions logging a publication's insert, update and delete (their triggers name them). */
async function publicationFunctionsPostgres(
  db: Kysely<unknown>,
  describe: Describe,
  settings = '',
): Promise<void> {
  const publication = (before: string, after: string) =>
    `json_build_object('kind', 'publication', 'before', ${before}, 'after', ${after}) as change`;
  await loggingFunction(
    db,
    'eco_log_publications_insert',
    'added',
    `select ${publication('null', describe('added', false))} from added`,
    settings,
  );
  await loggingFunction(
    db,
    'eco_log_publications_update',
    'after_rows',
    `select ${publication(describe('before_rows', false), describe('after_rows', false))}
      from before_rows join after_rows on after_rows.id = before_rows.id`,
    settings,
  );
  await loggingFunction(
    db,
    'eco_log_publications_delete',
    'removed',
    `select ${publication(describe('removed', false), 'null')} from removed`,
    settings,
  );
}

/**
 * Redefines how a publication's insert, update and delete are logged (a later migration's description, or back to
 * `described`), leaving every other logging trigger as it is: SQLite's triggers recreated under their names,
 * PostgreSQL's functions replaced under theirs (its statement triggers, and their order by name, unchanged).
 */
export async function logPublicationsAs(
  db: Kysely<unknown>,
  sqlite: boolean,
  describe: Describe,
  /** PostgreSQL: the functions' own SET clause, if any. */
  settings = '',
): Promise<void> {
  if (sqlite) await createTriggersSqlite(db, publicationTriggersSqlite(describe));
  else await publicationFunctionsPostgres(db, describe, settings);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // A publication's labels as JSON; text that is not a JSON array (never written by the API) as none.
  await sql`create or replace function eco_json_labels(labels text) returns jsonb language plpgsql immutable as $body$
    begin
      return case when jsonb_typeof(labels::jsonb) = 'array' then labels::jsonb else '[]'::jsonb end;
    exception when others then
      return '[]'::jsonb;
    end
  $body$`.execute(db);
  await sql`drop trigger if exists publications_list_version on publications`.execute(db);
  await sql`drop trigger if exists publication_files_list_version on publication_files`.execute(db);
  await publicationFunctionsPostgres(db, described);
  const files = (rows: string) =>
    `select distinct json_build_object('kind', 'files', 'id', publication_id)::text as change from ${rows}`;
  await loggingFunction(db, 'eco_log_files_insert', 'added', files('added'));
  await loggingFunction(
    db,
    'eco_log_files_update',
    'after_rows',
    `${files('after_rows')} union ${files('before_rows')}`,
  );
  await loggingFunction(db, 'eco_log_files_delete', 'removed', files('removed'));
  const statementTriggers: [string, string, string, string][] = [
    ['publications', 'insert', 'new table as added', 'eco_log_publications_insert'],
    [
      'publications',
      'update',
      'old table as before_rows new table as after_rows',
      'eco_log_publications_update',
    ],
    ['publications', 'delete', 'old table as removed', 'eco_log_publications_delete'],
    ['publication_files', 'insert', 'new table as added', 'eco_log_files_insert'],
    [
      'publication_files',
      'update',
      'old table as before_rows new table as after_rows',
      'eco_log_files_update',
    ],
    ['publication_files', 'delete', 'old table as removed', 'eco_log_files_delete'],
  ];
  for (const [table, event, transition, fn] of statementTriggers) {
    await sql
      .raw(
        `create trigger ${table}_list_changes_${event} after ${event} on ${table}
        referencing ${transition} for each statement execute function ${fn}()`,
      )
      .execute(db);
  }
  // Row triggers on users, as before (migrations 0010 and 0013), now logging what changed.
  await sql`create or replace function eco_log_author_card() returns trigger language plpgsql as $body$
    declare
      raised bigint;
    begin
      update list_versions set version = version + 1 where list = 'publications' returning version into raised;
      insert into list_changes (list, version, at, change)
        values ('publications', raised, ${sql.raw(NOW_POSTGRES)},
          json_build_object('kind', 'author', 'id', new.id)::text);
      return null;
    end
  $body$`.execute(db);
  await sql`create or replace function eco_log_author_visibility() returns trigger language plpgsql as $body$
    declare
      raised bigint;
    begin
      update list_versions set version = version + 1 where list = 'publications' returning version into raised;
      insert into list_changes (list, version, at, change)
        values ('publications', raised, ${sql.raw(NOW_POSTGRES)}, json_build_object('kind', 'reset')::text);
      return null;
    end
  $body$`.execute(db);
  await sql`drop trigger if exists users_cards_list_version on users`.execute(db);
  await sql`create trigger users_cards_list_version after update of name, picture_url, phone, rating_count,
      rating_sum on users
    for each row when (old.name is distinct from new.name or old.picture_url is distinct from new.picture_url
      or old.phone is distinct from new.phone or old.rating_count is distinct from new.rating_count
      or old.rating_sum is distinct from new.rating_sum)
    execute function eco_log_author_card()`.execute(db);
  await sql`drop trigger if exists users_is_active_list_version on users`.execute(db);
  await sql`create trigger users_is_active_list_version after update of is_active on users
    for each row when (old.is_active is distinct from new.is_active)
    execute function eco_log_author_visibility()`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = dialectOf(db) === 'sqlite';
  await db.schema
    .createTable('list_changes')
    .addColumn('id', sqlite ? 'integer' : 'bigserial', (column) => column.primaryKey())
    .addColumn('list', 'text', (column) => column.notNull())
    .addColumn('version', 'bigint', (column) => column.notNull())
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('change', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('list_changes_version_idx')
    .on('list_changes')
    .columns(['list', 'version'])
    .execute();
  await sql`alter table list_versions add column changes_from bigint not null default 0`.execute(db);
  // Nothing before this version is logged.
  await sql`update list_versions set changes_from = version + 1`.execute(db);
  if (sqlite) await upSqlite(db);
  else await upPostgres(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = dialectOf(db) === 'sqlite';
  const bump = sqlite
    ? `begin update list_versions set version = version + 1 where list = 'publications'; end`
    : '';
  if (sqlite) {
    const triggers: Record<string, string> = {
      publications_list_version_insert: `after insert on publications ${bump}`,
      publications_list_version_update: `after update on publications ${bump}`,
      publications_list_version_delete: `after delete on publications ${bump}`,
      publication_files_list_version_insert: `after insert on publication_files ${bump}`,
      publication_files_list_version_update: `after update on publication_files ${bump}`,
      publication_files_list_version_delete: `after delete on publication_files ${bump}`,
      users_cards_list_version: `after update of name, picture_url, phone, rating_count, rating_sum on users
        when old.name is not new.name or old.picture_url is not new.picture_url or old.phone is not new.phone
          or old.rating_count is not new.rating_count or old.rating_sum is not new.rating_sum ${bump}`,
      users_is_active_list_version: `after update of is_active on users when old.is_active is not new.is_active
        ${bump}`,
    };
    for (const [name, body] of Object.entries(triggers)) {
      await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
      await sql.raw(`create trigger ${name} ${body}`).execute(db);
    }
  } else {
    for (const table of ['publications', 'publication_files']) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql.raw(`drop trigger if exists ${table}_list_changes_${event} on ${table}`).execute(db);
      }
    }
    await sql`create trigger publications_list_version after insert or update or delete on publications
      for each statement execute function eco_bump_list_version('publications')`.execute(db);
    await sql`create trigger publication_files_list_version after insert or update or delete on publication_files
      for each statement execute function eco_bump_publications_list_version()`.execute(db);
    await sql`drop trigger if exists users_cards_list_version on users`.execute(db);
    await sql`create trigger users_cards_list_version after update of name, picture_url, phone, rating_count,
        rating_sum on users
      for each row when (old.name is distinct from new.name or old.picture_url is distinct from new.picture_url
        or old.phone is distinct from new.phone or old.rating_count is distinct from new.rating_count
        or old.rating_sum is distinct from new.rating_sum)
      execute function eco_bump_publications_list_version()`.execute(db);
    await sql`drop trigger if exists users_is_active_list_version on users`.execute(db);
    await sql`create trigger users_is_active_list_version after update of is_active on users
      for each row when (old.is_active is distinct from new.is_active)
      execute function eco_bump_publications_list_version()`.execute(db);
    for (const name of [
      'eco_log_publications_insert',
      'eco_log_publications_update',
      'eco_log_publications_delete',
      'eco_log_files_insert',
      'eco_log_files_update',
      'eco_log_files_delete',
      'eco_log_author_card',
      'eco_log_author_visibility',
    ]) {
      await sql.raw(`drop function if exists ${name}()`).execute(db);
    }
    await sql`drop function if exists eco_json_labels(text)`.execute(db);
  }
  await sql`alter table list_versions drop column changes_from`.execute(db);
  await db.schema.dropTable('list_changes').execute();
}
