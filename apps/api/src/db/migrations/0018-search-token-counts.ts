import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';
import { listAuthorPublications } from './0017-search-tokens.ts';

// How many listed publications hold each search token, on PostgreSQL (decision 022). A search of one word that is
// one whole token, without filters, is the commonest search and the costliest count: a GIN index cannot count
// alone, so counting a common word visited a heap page per match (150–250 ms at 1,000,000 publications). Kept in
// the transaction of every write, this answers it with one row.
// - Insert and update: statement triggers on publications, from the transition tables (a bulk insert of 1,000 rows
//   changes each token's row once); a row counts when the public sees it (eco_listed, as publication_tokens).
// - Delete: a row trigger on publication_tokens, whose rows the deletion cascades to (also when an author's account
//   goes), with the `listed` they had.
// - An author suspended or reinstated: the function that lists or unlists their publications (migration 0017)
//   counts the rows it flips.
// Statement triggers run in name order: the list's version (list_changes) is raised first, so concurrent writers
// meet in the same order and the token rows are taken sorted.

/** The distinct search tokens (title, labels and description stems) of `row`, a publication. */
function plainTokens(row: string): string {
  return `(select distinct token from unnest(string_to_array(
    ${row}.title_stems || ' ' || ${row}.labels_stems || ' ' || ${row}.description_stems, ' ')) as token
    where token <> '')`;
}

/** Adds the (token, delta) rows of `deltas` to the counts, in token order. */
export function addCounts(deltas: string): string {
  return `insert into search_token_counts as c (token, listed)
    select token, sum(delta) from (${deltas}) as deltas group by token having sum(delta) <> 0 order by token
    on conflict (token) do update set listed = c.listed + excluded.listed`;
}

/** The search tokens of a publication_tokens array: neither a rank tier's copy (`t.`, `l.`) nor a facet (`_`). */
export const PLAIN_TOKEN = `position('.' in token) = 0 and left(token, 1) <> '_'`;

/** In a trigger on users: the author's rows of publication_tokens listed or unlisted, returning those it flipped. */
export const FLIP_AUTHOR_LISTINGS = `update publication_tokens as t set listed = eco_listed(p)
  from publications as p
  where p.created_by = new.id and t.seq = p.seq and t.listed is distinct from eco_listed(p)
  returning t.seq, t.listed, t.tokens`;

/** The rows of an author suspended or reinstated: migration 0017's function, now counting the rows it flips. */
export async function countAuthorListings(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create or replace function eco_list_author_publications() returns trigger language plpgsql as $body$
      begin
        with flipped as (${FLIP_AUTHOR_LISTINGS})
        ${addCounts(`select token, case when f.listed then 1 else -1 end as delta from flipped as f,
          lateral (select distinct token from unnest(f.tokens) as token where ${PLAIN_TOKEN}) as t`)};
        return null;
      end
    $body$`,
    )
    .execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create table search_token_counts (token text collate "C" primary key, listed bigint not null)`.execute(
    db,
  );
  const counted = (rows: string, sign: 1 | -1) =>
    `select token, ${sign} as delta from ${rows} as p, lateral ${plainTokens('p')} as t(token) where eco_listed(p)`;
  const functions: [string, string][] = [
    ['eco_count_inserted_tokens', counted('added', 1)],
    ['eco_count_updated_tokens', `${counted('before_rows', -1)} union all ${counted('after_rows', 1)}`],
  ];
  for (const [name, deltas] of functions) {
    await sql
      .raw(
        `create or replace function ${name}() returns trigger language plpgsql as $body$
        begin
          ${addCounts(deltas)};
          return null;
        end
      $body$`,
      )
      .execute(db);
  }
  await sql`create trigger publications_search_token_counts_insert after insert on publications
    referencing new table as added for each statement execute function eco_count_inserted_tokens()`.execute(
    db,
  );
  await sql`create trigger publications_search_token_counts_update after update on publications
    referencing old table as before_rows new table as after_rows
    for each statement execute function eco_count_updated_tokens()`.execute(db);
  await sql
    .raw(
      `create or replace function eco_count_deleted_tokens() returns trigger language plpgsql as $body$
      begin
        ${addCounts(`select distinct token, -1 as delta from unnest(old.tokens) as token where ${PLAIN_TOKEN}`)};
        return null;
      end
    $body$`,
    )
    .execute(db);
  await sql`create trigger publication_tokens_counts_delete after delete on publication_tokens
    for each row when (old.listed) execute function eco_count_deleted_tokens()`.execute(db);

  await countAuthorListings(db);

  // The publications that exist.
  await sql
    .raw(
      addCounts(`select token, 1 as delta from publication_tokens as p,
        lateral (select distinct token from unnest(p.tokens) as token where ${PLAIN_TOKEN}) as t where p.listed`),
    )
    .execute(db);
}

async function downPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists publications_search_token_counts_insert on publications`.execute(db);
  await sql`drop trigger if exists publications_search_token_counts_update on publications`.execute(db);
  await sql`drop trigger if exists publication_tokens_counts_delete on publication_tokens`.execute(db);
  for (const fn of ['eco_count_inserted_tokens', 'eco_count_updated_tokens', 'eco_count_deleted_tokens']) {
    await sql.raw(`drop function if exists ${fn}()`).execute(db);
  }
  // Migration 0017's function as it was.
  await listAuthorPublications(db);
  await sql`drop table search_token_counts`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await upPostgres(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await downPostgres(db);
}
