import { sql, type Kysely } from 'kysely';
import { searchStemsOf } from '../../modules/publications/search-stems.ts';
import { dialectOf } from '../dialect-of.ts';
import {
  createCollectWordsFunction,
  createPostgresSearchVector,
  createSqliteTextIndex,
  fillPostgresVocabulary,
  fillSqliteTextIndex,
  MIRRORED,
  seqOf,
} from './0003-publication-search.ts';

// One word matching on both dialects (docs/decisions/007-search.md). Until now PostgreSQL compared its own Spanish
// stems and SQLite folded words, so a search could find more on PostgreSQL. Now the API stems the texts once, in
// JavaScript (stemText: folded, Snowball Spanish on the singular), into three columns written beside the texts by
// every writer, and both dialects index those tokens as they are, matching them as prefixes:
// - SQLite: `publication_search` (FTS5) over the three stem columns, with the `ascii` tokenizer, which splits on
//   the spaces between tokens only (they hold letters and digits, folded already), and without token positions
//   (`detail = 'column'`: the search uses no phrases, only which text holds a token).
// - PostgreSQL: `search_vector`, generated from the stem columns without any parser or dictionary: each token
//   becomes a lexeme, at position 1 (title, weight A), 2 (labels, B) or 3 (description, C), so that a token in
//   two texts keeps both weights.
// - The vocabulary of the misspelling fallback holds the tokens (four letters or more), read from the same columns.
// The existing publications are stemmed here, in batches.

const STEM_COLUMNS = ['title_stems', 'labels_stems', 'description_stems'] as const;
/** Publications stemmed per statement. */
const BATCH_ROWS = 500;
/** Tokens shorter than this are not kept in the vocabulary (as in 0003). */
const WORD_MIN_LENGTH = 4;

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = dialectOf(db) === 'sqlite';
  // The old indexing goes first, so that filling the columns does not feed it.
  if (sqlite) {
    for (const trigger of ['insert', 'texts', 'delete']) {
      await sql`drop trigger ${sql.id(`publications_search_${trigger}`)}`.execute(db);
    }
    await sql`drop table publication_search`.execute(db);
  } else {
    await sql`alter table publications drop column search_vector`.execute(db);
  }
  for (const column of STEM_COLUMNS) {
    await sql`alter table publications add column ${sql.id(column)} text not null default ''`.execute(db);
  }
  await fillStems(db);
  await clearVocabulary(db, sqlite);
  if (sqlite) await indexStemsSqlite(db);
  else await indexStemsPostgres(db);
}

/** Stems every publication's texts, in batches of one UPDATE … FROM a list of values. */
async function fillStems(db: Kysely<unknown>): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; title: string; description: string; labels: string }>`
      select id, title, description, labels from publications where id > ${after} order by id
      limit ${BATCH_ROWS}`.execute(db);
    const last = rows.at(-1);
    if (last === undefined) return;
    const values = rows.map((row) => {
      const stems = searchStemsOf(row);
      return sql`(${row.id}, ${stems.title_stems}, ${stems.labels_stems}, ${stems.description_stems})`;
    });
    await sql`with stems (id, title_stems, labels_stems, description_stems) as (values ${sql.join(values)})
      update publications set title_stems = stems.title_stems, labels_stems = stems.labels_stems,
        description_stems = stems.description_stems
      from stems where publications.id = stems.id`.execute(db);
    after = last.id;
  }
}

async function clearVocabulary(db: Kysely<unknown>, sqlite: boolean): Promise<void> {
  await sql`delete from search_words`.execute(db);
  if (sqlite) {
    await sql`insert into search_word_trigrams (search_word_trigrams) values ('delete-all')`.execute(db);
  }
}

// ------------------------------------------------------------------------------------------------- SQLite

/** The tokens of a publication row (`new` or a table alias) as a json_each table: quoted, then split. */
function tokensSql(row: string): string {
  const tokens = `${row}.title_stems || ' ' || ${row}.labels_stems || ' ' || ${row}.description_stems`;
  return `json_each('[' || replace(json_quote(${tokens}), ' ', '","') || ']')`;
}

async function indexStemsSqlite(db: Kysely<unknown>): Promise<void> {
  await createStemsIndexSqlite(db);
  await sql`insert or ignore into search_words (word)
    select distinct value from publications p, ${sql.raw(tokensSql('p'))}
    where length(value) >= ${sql.lit(WORD_MIN_LENGTH)}`.execute(db);
}

/** The full-text table over the stems, its triggers and its rows (migration 0015's down migration brings it back). */
export async function createStemsIndexSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table publication_search using fts5(
    title, description, labels,
    tokenize = 'ascii', prefix = '2 3', detail = 'column', content = '', contentless_delete = 1
  )`.execute(db);
  const columns = sql.raw(MIRRORED.join(', '));
  const values = sql.raw(MIRRORED.map((column) => `new.${column}`).join(', '));
  const collectWords = sql.raw(
    `insert or ignore into search_words (word)
      select distinct value from ${tokensSql('new')} where length(value) >= ${WORD_MIN_LENGTH}`,
  );
  await sql`create trigger publications_search_insert after insert on publications begin
    insert into publication_search_rows (${columns}) values (${values});
    insert into publication_search (rowid, title, description, labels)
      values (${seqOf('new')}, new.title_stems, new.description_stems, new.labels_stems);
    ${collectWords};
  end`.execute(db);
  // A contentless table takes an update of every column at once.
  await sql`create trigger publications_search_texts
    after update of title_stems, labels_stems, description_stems on publications
  begin
    update publication_search
      set title = new.title_stems, description = new.description_stems, labels = new.labels_stems
      where rowid = ${seqOf('new')};
    ${collectWords};
  end`.execute(db);
  await sql`create trigger publications_search_delete after delete on publications begin
    delete from publication_search where rowid = ${seqOf('old')};
    delete from publication_search_rows where id = old.id;
  end`.execute(db);

  await sql`insert into publication_search (rowid, title, description, labels)
    select r.seq, p.title_stems, p.description_stems, p.labels_stems
    from publication_search_rows r join publications p on p.id = r.id`.execute(db);
}

// --------------------------------------------------------------------------------------------- PostgreSQL

/** The tsvector text of a stem column: every token quoted, at `position` with `weight`. */
function lexemesSql(column: string, position: number, weight: string): string {
  return `regexp_replace(${column}, '(\\S+)', '''\\1'':${position}${weight}', 'g')`;
}

/** The tokens of the publications of `rows` (a table alias) as a set of rows named `word`. */
function tokensOfRows(rows: string): string {
  return `regexp_split_to_table(${rows}.title_stems || ' ' || ${rows}.labels_stems || ' ' ||
    ${rows}.description_stems, ' ') as word`;
}

async function indexStemsPostgres(db: Kysely<unknown>): Promise<void> {
  const lexemes = [
    lexemesSql('title_stems', 1, 'A'),
    lexemesSql('labels_stems', 2, 'B'),
    lexemesSql('description_stems', 3, 'C'),
  ].join(` || ' ' || `);
  await sql`alter table publications add column search_vector tsvector
    generated always as ((${sql.raw(lexemes)})::tsvector) stored`.execute(db);
  await sql`create index publications_search_vector_idx on publications using gin (search_vector)`.execute(
    db,
  );
  const { rows } = await sql<{ current: string }>`select current_schema() as current`.execute(db);
  const schema = sql.id(rows[0]?.current ?? 'public');
  // The function of 0003 keeps its triggers (statement-level: one insert per bulk insert); it reads the stems now.
  await sql`create or replace function ${schema}.eco_collect_search_words() returns trigger language plpgsql as $body$
    begin
      insert into ${schema}.search_words (word)
        select distinct word from changed, ${sql.raw(tokensOfRows('changed'))}
        where length(word) >= ${sql.raw(String(WORD_MIN_LENGTH))}
        on conflict do nothing;
      return null;
    end
  $body$`.execute(db);
  await sql`insert into search_words (word)
    select distinct word from publications p, ${sql.raw(tokensOfRows('p'))}
    where length(word) >= ${sql.lit(WORD_MIN_LENGTH)}
    on conflict do nothing`.execute(db);
}

// ------------------------------------------------------------------------------------------------ Down

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = dialectOf(db) === 'sqlite';
  if (sqlite) {
    for (const trigger of ['insert', 'texts', 'delete']) {
      await sql`drop trigger ${sql.id(`publications_search_${trigger}`)}`.execute(db);
    }
    await sql`drop table publication_search`.execute(db);
  } else {
    await sql`alter table publications drop column search_vector`.execute(db);
  }
  for (const column of STEM_COLUMNS) {
    await sql`alter table publications drop column ${sql.id(column)}`.execute(db);
  }
  await clearVocabulary(db, sqlite);
  if (sqlite) {
    await createSqliteTextIndex(db);
    await fillSqliteTextIndex(db);
  } else {
    await createPostgresSearchVector(db);
    await createCollectWordsFunction(db);
    await fillPostgresVocabulary(db);
  }
}
