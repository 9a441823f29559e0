import { sql, type Kysely } from 'kysely';

// The agenda's indexes (migrations 0023, 0032) hold every column its filters read but the labels: a month view, a
// feed or a date-ordered list with a material looked every entry's row up for its labels, and SQLite's planner, with no
// index covering such a query, took a narrower one that looks every row up (a province's feed with a material at
// 1,000,000 rows: 265 ms warm, 740 ms cold, for no event). With `labels` as the last column of both, those are
// index-only too (decision 032).

const END = sql`(coalesce(calendared_until, calendared_at))`;
const PLACE = sql`location_country, location_province, location_city, created_by, calendared_until`;

async function createIndexes(db: Kysely<unknown>, labels: boolean): Promise<void> {
  const last = labels ? sql`, labels` : sql``;
  await sql`create index publications_agenda_start_idx on publications
    (typed, status, calendared_at, id, ${END}, ${PLACE}${last}) where calendared_at is not null`.execute(db);
  await sql`create index publications_agenda_end_idx on publications
    (typed, status, ${END}, id, calendared_at, ${PLACE}${last}) where calendared_at is not null`.execute(db);
}

async function dropIndexes(db: Kysely<unknown>): Promise<void> {
  await sql`drop index publications_agenda_end_idx`.execute(db);
  await sql`drop index publications_agenda_start_idx`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await dropIndexes(db);
  await createIndexes(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropIndexes(db);
  await createIndexes(db, false);
}
