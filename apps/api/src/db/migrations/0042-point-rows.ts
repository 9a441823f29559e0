import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';

// A map or a near-me list with a term or a material on SQLite reads the matches first (list-repository.ts,
// placedMatchesFirst and allByDistance) and looks each one's point up. The R*Tree of migration 0024 answers a lookup
// by key through its rowid table and then its node, a blob of up to 51 entries parsed for the one: a common word over
// a country at 1,000,000 publications is some 100,000 such lookups. This table holds each placed publication's public
// point by the list's `seq`: one lookup of a narrow row per match (decision 056). The R*Tree stays for the areas
// (what lies inside a box). PostgreSQL reads the point from migration 0033's indexes.
// Kept by triggers as the R*Tree is: created and removed with the slim list rows, which come and go with their
// publication, and rewritten when a publication's public point changes.

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`create table publication_points (
    seq integer primary key,
    lat real not null,
    lng real not null
  )`.execute(db);
  // From the R*Tree, whose auxiliary columns are the same points by the same key: 1,000,000 publications' in 4 s
  // (by the publications' rows, 25 s).
  await sql`insert into publication_points (seq, lat, lng)
    select id, lat, lng from publication_places order by id`.execute(db);
  await sql`create trigger publication_points_insert after insert on publication_search_rows begin
      insert into publication_points (seq, lat, lng)
        select new.seq, g.public_lat, g.public_lng
        from publications as g where g.id = new.id and g.public_lat is not null and g.public_lng is not null;
    end`.execute(db);
  await sql`create trigger publication_points_update after update of public_lat, public_lng on publications begin
      delete from publication_points where seq = (select seq from publication_search_rows where id = new.id);
      insert into publication_points (seq, lat, lng)
        select r.seq, new.public_lat, new.public_lng
        from publication_search_rows as r
        where r.id = new.id and new.public_lat is not null and new.public_lng is not null;
    end`.execute(db);
  await sql`create trigger publication_points_delete after delete on publication_search_rows begin
      delete from publication_points where seq = old.seq;
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  for (const event of ['insert', 'update', 'delete']) {
    await sql.raw(`drop trigger publication_points_${event}`).execute(db);
  }
  await sql`drop table publication_points`.execute(db);
}
