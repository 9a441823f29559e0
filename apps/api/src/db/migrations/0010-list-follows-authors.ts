import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';

// The public list leaves out the publications of members who cannot sign in (suspended by the moderation desk or
// deactivated by a super user): a change of users.is_active changes what the list counts, so it raises the list's
// version like a write to publications does (migration 0007), and every process drops the counts it remembers.

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    await sql`create trigger users_is_active_list_version after update of is_active on users
      when old.is_active is not new.is_active
      begin
        update list_versions set version = version + 1 where list = 'publications';
      end`.execute(db);
    return;
  }
  await sql`create or replace function eco_bump_publications_list_version() returns trigger language plpgsql as $body$
    begin
      update list_versions set version = version + 1 where list = 'publications';
      return null;
    end
  $body$`.execute(db);
  await sql`create trigger users_is_active_list_version after update of is_active on users
    for each row when (old.is_active is distinct from new.is_active)
    execute function eco_bump_publications_list_version()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    await sql`drop trigger if exists users_is_active_list_version`.execute(db);
    return;
  }
  await sql`drop trigger if exists users_is_active_list_version on users`.execute(db);
  await sql`drop function if exists eco_bump_publications_list_version()`.execute(db);
}
