import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';

// The version of each list: a number every write to the list's table raises in the same transaction (triggers,
// so that every writer counts: the API, the demo loader, bulk inserts). A process may keep what it computed
// about the list (its counts, the spelling corrections) for as long as the version it read before computing is
// still the current one: every process of one database sees the same row, so a count is exact on the very next
// request after a write, whichever process answers it (docs/decisions/010-list-speed-and-web-performance.md).
//
// A list added later registers its table here in a migration of its own: a row in list_versions and the
// triggers of its table (see bumpOnWrites).

//
// The list's filters read indexes that match them, each ending with the order of the lists (created_at, id), so
// that a count is an index-only range and a page is read in order: on SQLite over the slim mirror rows of
// publication_search_rows (migration 0003), which the lists read instead of the wide publications rows; on
// PostgreSQL over publications, with a trigram index for the labels (a JSON array matched with LIKE).

export const LIST_VERSIONS_TABLE = 'list_versions';

/** Indexes of the list filters: name → columns. */
export const SQLITE_INDEXES: Record<string, string[]> = {
  publication_search_rows_status_created_idx: ['status', 'created_at', 'id'],
  publication_search_rows_typed_idx: ['status', 'typed', 'created_at', 'id'],
  // A place is asked as country, country and province, or all three: each level's index holds the levels above,
  // so that its count is index-only.
  publication_search_rows_country_idx: ['status', 'location_country', 'created_at', 'id'],
  publication_search_rows_province_idx: [
    'status',
    'location_country',
    'location_province',
    'created_at',
    'id',
  ],
  publication_search_rows_city_idx: [
    'status',
    'location_country',
    'location_province',
    'location_city',
    'created_at',
    'id',
  ],
  // Index-only counts: the labels (a LIKE over the JSON array), and the combinations of category and place.
  publication_search_rows_labels_idx: ['status', 'labels', 'created_at', 'id'],
  publication_search_rows_filters_idx: [
    'status',
    'typed',
    'location_country',
    'location_province',
    'location_city',
    'labels',
    'created_at',
    'id',
  ],
  publication_search_rows_author_idx: ['created_by', 'created_at', 'id'],
};
const POSTGRES_INDEXES: Record<string, string[]> = {
  publications_status_country_created_id_idx: ['status', 'location_country', 'created_at', 'id'],
  publications_status_place_created_id_idx: [
    'status',
    'location_country',
    'location_province',
    'created_at',
    'id',
  ],
  publications_status_city_created_id_idx: [
    'status',
    'location_country',
    'location_province',
    'location_city',
    'created_at',
    'id',
  ],
  // Category and place together: an index-only count.
  publications_status_typed_place_idx: [
    'status',
    'typed',
    'location_country',
    'location_province',
    'location_city',
    'created_at',
    'id',
  ],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable(LIST_VERSIONS_TABLE)
    .addColumn('list', 'text', (column) => column.primaryKey())
    .addColumn('version', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await bumpOnWrites(db, 'publications');

  const sqlite = dialectOf(db) === 'sqlite';
  const table = sqlite ? 'publication_search_rows' : 'publications';
  for (const [name, columns] of Object.entries(sqlite ? SQLITE_INDEXES : POSTGRES_INDEXES)) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
  if (!sqlite) {
    await sql`create index publications_labels_trigram_idx on publications using gin (labels gin_trgm_ops)`.execute(
      db,
    );
  }
}

/** Raises the version of list `table` on every insert, update and delete of its rows. */
export async function bumpOnWrites(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`insert into list_versions (list, version) values (${table}, 0)`.execute(db);
  if (dialectOf(db) === 'sqlite') {
    // SQLite has row triggers only: a bulk insert raises the version once per row, which costs microseconds.
    for (const event of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.id(`${table}_list_version_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
      begin
        update list_versions set version = version + 1 where list = ${sql.lit(table)};
      end`.execute(db);
    }
    return;
  }
  await sql`create or replace function eco_bump_list_version() returns trigger language plpgsql as $body$
    begin
      update list_versions set version = version + 1 where list = tg_argv[0];
      return null;
    end
  $body$`.execute(db);
  // Once per statement: a bulk insert of 10,000 rows updates the version row once.
  await sql`create trigger ${sql.id(`${table}_list_version`)} after insert or update or delete on ${sql.table(table)}
    for each statement execute function eco_bump_list_version(${sql.lit(table)})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = dialectOf(db) === 'sqlite';
  for (const name of Object.keys(sqlite ? SQLITE_INDEXES : POSTGRES_INDEXES)) {
    await db.schema.dropIndex(name).execute();
  }
  if (!sqlite) await db.schema.dropIndex('publications_labels_trigram_idx').execute();
  if (sqlite) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger if exists ${sql.id(`publications_list_version_${event}`)}`.execute(db);
    }
  } else {
    await sql`drop trigger if exists publications_list_version on publications`.execute(db);
    await sql`drop function if exists eco_bump_list_version()`.execute(db);
  }
  await db.schema.dropTable(LIST_VERSIONS_TABLE).execute();
}
