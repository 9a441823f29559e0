import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';

// SQLite's R*Tree of the public points (migration 0024) gets the category as a third dimension (decision 067). A
// map or a near-me list of one category walked every category's points in view and dropped the others on their
// list rows: at 1,000,000 publications, the open recycling points' map zoomed out on a country read 52,000 points
// for 15,000. Each category is a slab of its own along the new dimension, `[code × KIND_SPAN, code × KIND_SPAN + 1]`:
// a node mixing two categories has a volume KIND_SPAN times larger than two nodes of one, so the tree's inserts and
// splits keep the categories apart (a slab of no thickness would make every node's volume zero, and the tree would
// stop telling areas apart). A category unknown to this list is code 0. PostgreSQL is unchanged.

/** The codes of the categories, as place-sql.ts reads them: their position in this list, from 1. */
const KINDS = ['dots', 'events', 'courses', 'market', 'barter', 'tips'];

/** The distance between two categories' slabs. */
const KIND_SPAN = 1000;

const kindOf = (typed: string) =>
  sql.raw(
    `(case ${typed} ${KINDS.map((kind, i) => `when '${kind}' then ${(i + 1) * KIND_SPAN}`).join(' ')} else 0 end)`,
  );

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`create virtual table publication_places_by_kind using rtree(
    id, min_lat, max_lat, min_lng, max_lng, min_kind, max_kind, +lat, +lng)`.execute(db);
  await sql`insert into publication_places_by_kind (id, min_lat, max_lat, min_lng, max_lng, min_kind, max_kind, lat, lng)
    select r.id, r.min_lat, r.max_lat, r.min_lng, r.max_lng, ${kindOf('s.typed')}, ${kindOf('s.typed')} + 1, r.lat, r.lng
    from publication_places as r join publication_search_rows as s on s.seq = r.id
    order by r.id`.execute(db);
  for (const event of ['insert', 'update', 'delete']) {
    await sql.raw(`drop trigger publication_places_${event}`).execute(db);
  }
  await sql`drop table publication_places`.execute(db);
  await sql`alter table publication_places_by_kind rename to publication_places`.execute(db);
  await sql`create trigger publication_places_insert after insert on publication_search_rows begin
      insert into publication_places (id, min_lat, max_lat, min_lng, max_lng, min_kind, max_kind, lat, lng)
        select new.seq, g.public_lat, g.public_lat, g.public_lng, g.public_lng,
          ${kindOf('new.typed')}, ${kindOf('new.typed')} + 1, g.public_lat, g.public_lng
        from publications as g where g.id = new.id and g.public_lat is not null and g.public_lng is not null;
    end`.execute(db);
  await sql`create trigger publication_places_update after update of public_lat, public_lng on publications begin
      delete from publication_places where id = (select seq from publication_search_rows where id = new.id);
      insert into publication_places (id, min_lat, max_lat, min_lng, max_lng, min_kind, max_kind, lat, lng)
        select r.seq, new.public_lat, new.public_lat, new.public_lng, new.public_lng,
          ${kindOf('r.typed')}, ${kindOf('r.typed')} + 1, new.public_lat, new.public_lng
        from publication_search_rows as r
        where r.id = new.id and new.public_lat is not null and new.public_lng is not null;
    end`.execute(db);
  // A publication moved to another category (the slim row follows the publication, migration 0015).
  await sql`create trigger publication_places_kind after update of typed on publication_search_rows
      when old.typed is not new.typed
    begin
      update publication_places set min_kind = ${kindOf('new.typed')}, max_kind = ${kindOf('new.typed')} + 1
        where id = new.seq;
    end`.execute(db);
  await sql`create trigger publication_places_delete after delete on publication_search_rows begin
      delete from publication_places where id = old.seq;
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  for (const event of ['insert', 'update', 'kind', 'delete']) {
    await sql.raw(`drop trigger publication_places_${event}`).execute(db);
  }
  await sql`create virtual table publication_places_flat using rtree(
    id, min_lat, max_lat, min_lng, max_lng, +lat, +lng)`.execute(db);
  await sql`insert into publication_places_flat (id, min_lat, max_lat, min_lng, max_lng, lat, lng)
    select id, min_lat, max_lat, min_lng, max_lng, lat, lng from publication_places order by id`.execute(db);
  await sql`drop table publication_places`.execute(db);
  await sql`alter table publication_places_flat rename to publication_places`.execute(db);
  // Migration 0024's triggers, as they were.
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
