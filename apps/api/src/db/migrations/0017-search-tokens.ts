import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';

// PostgreSQL's public search without rechecking rows (decision 010, "PostgreSQL's searches from the index alone").
// A tsvector match must be rechecked on every matching row (its GIN index is inexact), so counting the matches of a
// common word read tens of thousands of rows. SQLite's full-text index answers a count from the index alone
// (migration 0015); this gives PostgreSQL the same:
// - `listed`: whether the public sees the publication (published, author not suspended), kept by triggers;
// - `search_tokens`: an array of the publication's search tokens (title, labels and description stems), the
//   title's again as `t.<token>` and the labels' as `l.<token>` (the rank tiers), and the facets of migration 0015
//   (`_t_`, `_c_`, `_cp_`, `_cpy_` with the keys in hex, `_l<bit>`); a GIN index over the listed rows answers
//   overlap and containment exactly, so a count never rechecks a row;
// - `search_tokens_vocabulary`: every token once, so that a search word (a prefix) becomes the tokens it begins.
// SQLite keeps its full-text index: nothing changes there.

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`alter table publications add column listed boolean not null default false,
    add column search_tokens text[] not null default '{}'`.execute(db);
  await sql`create table search_tokens_vocabulary (token text collate "C" primary key)`.execute(db);

  // The tokens of a publication, in one array (see above); label bits from material_label_bits (migration 0014).
  await sql`create or replace function eco_publication_tokens() returns trigger language plpgsql as $body$
    declare
      title text[] := array_remove(string_to_array(new.title_stems, ' '), '');
      labelled text[] := array_remove(string_to_array(new.labels_stems, ' '), '');
      described text[] := array_remove(string_to_array(new.description_stems, ' '), '');
      facets text[] := array['_t_' || encode(convert_to(new.typed, 'UTF8'), 'hex')];
    begin
      new.listed := new.status = 1 and not exists (
        select 1 from users as author where author.id = new.created_by and author.is_active = 0);
      if new.location_country is not null then
        facets := facets || ('_c_' || encode(convert_to(new.location_country, 'UTF8'), 'hex'));
        if new.location_province is not null then
          facets := facets || ('_cp_' || encode(convert_to(new.location_country, 'UTF8'), 'hex') || '_'
            || encode(convert_to(new.location_province, 'UTF8'), 'hex'));
          if new.location_city is not null then
            facets := facets || ('_cpy_' || encode(convert_to(new.location_country, 'UTF8'), 'hex') || '_'
              || encode(convert_to(new.location_province, 'UTF8'), 'hex') || '_'
              || encode(convert_to(new.location_city, 'UTF8'), 'hex'));
          end if;
        end if;
      end if;
      facets := facets || coalesce((select array_agg(distinct '_l' || bits.bit)
        from jsonb_array_elements_text(eco_json_labels(new.labels)) as item(name)
        join material_label_bits as bits on bits.name = item.name), '{}');
      new.search_tokens := title || labelled || described
        || coalesce((select array_agg('t.' || token) from unnest(title) as token), '{}')
        || coalesce((select array_agg('l.' || token) from unnest(labelled) as token), '{}')
        || facets;
      return new;
    end
  $body$`.execute(db);
  await sql`create trigger publications_search_tokens
    before insert or update of status, created_by, typed, location_country, location_province, location_city, labels,
      title_stems, labels_stems, description_stems
    on publications for each row execute function eco_publication_tokens()`.execute(db);
  // A member suspended or reinstated: their publications leave the public or come back.
  await sql`create or replace function eco_list_author_publications() returns trigger language plpgsql as $body$
    begin
      update publications set listed = (status = 1 and new.is_active <> 0) where created_by = new.id;
      return null;
    end
  $body$`.execute(db);
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

  // The publications that exist (the before trigger fills their columns).
  await sql`update publications set title_stems = title_stems`.execute(db);
  await sql`create index publications_search_tokens_idx on publications using gin (search_tokens)
    where listed`.execute(db);
  await sql`create index publications_listed_seq_idx on publications (seq) where listed`.execute(db);
}

async function downPostgres(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update']) {
    await sql`drop trigger if exists ${sql.id(`publications_search_tokens_${event}`)} on publications`.execute(
      db,
    );
  }
  await sql`drop trigger if exists publications_search_tokens on publications`.execute(db);
  await sql`drop trigger if exists users_listed_publications on users`.execute(db);
  await sql`drop function if exists eco_collect_search_tokens()`.execute(db);
  await sql`drop function if exists eco_list_author_publications()`.execute(db);
  await sql`drop function if exists eco_publication_tokens()`.execute(db);
  await sql`drop table search_tokens_vocabulary`.execute(db);
  await sql`alter table publications drop column search_tokens, drop column listed`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await upPostgres(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await downPostgres(db);
}
