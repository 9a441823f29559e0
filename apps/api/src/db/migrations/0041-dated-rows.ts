import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';

// A text search with dates on SQLite (list-repository.ts, ftsTextSearch) takes the matches of the words and the other
// filters from the full-text index and keeps those whose dates pass. It looked each match's dates up in its
// publication: the slim row by `seq`, then the wide publication row through its text key, about 6 µs a match (a
// common word's 22,000 events at 1,000,000 publications: 150–190 ms a count, warm). This table holds only what the
// date criteria read (dateConditions' columns, under their names) of the dated publications, keyed by the list's
// `seq` as the full-text index's rowid is: one lookup of a narrow row per match (decision 054). PostgreSQL probes its
// covering index by `seq` instead (migration 0035).
// Kept by triggers as the R*Tree of the points is (migration 0024): created and removed with the slim list rows,
// which come and go with their publication, and rewritten when a publication's dates or country change.

const COPIED = 'calendared_at, calendared_until, location_country';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`create table publication_dates (
    seq integer primary key,
    calendared_at text not null,
    calendared_until text,
    location_country text
  )`.execute(db);
  await sql`insert into publication_dates (seq, ${sql.raw(COPIED)})
    select r.seq, p.calendared_at, p.calendared_until, p.location_country
    from publication_search_rows as r join publications as p on p.id = r.id
    where p.calendared_at is not null`.execute(db);
  await sql`create trigger publication_dates_insert after insert on publication_search_rows begin
      insert into publication_dates (seq, ${sql.raw(COPIED)})
        select new.seq, g.calendared_at, g.calendared_until, g.location_country
        from publications as g where g.id = new.id and g.calendared_at is not null;
    end`.execute(db);
  await sql`create trigger publication_dates_update
    after update of calendared_at, calendared_until, location_country on publications
    begin
      delete from publication_dates where seq = (select seq from publication_search_rows where id = new.id);
      insert into publication_dates (seq, ${sql.raw(COPIED)})
        select r.seq, new.calendared_at, new.calendared_until, new.location_country
        from publication_search_rows as r where r.id = new.id and new.calendared_at is not null;
    end`.execute(db);
  await sql`create trigger publication_dates_delete after delete on publication_search_rows begin
      delete from publication_dates where seq = old.seq;
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  for (const event of ['insert', 'update', 'delete']) {
    await sql.raw(`drop trigger publication_dates_${event}`).execute(db);
  }
  await sql`drop table publication_dates`.execute(db);
}
