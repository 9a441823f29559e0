import { sql, type Kysely } from 'kysely';

// The agenda (issue 25, decision 032): events and courses by start and by end (`calendared_until`, or the start
// without one). Two partial indexes of the dated publications, each holding every column the agenda's filters read
// (start, end, place, author, id), so that its pages and counts walk an index alone: by start for what is still to
// come, soonest first (the ended ones skipped within the index), by end for what has ended, latest first, and for
// the counts of what has not ended.

const END = sql`(coalesce(calendared_until, calendared_at))`;
const PLACE = sql`location_country, location_province, location_city, created_by`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index publications_agenda_start_idx on publications
    (typed, status, calendared_at, id, ${END}, ${PLACE}) where calendared_at is not null`.execute(db);
  await sql`create index publications_agenda_end_idx on publications
    (typed, status, ${END}, id, calendared_at, ${PLACE}) where calendared_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index publications_agenda_end_idx`.execute(db);
  await sql`drop index publications_agenda_start_idx`.execute(db);
}
