import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';
import { bumpOnWrites } from './0007-perf.ts';

// The saved searches get a version of their own (a row of list_versions), raised in the transaction of every write
// to them and of every suspension or reinstatement of a member: a process keeps a place's candidate searches (those
// that may match its publications, grouped by criteria) for as long as that version stays, instead of reading and
// carrying them again for every claim of the alerts' queue (searches/candidates.ts, decision 065).

const LIST = 'saved_searches';
const MEMBERS_TRIGGER = 'users_is_active_saved_searches_version';

export async function up(db: Kysely<unknown>): Promise<void> {
  await bumpOnWrites(db, LIST);
  if (dialectOf(db) === 'sqlite') {
    await sql`create trigger ${sql.id(MEMBERS_TRIGGER)} after update of is_active on users
      when old.is_active is not new.is_active
      begin update list_versions set version = version + 1 where list = ${sql.lit(LIST)}; end`.execute(db);
    return;
  }
  await sql`create trigger ${sql.id(MEMBERS_TRIGGER)} after update of is_active on users
    for each row when (old.is_active is distinct from new.is_active)
    execute function eco_bump_list_version(${sql.lit(LIST)})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    await sql`drop trigger if exists ${sql.id(MEMBERS_TRIGGER)}`.execute(db);
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger if exists ${sql.id(`${LIST}_list_version_${event}`)}`.execute(db);
    }
  } else {
    await sql`drop trigger if exists ${sql.id(MEMBERS_TRIGGER)} on users`.execute(db);
    await sql`drop trigger if exists ${sql.id(`${LIST}_list_version`)} on saved_searches`.execute(db);
  }
  await sql`delete from list_versions where list = ${LIST}`.execute(db);
}
