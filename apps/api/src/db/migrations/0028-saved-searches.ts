import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';

// Saved searches with alerts (issue 26, decision 041). A member saves explore's term and filters under a name;
// with `alert` a publication that is published and matches notifies them (and, with `digest`, also goes into the
// daily e-mail). `saved_search_hits` is each (search, publication) matched once: its primary key is what makes a match
// notify never twice. The matching runs as a job of the durable queue (`jobs`, migration 0025): a trigger on
// publications queues one whenever a row becomes published (created published or changed to published, by any
// path: a super user's form or switch, the moderation desk, dismissed reports), in the writer's own transaction and
// without a round trip of its own, and only while some search listens. The job is named after the publication, so
// it is queued once however many times the row is written before it runs.

const NOW_SQLITE = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
const NOW_POSTGRES = `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The kind of the matching job (searches/alerts.ts MATCH_JOB). */
const JOB = 'saved-search-match';
const LISTENING = `exists (select 1 from saved_searches where alert = 1)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_searches')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('term', 'text')
    .addColumn('typed', 'text')
    .addColumn('country', 'text')
    .addColumn('province', 'text')
    .addColumn('city', 'text')
    // A JSON array of catalog material names, sorted ('[]' for none).
    .addColumn('labels', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('alert', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('digest', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('saved_searches_user_idx')
    .on('saved_searches')
    .columns(['user_id', 'created_at'])
    .execute();
  // The matcher's first narrowing: listening searches of the publication's country (or of any country).
  await db.schema
    .createIndex('saved_searches_listening_idx')
    .on('saved_searches')
    .columns(['country', 'typed', 'user_id'])
    .where(sql.ref('alert'), '=', 1)
    .execute();
  await db.schema
    .createTable('saved_search_hits')
    .addColumn('search_id', 'text', (column) =>
      column.notNull().references('saved_searches.id').onDelete('cascade'),
    )
    .addColumn('publication_id', 'text', (column) =>
      column.notNull().references('publications.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    // When the daily e-mail told it; null while it waits for the next one (only for searches with `digest`).
    .addColumn('mailed_at', 'text')
    .addPrimaryKeyConstraint('saved_search_hits_pkey', ['search_id', 'publication_id'])
    .execute();
  await db.schema
    .createIndex('saved_search_hits_unmailed_idx')
    .on('saved_search_hits')
    .columns(['user_id', 'created_at'])
    .where(sql.ref('mailed_at'), 'is', null)
    .execute();
  // The last daily e-mail per member (its local day), so that there is at most one a day in every process.
  await db.schema
    .createTable('saved_search_digests')
    .addColumn('user_id', 'text', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_day', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'text', (column) => column.notNull())
    .execute();

  if (dialectOf(db) === 'postgres') {
    await sql
      .raw(
        `create or replace function eco_saved_search_enqueue() returns trigger language plpgsql as $body$
        begin
          if new.status = 1 and (tg_op = 'INSERT' or old.status is distinct from 1) and ${LISTENING} then
            insert into jobs (id, kind, subject, run_at, created_at)
              values ('${JOB}:' || new.id, '${JOB}', 'publication:' || new.id, ${NOW_POSTGRES}, ${NOW_POSTGRES})
              on conflict (id) do nothing;
          end if;
          return null;
        end $body$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger publications_saved_search_enqueue after insert or update of status on publications
        for each row execute function eco_saved_search_enqueue()`,
      )
      .execute(db);
  } else {
    const insert = `insert or ignore into jobs (id, kind, subject, run_at, created_at)
      values ('${JOB}:' || new.id, '${JOB}', 'publication:' || new.id, ${NOW_SQLITE}, ${NOW_SQLITE});`;
    await sql
      .raw(
        `create trigger publications_saved_search_enqueue_insert after insert on publications
        when new.status = 1 and ${LISTENING} begin ${insert} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger publications_saved_search_enqueue_update after update of status on publications
        when new.status = 1 and old.status <> 1 and ${LISTENING} begin ${insert} end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger if exists publications_saved_search_enqueue on publications`.execute(db);
    await sql`drop function if exists eco_saved_search_enqueue()`.execute(db);
  } else {
    await sql`drop trigger if exists publications_saved_search_enqueue_insert`.execute(db);
    await sql`drop trigger if exists publications_saved_search_enqueue_update`.execute(db);
  }
  await db.schema.dropTable('saved_search_digests').execute();
  await db.schema.dropTable('saved_search_hits').execute();
  await db.schema.dropTable('saved_searches').execute();
}
