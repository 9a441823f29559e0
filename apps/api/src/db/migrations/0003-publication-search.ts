import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';

// Full-text search of publications (title, description and labels), the vocabulary that corrects misspelled
// search words, and the indexes of the explore lists. Every piece is kept up to date by the database itself
// (triggers, a generated column), so that every writer is indexed: the API, the demo loader, the benchmark's bulk
// inserts.
//
// SQLite:
// - `publication_search_rows`: a slim copy of each publication's filter and order columns under an INTEGER PRIMARY
//   KEY (`seq`), the rowid of the full-text tables. A search reads matches, filters and orders them here without
//   touching the wide publications rows. (The implicit rowid of `publications` could be renumbered by VACUUM.)
// - `publication_search`: FTS5, contentless, unicode61 without diacritics, prefix indexes: the prefix queries.
// - `search_words` and `search_word_trigrams` (FTS5 trigram tokenizer): every word of four letters or more, folded,
//   to find the known words closest to a misspelled one.
//
// PostgreSQL:
// - `search_vector`: a stored tsvector with the 'spanish' configuration over the unaccented texts (weights A title,
//   B labels, C description), with a GIN index.
// - `search_words` with a pg_trgm GIN index, filled by statement-level triggers.
//
// Lists are ordered by created_at desc, id desc: the indexes end with both columns, so that a page is read in index
// order on both dialects (the indexes of 0001 ended with created_at and left the tie-breaker to a sort).

/** Words shorter than this are not kept in the vocabulary (the API corrects only longer ones). */
const WORD_MIN_LENGTH = 4;

const LIST_INDEXES: Record<string, string[]> = {
  publications_status_created_id_idx: ['status', 'created_at', 'id'],
  publications_status_typed_created_id_idx: ['status', 'typed', 'created_at', 'id'],
  publications_status_province_created_id_idx: ['status', 'location_province', 'created_at', 'id'],
  publications_author_created_id_idx: ['created_by', 'created_at', 'id'],
};
const REPLACED_INDEXES: Record<string, string[]> = {
  publications_status_typed_created_idx: ['status', 'typed', 'created_at'],
  publications_status_created_idx: ['status', 'created_at'],
  publications_created_by_idx: ['created_by', 'created_at'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(REPLACED_INDEXES)) await db.schema.dropIndex(name).execute();
  for (const [name, columns] of Object.entries(LIST_INDEXES)) {
    await db.schema.createIndex(name).on('publications').columns(columns).execute();
  }
  // Before an image file is deleted, the API checks that no other publication shows it.
  await db.schema.createIndex('publication_files_url_idx').on('publication_files').column('url').execute();

  if (dialectOf(db) === 'sqlite') await upSqlite(db);
  else await upPostgres(db);
}

// ------------------------------------------------------------------------------------------------- SQLite

/** The columns of publication_search_rows copied from publications (the filters and the order of the lists). */
export const MIRRORED = [
  'id',
  'status',
  'typed',
  'created_by',
  'created_at',
  'location_country',
  'location_province',
  'location_city',
  'labels',
];

// Folding in SQL, for the vocabulary: SQLite's lower() knows only ASCII, and it has no function that strips
// accents. Punctuation becomes spaces, the separator of words.
const LETTERS: Record<string, string> = {
  a: 'áàâäãÁÀÂÄÃ',
  e: 'éèêëÉÈÊË',
  i: 'íìîïÍÌÎÏ',
  o: 'óòôöõÓÒÔÖÕ',
  u: 'úùûüÚÙÛÜ',
  n: 'ñÑ',
  c: 'çÇ',
};
const SEPARATORS = [
  ...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~¿¡«»“”‘’–—…·',
  ...Array.from({ length: 31 }, (_, code) => String.fromCharCode(code + 1)),
];

function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function foldedSql(expression: string): string {
  let folded = expression;
  for (const [plain, variants] of Object.entries(LETTERS)) {
    for (const variant of variants) folded = `replace(${folded}, ${sqlString(variant)}, '${plain}')`;
  }
  for (const separator of SEPARATORS) {
    const literal = separator < ' ' ? `char(${separator.charCodeAt(0)})` : sqlString(separator);
    folded = `replace(${folded}, ${literal}, ' ')`;
  }
  return `lower(${folded})`;
}

/** The words of a publication row (`row` is new, or a table alias) as a json_each table: quoted, then split. */
function wordsSql(row: string): string {
  const text = foldedSql(`${row}.title || ' ' || ${row}.description || ' ' || ${row}.labels`);
  return `json_each('[' || replace(json_quote(${text}), ' ', '","') || ']')`;
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create table search_words (id integer primary key, word text not null unique)`.execute(db);
  await sql`create virtual table search_word_trigrams using fts5(
    word, tokenize = 'trigram', detail = 'none', content = '', contentless_delete = 1
  )`.execute(db);
  await sql`create trigger search_words_insert after insert on search_words begin
    insert into search_word_trigrams (rowid, word) values (new.id, new.word);
  end`.execute(db);

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
  const columns = sql.raw(MIRRORED.join(', '));
  const assignments = sql.raw(
    MIRRORED.filter((column) => column !== 'id')
      .map((column) => `${column} = new.${column}`)
      .join(', '),
  );
  await sql`create trigger publications_search_mirror after update of ${columns} on publications begin
    update publication_search_rows set ${assignments} where id = old.id;
  end`.execute(db);
  await createSqliteTextIndex(db);
  // The publications that existed before this migration.
  await sql`insert into publication_search_rows (${columns})
    select ${columns} from publications order by created_at, id`.execute(db);
  await fillSqliteTextIndex(db);
}

/** The rowid in the full-text table of the publication `new` or `old` of a trigger. */
export const seqOf = (row: 'new' | 'old') =>
  sql.raw(`(select seq from publication_search_rows where id = ${row}.id)`);

/**
 * The full-text table over the texts themselves and the triggers that keep it and the vocabulary (migration 0011
 * replaced them with the stems; its down migration brings these back).
 */
export async function createSqliteTextIndex(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table publication_search using fts5(
    title, description, labels,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3', content = '', contentless_delete = 1
  )`.execute(db);

  const columns = sql.raw(MIRRORED.join(', '));
  const values = sql.raw(MIRRORED.map((column) => `new.${column}`).join(', '));
  const collectWords = sql.raw(
    `insert or ignore into search_words (word)
      select distinct value from ${wordsSql('new')} where length(value) >= ${WORD_MIN_LENGTH}`,
  );

  await sql`create trigger publications_search_insert after insert on publications begin
    insert into publication_search_rows (${columns}) values (${values});
    insert into publication_search (rowid, title, description, labels)
      values (${seqOf('new')}, new.title, new.description, new.labels);
    ${collectWords};
  end`.execute(db);
  // A contentless table takes an update of every column at once.
  await sql`create trigger publications_search_texts after update of title, description, labels on publications
  begin
    update publication_search set title = new.title, description = new.description, labels = new.labels
      where rowid = ${seqOf('new')};
    ${collectWords};
  end`.execute(db);
  await sql`create trigger publications_search_delete after delete on publications begin
    delete from publication_search where rowid = ${seqOf('old')};
    delete from publication_search_rows where id = old.id;
  end`.execute(db);
}

/** Indexes the texts and the words of the existing publications (their slim rows exist). */
export async function fillSqliteTextIndex(db: Kysely<unknown>): Promise<void> {
  await sql`insert into publication_search (rowid, title, description, labels)
    select r.seq, p.title, p.description, p.labels
    from publication_search_rows r join publications p on p.id = r.id`.execute(db);
  await sql`insert or ignore into search_words (word)
    select distinct value from publications p, ${sql.raw(wordsSql('p'))}
    where length(value) >= ${sql.lit(WORD_MIN_LENGTH)}`.execute(db);
}

// --------------------------------------------------------------------------------------------- PostgreSQL

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // Both are trusted extensions: the owner of the database may create them.
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  const schemas = await searchSchemas(db);
  const own = sql.id(schemas.current);

  // unaccent() is only STABLE (it finds its dictionary through the search path); with the dictionary named, the
  // result depends on the text alone, so the wrapper may be IMMUTABLE and serve a generated column and indexes.
  await sql`create function ${own}.eco_unaccent(text) returns text
    language sql immutable strict parallel safe
    return ${sql.id(schemas.extension)}.unaccent(
      ${sql.lit(`${schemas.extension}.unaccent`)}::regdictionary, $1)`.execute(db);
  // The three texts unaccented and lowercased, the JSON punctuation of the labels and slashes ('Papel/Cartón')
  // turned into spaces.
  await sql`create function ${own}.eco_publication_text(title text, description text, labels text) returns text
    language sql immutable parallel safe
    return lower(${own}.eco_unaccent(translate(
      coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(labels, ''),
      '[]"/,', '     ')))`.execute(db);

  await createPostgresSearchVector(db);

  // "C" collation: byte order, so that `word like 'botel%'` reads the primary key's index.
  await sql`create table search_words (word text collate "C" primary key)`.execute(db);
  await sql`create index search_words_trigram_idx on search_words using gin (word gin_trgm_ops)`.execute(db);
  await createCollectWordsFunction(db);
  for (const event of ['insert', 'update']) {
    await sql`create trigger ${sql.id(`publications_search_words_${event}`)} after ${sql.raw(event)}
      on publications referencing new table as changed
      for each statement execute function ${own}.eco_collect_search_words()`.execute(db);
  }
  await fillPostgresVocabulary(db);
}

/** Collects the words of the existing publications' texts. */
export async function fillPostgresVocabulary(db: Kysely<unknown>): Promise<void> {
  await sql`insert into search_words (word)
    select distinct word
    from publications p, regexp_split_to_table(eco_publication_text(p.title, p.description, p.labels),
      '[^[:alnum:]]+') as word
    where length(word) >= ${sql.lit(WORD_MIN_LENGTH)}
    on conflict do nothing`.execute(db);
}

/** The schema of the unaccent extension and the current one, where this migration's functions live. */
async function searchSchemas(db: Kysely<unknown>): Promise<{ extension: string; current: string }> {
  const { rows } = await sql<{ extension: string; current: string }>`
    select n.nspname as extension, current_schema() as current
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'unaccent'`.execute(db);
  const schemas = rows[0];
  if (schemas === undefined) throw new Error('The unaccent extension is missing after its creation');
  return schemas;
}

/**
 * The 'spanish' search vector over the unaccented texts and its index (migration 0011 replaced it with one over
 * the stems; its down migration brings this back).
 */
export async function createPostgresSearchVector(db: Kysely<unknown>): Promise<void> {
  const own = sql.id((await searchSchemas(db)).current);
  // Slashes become spaces: the parser would read 'Papel/Cartón' as a file path, a single token.
  await sql`alter table publications add column search_vector tsvector generated always as (
    setweight(to_tsvector('spanish'::regconfig, ${own}.eco_unaccent(translate(title, '/', ' '))), 'A') ||
    setweight(to_tsvector('spanish'::regconfig, ${own}.eco_unaccent(translate(labels, '[]"/,', '     '))), 'B') ||
    setweight(to_tsvector('spanish'::regconfig, ${own}.eco_unaccent(translate(description, '/', ' '))), 'C')
  ) stored`.execute(db);
  await sql`create index publications_search_vector_idx on publications using gin (search_vector)`.execute(
    db,
  );
}

/** The trigger function that keeps the vocabulary from the texts (0011 replaces it, its down brings it back). */
export async function createCollectWordsFunction(db: Kysely<unknown>): Promise<void> {
  const current = (await searchSchemas(db)).current;
  const own = sql.id(current);
  const schema = quoted(current);
  // Statement-level, over the rows of the statement: one insert per bulk insert, not one per row.
  await sql`create or replace function ${own}.eco_collect_search_words() returns trigger language plpgsql as $body$
    begin
      insert into ${sql.raw(schema)}.search_words (word)
        select distinct word
        from changed, regexp_split_to_table(
          ${sql.raw(schema)}.eco_publication_text(changed.title, changed.description, changed.labels),
          '[^[:alnum:]]+') as word
        where length(word) >= ${sql.raw(String(WORD_MIN_LENGTH))}
        on conflict do nothing;
      return null;
    end
  $body$`.execute(db);
}

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    for (const trigger of ['insert', 'mirror', 'texts', 'delete']) {
      await sql`drop trigger if exists ${sql.id(`publications_search_${trigger}`)}`.execute(db);
    }
    for (const table of [
      'publication_search',
      'publication_search_rows',
      'search_word_trigrams',
      'search_words',
    ]) {
      await sql`drop table if exists ${sql.table(table)}`.execute(db);
    }
  } else {
    for (const event of ['insert', 'update']) {
      await sql`drop trigger if exists ${sql.id(`publications_search_words_${event}`)} on publications`.execute(
        db,
      );
    }
    await sql`drop function if exists eco_collect_search_words()`.execute(db);
    await sql`drop table if exists search_words`.execute(db);
    await sql`alter table publications drop column if exists search_vector`.execute(db);
    await sql`drop function if exists eco_publication_text(text, text, text)`.execute(db);
    await sql`drop function if exists eco_unaccent(text)`.execute(db);
  }
  await db.schema.dropIndex('publication_files_url_idx').execute();
  for (const name of Object.keys(LIST_INDEXES)) await db.schema.dropIndex(name).execute();
  for (const [name, columns] of Object.entries(REPLACED_INDEXES)) {
    await db.schema.createIndex(name).on('publications').columns(columns).execute();
  }
}
