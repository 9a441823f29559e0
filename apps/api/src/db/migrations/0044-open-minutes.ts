import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';

// open=now on PostgreSQL: a recycling point's open stretches of the week on its own row, as a multirange of minutes
// (`int4multirange`), inside a GiST index of the points that have hours. A map or a near-me list of what is open then
// reads that index alone: no heap page and no probe of publication_opening_ranges per point (decision 062: at
// 1,000,000 publications a country's map took 0.5–1.8 s). Written with the row by every writer (placeColumnsOf).
// SQLite keeps the same text and reads publication_opening_ranges, which both keep for the boundaries (0043).

/** What PostgreSQL's place queries read of a point with hours (list-repository.ts placedMatches, map-cells.ts). */
const INCLUDED = [
  'open_minutes',
  'location_country',
  'status',
  'typed',
  'labels',
  'created_by',
  'id',
  'public_lat',
  'public_lng',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') {
    await db.schema.alterTable('publications').addColumn('open_minutes', 'text').execute();
    await sql`update publications set open_minutes = (
        select '{' || group_concat('[' || opens_at || ',' || closes_at || ')', ',') || '}'
        from (select opens_at, closes_at from publication_opening_ranges as o
          where o.publication_id = publications.id order by opens_at))
      where opening_hours is not null`.execute(db);
    return;
  }
  await db.schema
    .alterTable('publications')
    .addColumn('open_minutes', sql`int4multirange`)
    .execute();
  // Only the new column changes: the triggers that log and index the rows' other columns have nothing to do.
  await sql`alter table publications disable trigger user`.execute(db);
  await sql`update publications as p set open_minutes = r.minutes
    from (select publication_id, range_agg(int4range(opens_at, closes_at)) as minutes
      from publication_opening_ranges group by publication_id) as r
    where r.publication_id = p.id`.execute(db);
  await sql`alter table publications enable trigger user`.execute(db);
  await sql`create index publications_open_point_idx on publications
    using gist (point(public_lng, public_lat)) include (${sql.raw(INCLUDED.join(', '))})
    where open_minutes is not null and public_lat is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await sql`drop index publications_open_point_idx`.execute(db);
  await db.schema.alterTable('publications').dropColumn('open_minutes').execute();
}
