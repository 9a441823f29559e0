import { sql, type Kysely } from 'kysely';

// Every public list, count and feed leaves out the publications of suspended members (`not exists … is_active = 0`
// or `not in (…)`). With no index saying who is suspended, PostgreSQL read the whole users table to learn there is
// nobody: at 20,300 members, 3-5 ms of every list query, whatever its page (issue 27: most of what a write cost the
// readers, whose answers it changed). Suspended members are few: a partial index of them is a page or two.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index users_suspended_idx on users (id) where is_active = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_suspended_idx`.execute(db);
}
