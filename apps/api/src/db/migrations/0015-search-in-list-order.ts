import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';
import { SQLITE_INDEXES as SQLITE_INDEXES_0007 } from './0007-perf.ts';
import { createStemsIndexSqlite } from './0011-search-stems.ts';

// Text searches whose cost does not grow with the number of matches (decision 010, "Searches in list order").
//
// Every list is ordered by `seq`, newest first: a number given to each publication when it is added, in the order
// publications are added (SQLite: publication_search_rows.seq, the rowid of the full-text table; PostgreSQL: a
// sequence on publications). The publications that exist get their numbers in the order the lists showed them
// until now (created_at, then id), so no list changes its order.
//
// A text search ranks titles first, then labels, then the rest, each newest first. With the full-text index's rowid
// in list order, each of the three is read in rowid order and stops at the page: a page costs what it shows, not
// what matches. SQLite's index therefore also holds what the public lists filter on, as tokens of a fourth column,
// `facets` (see facetsSql), so that a search with filters, and its count, is one full-text query that never reads a
// table row; and it indexes prefixes of 2 to 9 characters, so that a search word (a prefix of the tokens) reads one
// ready list instead of merging the lists of every token it begins. PostgreSQL reads the same three ranks with
// `order by seq desc limit`, which its planner serves from the seq indexes or from the search vector's.

/** The prefix lengths the full-text index keeps (search words are prefixes of the stored tokens). */
const PREFIXES = '2 3 4 5 6 7 8 9';

// ------------------------------------------------------------------------------------------------- SQLite

/**
 * The facet tokens of publication `p` (publications) with slim row `r`: its status (`_s1`), `_h` when the public does
 * not see it (unpublished, or its author suspended: the list's own filter; a search excludes the few hidden ones,
 * which costs less than intersecting with the many visible ones), its category as `_t_` followed by the key's bytes
 * in hex (exact for any key: the tokenizer keeps only letters, digits and `_` together), its place as the country
 * (`_c_`), the country and province (`_cp_`) and all three (`_cpy_`), the keys in hex joined by `_` (a place is
 * chosen country first, then province, then city: one token names it, and reading one short list is much cheaper
 * than intersecting the long list of a country with a province's), and each material label's bit (`_l4`,
 * material_label_bits of migration 0014).
 */
const FACETS = `'_s' || p.status
  || case when p.status = 1 and not exists (select 1 from users as author where author.id = p.created_by and author.is_active = 0)
    then '' else ' _h' end
  || ' _t_' || lower(hex(p.typed))
  || coalesce(' _c_' || lower(hex(p.location_country)), '')
  || coalesce(' _cp_' || lower(hex(p.location_country)) || '_' || lower(hex(p.location_province)), '')
  || coalesce(' _cpy_' || lower(hex(p.location_country)) || '_' || lower(hex(p.location_province)) || '_'
    || lower(hex(p.location_city)), '')
  || coalesce((select group_concat(' _l' || bits.bit, '')
      from json_each(case when json_valid(p.labels) then p.labels else '[]' end) as item
      join material_label_bits as bits on bits.name = item.value), '')`;

/** Indexes the publications of slim rows `r` matching `where` (their full-text rows must not exist). */
function indexRows(where: string): string {
  return `insert into publication_search (rowid, title, labels, description, facets)
    select r.seq, p.title_stems, p.labels_stems, p.description_stems, ${FACETS}
    from publication_search_rows as r join publications as p on p.id = r.id
    where ${where}`;
}

/** The list filters' indexes on the slim rows: SQLite ends each with the rowid, `seq`, the lists' order. */
const SQLITE_INDEXES: Record<string, string[]> = {
  publication_search_rows_status_idx: ['status'],
  publication_search_rows_typed_idx: ['status', 'typed'],
  // A place is asked as country, country and province, or all three: each level's index holds the levels above.
  publication_search_rows_country_idx: ['status', 'location_country'],
  publication_search_rows_province_idx: ['status', 'location_country', 'location_province'],
  publication_search_rows_city_idx: ['status', 'location_country', 'location_province', 'location_city'],
  publication_search_rows_labels_idx: ['status', 'labels'],
  publication_search_rows_filters_idx: [
    'status',
    'typed',
    'location_country',
    'location_province',
    'location_city',
    'labels',
  ],
  publication_search_rows_author_idx: ['created_by'],
};

/** The columns of publications the slim rows copy. */
const SLIM_COLUMNS = [
  'id',
  'status',
  'typed',
  'created_by',
  'location_country',
  'location_province',
  'location_city',
  'labels',
];
/** The columns whose change rewrites a publication's slim and full-text rows. */
const INDEXED_COLUMNS = [...SLIM_COLUMNS, 'title_stems', 'labels_stems', 'description_stems'];
const WORD_MIN_LENGTH = 4;
/** The vocabulary of the misspelling fallback, from publication `new` (the statement of migration 0011). */
const COLLECT_WORDS = `insert or ignore into search_words (word)
      select distinct value from json_each('[' || replace(json_quote(new.title_stems || ' ' || new.labels_stems || ' ' || new.description_stems), ' ', '","') || ']') where length(value) >= ${WORD_MIN_LENGTH};`;

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['insert', 'mirror', 'texts', 'delete']) {
    await sql`drop trigger if exists ${sql.id(`publications_search_${trigger}`)}`.execute(db);
  }
  await sql`drop table publication_search`.execute(db);

  // The slim rows again, numbered in the lists' order until now.
  await sql`alter table publication_search_rows rename to publication_search_rows_before`.execute(db);
  await sql`create table publication_search_rows (
    seq integer primary key,
    id text not null unique,
    status integer not null,
    typed text not null,
    created_by text not null,
    location_country text,
    location_province text,
    location_city text,
    labels text not null
  )`.execute(db);
  const slim = sql.raw(SLIM_COLUMNS.join(', '));
  await sql`insert into publication_search_rows (${slim})
    select ${slim} from publications order by created_at, id`.execute(db);
  await sql`drop table publication_search_rows_before`.execute(db);
  for (const [name, columns] of Object.entries(SQLITE_INDEXES)) {
    await db.schema.createIndex(name).on('publication_search_rows').columns(columns).execute();
  }

  await sql`create virtual table publication_search using fts5(
    title, labels, description, facets,
    tokenize = "ascii tokenchars '_'", prefix = ${sql.lit(PREFIXES)}, detail = 'column', content = '',
    contentless_delete = 1
  )`.execute(db);
  const values = sql.raw(SLIM_COLUMNS.map((column) => `new.${column}`).join(', '));
  await sql`create trigger publications_search_insert after insert on publications begin
    insert into publication_search_rows (${slim}) values (${values});
    ${sql.raw(indexRows('r.id = new.id'))};
    ${sql.raw(COLLECT_WORDS)}
  end`.execute(db);
  const assignments = sql.raw(SLIM_COLUMNS.map((column) => `${column} = new.${column}`).join(', '));
  // A contentless table forgets a row by its rowid and takes it again whole.
  await sql`create trigger publications_search_update after update of ${sql.raw(INDEXED_COLUMNS.join(', '))}
    on publications
  begin
    update publication_search_rows set ${assignments} where id = old.id;
    delete from publication_search where rowid = (select seq from publication_search_rows where id = new.id);
    ${sql.raw(indexRows('r.id = new.id'))};
  end`.execute(db);
  await sql`create trigger publications_search_words after update of title_stems, labels_stems, description_stems
    on publications
  begin
    ${sql.raw(COLLECT_WORDS)}
  end`.execute(db);
  await sql`create trigger publications_search_delete after delete on publications begin
    delete from publication_search where rowid = (select seq from publication_search_rows where id = old.id);
    delete from publication_search_rows where id = old.id;
  end`.execute(db);
  // A member suspended or reinstated: their publications leave the public's searches or come back (`_h`).
  await sql`create trigger users_search_visibility after update of is_active on users
    when (old.is_active = 0) is not (new.is_active = 0)
  begin
    delete from publication_search
      where rowid in (select seq from publication_search_rows where created_by = new.id);
    ${sql.raw(indexRows('r.created_by = new.id'))};
  end`.execute(db);

  await sql.raw(indexRows('true')).execute(db);
}

async function downSqlite(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['insert', 'update', 'words', 'delete']) {
    await sql`drop trigger if exists ${sql.id(`publications_search_${trigger}`)}`.execute(db);
  }
  await sql`drop trigger if exists users_search_visibility`.execute(db);
  await sql`drop table publication_search`.execute(db);
  await sql`alter table publication_search_rows rename to publication_search_rows_before`.execute(db);
  await sql`create table publication_search_rows (
    seq integer primary key,
    id text not null unique,
    status integer not null,
    typed text not null,
    created_by text not null,
    created_at text not null,
    location_country text,
    location_province text,
    location_city text,
    labels text not null
  )`.execute(db);
  const mirrored = sql.raw([...SLIM_COLUMNS, 'created_at'].join(', '));
  await sql`insert into publication_search_rows (seq, ${mirrored})
    select r.seq, ${sql.raw([...SLIM_COLUMNS, 'created_at'].map((column) => `p.${column}`).join(', '))}
    from publication_search_rows_before as r join publications as p on p.id = r.id`.execute(db);
  await sql`drop table publication_search_rows_before`.execute(db);
  // The indexes and triggers of migrations 0007 and 0011, as they were.
  for (const [name, columns] of Object.entries(SQLITE_INDEXES_0007)) {
    await db.schema.createIndex(name).on('publication_search_rows').columns(columns).execute();
  }
  const assignments = sql.raw(
    [...SLIM_COLUMNS, 'created_at']
      .filter((column) => column !== 'id')
      .map((column) => `${column} = new.${column}`)
      .join(', '),
  );
  await sql`create trigger publications_search_mirror after update of ${mirrored} on publications begin
    update publication_search_rows set ${assignments} where id = old.id;
  end`.execute(db);
  await createStemsIndexSqlite(db);
}

// --------------------------------------------------------------------------------------------- PostgreSQL

/** The list filters' indexes on publications, each ending with the lists' order: name → columns. */
const POSTGRES_INDEXES: Record<string, string[]> = {
  publications_status_seq_idx: ['status', 'seq'],
  publications_status_typed_seq_idx: ['status', 'typed', 'seq'],
  publications_status_province_seq_idx: ['status', 'location_province', 'seq'],
  publications_status_country_seq_idx: ['status', 'location_country', 'seq'],
  publications_status_place_seq_idx: ['status', 'location_country', 'location_province', 'seq'],
  publications_status_city_seq_idx: [
    'status',
    'location_country',
    'location_province',
    'location_city',
    'seq',
  ],
  publications_status_typed_place_seq_idx: [
    'status',
    'typed',
    'location_country',
    'location_province',
    'location_city',
    'seq',
  ],
  publications_author_seq_idx: ['created_by', 'seq'],
};
/** The indexes of migrations 0003 and 0007 that ended with created_at and id. */
const POSTGRES_REPLACED: Record<string, string[]> = {
  publications_status_created_id_idx: ['status', 'created_at', 'id'],
  publications_status_typed_created_id_idx: ['status', 'typed', 'created_at', 'id'],
  publications_status_province_created_id_idx: ['status', 'location_province', 'created_at', 'id'],
  publications_author_created_id_idx: ['created_by', 'created_at', 'id'],
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

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`alter table publications add column seq bigint generated by default as identity`.execute(db);
  await sql`update publications set seq = ordered.n
    from (select id, row_number() over (order by created_at, id) as n from publications) as ordered
    where ordered.id = publications.id`.execute(db);
  await sql`select setval(pg_get_serial_sequence('publications', 'seq'),
    coalesce((select max(seq) from publications), 0) + 1, false)`.execute(db);
  await sql`create unique index publications_seq_key on publications (seq)`.execute(db);
  for (const name of Object.keys(POSTGRES_REPLACED)) await db.schema.dropIndex(name).execute();
  for (const [name, columns] of Object.entries(POSTGRES_INDEXES)) {
    await db.schema.createIndex(name).on('publications').columns(columns).execute();
  }
}

async function downPostgres(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(POSTGRES_INDEXES)) await db.schema.dropIndex(name).execute();
  for (const [name, columns] of Object.entries(POSTGRES_REPLACED)) {
    await db.schema.createIndex(name).on('publications').columns(columns).execute();
  }
  await sql`alter table publications drop column seq`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') await upSqlite(db);
  else await upPostgres(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') await downSqlite(db);
  else await downPostgres(db);
}
