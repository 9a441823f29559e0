import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';

// Places (issue 24, decision 034). A publication's point as its author gave it (`location_lat`, `location_lng`) and
// the point everyone else sees (`public_lat`, `public_lng`): the same, or moved a few hundred metres for a barter or
// market publication whose author did not choose to show the exact place (`location_exact`). Every map, bbox and
// near-me query reads the public point only, so no distance or cluster says more than the card does.
// Indexes of the public point: SQLite's R*Tree (a virtual table kept by triggers, so every writer is indexed: the
// API, the demo loader, the bench's bulk insert), PostgreSQL's GiST on a point. Both answer bounding boxes; near-me
// reads growing boxes around the person and orders each box's matches by their great-circle distance.
// Recycling points' opening hours: the JSON the API answers (`opening_hours`) and, for `open=now`, one row per
// stretch open in the week (`publication_opening_ranges`, minutes from Sunday 00:00 in the point's country's time).

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  for (const column of ['location_lat', 'location_lng', 'public_lat', 'public_lng']) {
    await db.schema
      .alterTable('publications')
      .addColumn(column, sql`double precision`)
      .execute();
  }
  await db.schema.alterTable('publications').addColumn('location_exact', 'integer').execute();
  await db.schema.alterTable('publications').addColumn('opening_hours', 'text').execute();
  await db.schema
    .createTable('publication_opening_ranges')
    .addColumn('publication_id', 'text', (column) =>
      column.notNull().references('publications.id').onDelete('cascade'),
    )
    .addColumn('opens_at', 'integer', (column) => column.notNull())
    .addColumn('closes_at', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('publication_opening_ranges_idx')
    .on('publication_opening_ranges')
    .columns(['publication_id', 'opens_at', 'closes_at'])
    .execute();
  if (postgres) {
    await sql`create index publications_public_point_idx on publications
      using gist (point(public_lng, public_lat)) where public_lat is not null`.execute(db);
    return;
  }
  // SQLite: an R*Tree keyed by the list's `seq` (the slim list rows' primary key, as the full-text index is), so that
  // a place query walks the R*Tree and reaches each list row by its primary key. Its bounds are 32-bit floats rounded
  // outwards; the exact point rides along as auxiliary columns (`+lat`, `+lng`), which decide at the edges and give
  // the distances. Kept by triggers on the list rows (created and removed with their publication, migration 0015)
  // and on the publication's point.
  await sql`create virtual table publication_places using rtree(
    id, min_lat, max_lat, min_lng, max_lng, +lat, +lng)`.execute(db);
  await sql`create trigger publication_places_insert after insert on publication_search_rows begin
      insert into publication_places (id, min_lat, max_lat, min_lng, max_lng, lat, lng)
        select new.seq, g.public_lat, g.public_lat, g.public_lng, g.public_lng, g.public_lat, g.public_lng
        from publications as g where g.id = new.id and g.public_lat is not null and g.public_lng is not null;
    end`.execute(db);
  await sql`create trigger publication_places_update after update of public_lat, public_lng on publications begin
      delete from publication_places where id = (select seq from publication_search_rows where id = new.id);
      insert into publication_places (id, min_lat, max_lat, min_lng, max_lng, lat, lng)
        select r.seq, new.public_lat, new.public_lat, new.public_lng, new.public_lng, new.public_lat, new.public_lng
        from publication_search_rows as r
        where r.id = new.id and new.public_lat is not null and new.public_lng is not null;
    end`.execute(db);
  await sql`create trigger publication_places_delete after delete on publication_search_rows begin
      delete from publication_places where id = old.seq;
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await sql`drop index publications_public_point_idx`.execute(db);
  else {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger publication_places_${event}`).execute(db);
    }
    await sql`drop table publication_places`.execute(db);
  }
  await db.schema.dropTable('publication_opening_ranges').execute();
  for (const column of [
    'opening_hours',
    'location_exact',
    'public_lng',
    'public_lat',
    'location_lng',
    'location_lat',
  ]) {
    await db.schema.alterTable('publications').dropColumn(column).execute();
  }
}
