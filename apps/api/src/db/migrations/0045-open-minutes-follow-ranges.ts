import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';

// PostgreSQL's open=now reads `publications.open_minutes` (0044), which every writer of this code writes with the row.
// A process still running the code from before 0044 (a rolling deploy) writes a point's stretches into
// publication_opening_ranges but not the column: the point would be missing from open=now, or shown at its old hours,
// until edited again. So the stretches decide: when a transaction that changed a point's stretches commits, a deferred
// trigger sets the column to them, and writes nothing when the writer already did (this code's writes). The rows such
// a process wrote between 0044 and this migration are set here too. SQLite reads the stretches themselves.

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  // An update is only issued when the column differs: even an update of no row runs the statement triggers of
  // `publications` (its change log, search tokens and map cells), which would double the cost of a bulk load.
  await sql`create function publication_open_minutes_follow() returns trigger language plpgsql as $$
    declare
      target text := case when tg_op = 'DELETE' then old.publication_id else new.publication_id end;
      minutes int4multirange;
    begin
      select range_agg(int4range(opens_at, closes_at)) into minutes
        from publication_opening_ranges where publication_id = target;
      if exists (select 1 from publications where id = target and open_minutes is distinct from minutes) then
        update publications set open_minutes = minutes where id = target;
      end if;
      return null;
    end $$`.execute(db);
  // At commit, once the writer's statements are all done: the delete and insert of an edit are never seen halfway.
  await sql`create constraint trigger publication_opening_ranges_open_minutes
    after insert or update or delete on publication_opening_ranges
    deferrable initially deferred for each row execute function publication_open_minutes_follow()`.execute(
    db,
  );
  await sql`update publications as p set open_minutes = stretches.minutes
    from (select p.id, (select range_agg(int4range(opens_at, closes_at)) from publication_opening_ranges as o
        where o.publication_id = p.id) as minutes
      from publications as p where p.opening_hours is not null or p.open_minutes is not null) as stretches
    where stretches.id = p.id and p.open_minutes is distinct from stretches.minutes`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop trigger publication_opening_ranges_open_minutes on publication_opening_ranges`.execute(db);
  await sql`drop function publication_open_minutes_follow()`.execute(db);
}
