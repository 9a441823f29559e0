import { sql, type Kysely } from 'kysely';

// What has not ended by an instant, soonest first, walked the agenda's start index from the earliest dated entry
// still under way: every ended entry in between was read and skipped (at 1,000,000 publications, a range of days two
// months ahead read ~70,000 entries for a page of 6, and its count ~110,000 through the end index). Events that end
// within two days of their start are found by a range of the start index; this index holds the others, the lasting
// ones (multi-day fairs, courses of weeks), few in any community, by their end (decision 045). Its condition is
// `lastingOf` in date-criteria.ts, written the same, so that both planners see that a query's condition implies it.

const DAY_NUMBER = (column: string) =>
  sql`(cast(substr(${sql.ref(column)}, 1, 4) as integer) * 372 + cast(substr(${sql.ref(column)}, 6, 2) as integer) * 31 + cast(substr(${sql.ref(column)}, 9, 2) as integer))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index publications_agenda_lasting_idx on publications
    (typed, status, (coalesce(calendared_until, calendared_at)), id, calendared_at, location_country,
    location_province, location_city, created_by, calendared_until, labels)
    where calendared_at is not null and calendared_until is not null
    and ${DAY_NUMBER('calendared_until')} - ${DAY_NUMBER('calendared_at')} >= 2`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index publications_agenda_lasting_idx`.execute(db);
}
