import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';
import {
  addCounts,
  countAuthorListings,
  FLIP_AUTHOR_LISTINGS,
  PLAIN_TOKEN,
} from './0018-search-token-counts.ts';

// Which listed publications hold each search token, as bitmaps, on PostgreSQL (decision 023). A search's count with
// filters or of several words intersected the GIN index's matches, and a GIN index cannot count alone: it visited a
// heap page per match (a common word with a filter: tens of thousands of pages at 1,000,000 publications); a sparse
// tier's page was sorted out of them the same way. Here a search ORs each word's bitmaps, ANDs the words and the
// filters, chunk by chunk, and counts the bits or takes the newest: what FTS5's posting lists do for SQLite.
// - `search_token_bits`: per token of publication_tokens (migration 0017: a search token, its title's `t.` and
//   labels' `l.` copies, and the facets `_t_`, `_c_`, `_cp_`, `_cpy_`, `_l<bit>`) and chunk of CHUNK_BITS
//   publications (`seq >> 13`), a bit per publication of the chunk (`seq & 8191`), set while the public sees it
//   (eco_listed, as publication_tokens).
//   A bit is set or cleared, never counted up: a token twice in one publication, or a write that changes no token,
//   leaves it as it was.
// - Kept as migration 0018 keeps search_token_counts: statement triggers on publications for inserts and updates
//   (a bulk insert of 1,000 rows writes each token's chunk once), a row trigger on publication_tokens for deletes
//   (they cascade there, with the `listed` they had), and the function that lists or unlists a suspended author's
//   publications (migration 0017) for the rows it flips. The triggers run after the list's version is raised (name
//   order), so writers already meet one at a time there and take these rows in the same order.
// - publication_tokens stays, as the bits' source, but loses its GIN index: no search reads it any more.

/** Bits per chunk: 1 KB a row, stored inline (under PostgreSQL's 2 KB toast threshold) and rewritten cheaply. */
const CHUNK_SHIFT = 13;
export const CHUNK_BITS = 1 << CHUNK_SHIFT;

/** The bitmap of a chunk with only the publication `seq`'s bit set (bit 0 is the leftmost). */
const bitOf = (seq: string) => `(B'1'::bit(${CHUNK_BITS}) >> (${seq} & ${CHUNK_BITS - 1})::int)`;

/** The (token, seq) pairs of the listed publications with these `seq`s, as publication_tokens stores them. */
function storedPairs(seqs: string): string {
  return `select distinct t.token, p.seq from publication_tokens as p, unnest(p.tokens) as t(token)
    where p.seq in (${seqs}) and p.listed`;
}

/** The columns eco_tokens_of and eco_listed read (migration 0017's row trigger watches the same). */
const TOKEN_COLUMNS = [
  'status',
  'created_by',
  'typed',
  'location_country',
  'location_province',
  'location_city',
  'labels',
  'title_stems',
  'labels_stems',
  'description_stems',
];
const columnsOf = (row: string) => TOKEN_COLUMNS.map((column) => `${row}.${column}`).join(', ');

/** The rows of an update statement whose tokens or listing may have changed. */
const changedSeqs = `select o.seq from before_rows as o join after_rows as n on n.seq = o.seq
  where (${columnsOf('o')}) is distinct from (${columnsOf('n')})`;

/** The (token, seq) pairs that the changed rows of an update had before it (0017's tokens of the old row). */
const pairsBefore = `select distinct t.token, p.seq from before_rows as p, unnest(eco_tokens_of(p)) as t(token)
  where p.seq in (${changedSeqs}) and eco_listed(p)`;

/** The chunks' masks of `pairs`: one row per (token, chunk). */
function masksOf(pairs: string): string {
  return `select token, (seq >> ${CHUNK_SHIFT})::int as chunk, bit_or(${bitOf('seq')}) as mask
    from (${pairs}) as pairs group by token, chunk`;
}

/** Sets the bits of `pairs`, in (token, chunk) order. */
function setBits(pairs: string): string {
  return `insert into search_token_bits as b (token, chunk, bits)
    select token, chunk, mask from (${masksOf(pairs)}) as m order by token, chunk
    on conflict (token, chunk) do update set bits = b.bits | excluded.bits`;
}

/** Clears the bits of `pairs`. */
function clearBits(pairs: string): string {
  return `update search_token_bits as b set bits = b.bits & ~m.mask from (${masksOf(pairs)}) as m
    where b.token = m.token and b.chunk = m.chunk`;
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // Room on each page for a row's next version: an update then rewrites the row alone, not its index entry.
  await sql`create table search_token_bits (
    token text collate "C" not null,
    chunk integer not null,
    bits bit(${sql.raw(String(CHUNK_BITS))}) not null,
    primary key (token, chunk)
  ) with (fillfactor = 50)`.execute(db);

  const functions: [string, string][] = [
    // publication_tokens already holds the statement's rows: row triggers fire before statement triggers.
    ['eco_bits_of_inserted', setBits(storedPairs('select seq from added'))],
    [
      'eco_bits_of_updated',
      `${clearBits(`${pairsBefore} except ${storedPairs(changedSeqs)}`)};
      ${setBits(`${storedPairs(changedSeqs)} except ${pairsBefore}`)}`,
    ],
    [
      'eco_bits_of_deleted',
      clearBits(`select distinct t.token, old.seq from unnest(old.tokens) as t(token)`),
    ],
  ];
  for (const [name, statements] of functions) {
    await sql
      .raw(
        `create or replace function ${name}() returns trigger language plpgsql as $body$
        begin
          ${statements};
          return null;
        end
      $body$`,
      )
      .execute(db);
  }
  await sql`create trigger publications_search_token_bits_insert after insert on publications
    referencing new table as added for each statement execute function eco_bits_of_inserted()`.execute(db);
  await sql`create trigger publications_search_token_bits_update after update on publications
    referencing old table as before_rows new table as after_rows
    for each statement execute function eco_bits_of_updated()`.execute(db);
  await sql`create trigger publication_tokens_bits_delete after delete on publication_tokens
    for each row when (old.listed) execute function eco_bits_of_deleted()`.execute(db);

  // An author suspended or reinstated (migration 0018's function, now also setting or clearing the rows' bits).
  await sql
    .raw(
      `create or replace function eco_list_author_publications() returns trigger language plpgsql as $body$
      begin
        with flipped as (${FLIP_AUTHOR_LISTINGS}), counted as (
          ${addCounts(`select token, case when f.listed then 1 else -1 end as delta from flipped as f,
            lateral (select distinct token from unnest(f.tokens) as token where ${PLAIN_TOKEN}) as t`)}
        ), cleared as (
          ${clearBits(flippedPairs(false))}
        )
        ${setBits(flippedPairs(true))};
        return null;
      end
    $body$`,
    )
    .execute(db);

  // The publications that exist.
  await sql
    .raw(
      setBits(`select t.token, p.seq from publication_tokens as p, unnest(p.tokens) as t(token)
      where p.listed`),
    )
    .execute(db);
  // The search reads the bits now: the GIN index over the token arrays would only cost every write.
  await sql`drop index publication_tokens_idx`.execute(db);
}

/** The (token, seq) pairs of the rows an author's suspension (false) or reinstatement (true) flipped. */
function flippedPairs(listed: boolean): string {
  return `select distinct t.token, f.seq from flipped as f, unnest(f.tokens) as t(token)
    where ${listed ? '' : 'not '}f.listed`;
}

async function downPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create index publication_tokens_idx on publication_tokens using gin (tokens) where listed`.execute(
    db,
  );
  await sql`drop trigger if exists publications_search_token_bits_insert on publications`.execute(db);
  await sql`drop trigger if exists publications_search_token_bits_update on publications`.execute(db);
  await sql`drop trigger if exists publication_tokens_bits_delete on publication_tokens`.execute(db);
  for (const fn of ['eco_bits_of_inserted', 'eco_bits_of_updated', 'eco_bits_of_deleted']) {
    await sql.raw(`drop function if exists ${fn}()`).execute(db);
  }
  // Migration 0018's function as it was.
  await countAuthorListings(db);
  await sql`drop table search_token_bits`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await upPostgres(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await downPostgres(db);
}
