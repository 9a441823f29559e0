import { sql, type Kysely } from 'kysely';

// The agenda's indexes (migrations 0032, 0034) lead with the category and status, then the date: a city's dated list,
// feed or month view walked every dated entry of its category in date order for the few of that city (the bench's
// city feeds at 100,000 publications: 10 ms each, for 1-2 % of the entries read). This one leads with the place, so
// a city's entries come in date order by themselves; it holds the other indexes' columns, so such a query never
// looks a row up (decision 032).

const END = sql`(coalesce(calendared_until, calendared_at))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index publications_agenda_place_idx on publications
    (typed, status, location_country, location_province, location_city, calendared_at, id, ${END}, created_by,
    calendared_until, labels) where calendared_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index publications_agenda_place_idx`.execute(db);
}
