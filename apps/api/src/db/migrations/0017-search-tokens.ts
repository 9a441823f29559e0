import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';

// PostgreSQL's public search without rechecking rows (decision 010, "PostgreSQL's searches over token arrays").
// A tsvector match must be rechecked on every matching row (its GIN index is inexact), so counting the matches of a
// common word read tens of thousands of wide publication rows. SQLite's full-text index answers a count from the
// index alone (migration 0015); this gives PostgreSQL the nearest equivalent:
// - `publication_tokens`: one narrow row per publication (its `seq`, whether the public sees it, and its tokens), so
//   the rows a count still visits (PostgreSQL no longer skips heap pages in bitmap scans) are a few hundred bytes,
//   not the publication's kilobytes;
// - `tokens`: the publication's search tokens (title, labels and description stems), the title's again as
//   `t.<token>` and the labels' as `l.<token>` (the rank tiers), and the facets of migration 0015 (`_t_`, `_c_`,
//   `_cp_`, `_cpy_` with the keys in hex, `_l<bit>`); a GIN index over the listed rows answers overlap and
//   containment exactly;
// - `search_tokens_vocabulary`: every token once, so that a search word (a prefix) becomes the tokens it begins.
// Triggers keep both in the transaction of every write. SQLite keeps its full-text index: nothing changes there.

/** A member suspended or reinstated: their publications leave the public or come back. */
export async function listAuthorPublications(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function eco_list_author_publications() returns trigger language plpgsql as $body$
    begin
      update publication_tokens as t set listed = eco_listed(p)
        from publications as p where p.created_by = new.id and t.seq = p.seq;
      return null;
    end
  $body$`.execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create table publication_tokens (
    seq bigint primary key references publications (seq) on delete cascade,
    listed boolean not null,
    tokens text[] not null
  )`.execute(db);
  await sql`create table search_tokens_vocabulary (token text collate "C" primary key)`.execute(db);

  // The tokens of a publication, in one array (see above); label bits from material_label_bits (migration 0014).
  await sql`create or replace function eco_tokens_of(p publications) returns text[] language plpgsql stable as $body$
    declare
      title text[] := array_remove(string_to_array(p.title_stems, ' '), '');
      labelled text[] := array_remove(string_to_array(p.labels_stems, ' '), '');
      described text[] := array_remove(string_to_array(p.description_stems, ' '), '');
      facets text[] := array['_t_' || encode(convert_to(p.typed, 'UTF8'), 'hex')];
      country text := encode(convert_to(p.location_country, 'UTF8'), 'hex');
      province text := encode(convert_to(p.location_province, 'UTF8'), 'hex');
    begin
      if p.location_country is not null then
        facets := facets || ('_c_' || country);
        if p.location_province is not null then
          facets := facets || ('_cp_' || country || '_' || province);
          if p.location_city is not null then
            facets := facets || ('_cpy_' || country || '_' || province || '_'
              || encode(convert_to(p.location_city, 'UTF8'), 'hex'));
          end if;
        end if;
      end if;
      facets := facets || coalesce((select array_agg(distinct '_l' || bits.bit)
        from jsonb_array_elements_text(eco_json_labels(p.labels)) as item(name)
        join material_label_bits as bits on bits.name = item.name), '{}');
      return title || labelled || described
        || coalesce((select array_agg('t.' || token) from unnest(title) as token), '{}')
        || coalesce((select array_agg('l.' || token) from unnest(labelled) as token), '{}')
        || facets;
    end
  $body$`.execute(db);
  await sql`create or replace function eco_listed(p publications) returns boolean language sql stable as $body$
    select p.status = 1 and not exists (
      select 1 from users as author where author.id = p.created_by and author.is_active = 0)
  $body$`.execute(db);
  await sql`create or replace function eco_keep_publication_tokens() returns trigger language plpgsql as $body$
    begin
      insert into publication_tokens (seq, listed, tokens) values (new.seq, eco_listed(new), eco_tokens_of(new))
        on conflict (seq) do update set listed = excluded.listed, tokens = excluded.tokens;
      return null;
    end
  $body$`.execute(db);
  await sql`create trigger publications_tokens
    after insert or update of status, created_by, typed, location_country, location_province, location_city, labels,
      title_stems, labels_stems, description_stems
    on publications for each row execute function eco_keep_publication_tokens()`.execute(db);
  await listAuthorPublications(db);
  await sql`create trigger users_listed_publications after update of is_active on users
    for each row when ((old.is_active = 0) is distinct from (new.is_active = 0))
    execute function eco_list_author_publications()`.execute(db);
  // The vocabulary of whole tokens, from every statement's rows (statement-level, like search_words').
  await sql`create or replace function eco_collect_search_tokens() returns trigger language plpgsql as $body$
    begin
      insert into search_tokens_vocabulary (token)
        select distinct token from changed, unnest(string_to_array(
          changed.title_stems || ' ' || changed.labels_stems || ' ' || changed.description_stems, ' ')) as token
        where token <> ''
        on conflict do nothing;
      return null;
    end
  $body$`.execute(db);
  for (const event of ['insert', 'update']) {
    await sql`create trigger ${sql.id(`publications_search_tokens_${event}`)} after ${sql.raw(event)}
      on publications referencing new table as changed
      for each statement execute function eco_collect_search_tokens()`.execute(db);
  }

  // The publications that exist.
  await sql`insert into publication_tokens (seq, listed, tokens)
    select p.seq, eco_listed(p), eco_tokens_of(p) from publications as p`.execute(db);
  await sql`insert into search_tokens_vocabulary (token)
    select distinct token from publications as p, unnest(string_to_array(
      p.title_stems || ' ' || p.labels_stems || ' ' || p.description_stems, ' ')) as token
    where token <> '' on conflict do nothing`.execute(db);
  await sql`create index publication_tokens_idx on publication_tokens using gin (tokens) where listed`.execute(
    db,
  );
}

async function downPostgres(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update']) {
    await sql`drop trigger if exists ${sql.id(`publications_search_tokens_${event}`)} on publications`.execute(
      db,
    );
  }
  await sql`drop trigger if exists publications_tokens on publications`.execute(db);
  await sql`drop trigger if exists users_listed_publications on users`.execute(db);
  for (const fn of [
    'eco_collect_search_tokens()',
    'eco_list_author_publications()',
    'eco_keep_publication_tokens()',
    'eco_listed(publications)',
    'eco_tokens_of(publications)',
  ]) {
    await sql.raw(`drop function if exists ${fn}`).execute(db);
  }
  await sql`drop table search_tokens_vocabulary`.execute(db);
  await sql`drop table publication_tokens`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await upPostgres(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await downPostgres(db);
}
