import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';

// The list's answers are remembered whole by each process (decision 010): a card shows, besides the publication's
// own row, its images and its author's name, picture, phone and rating. A change to any of those raises the
// publications list version like a write to publications does (migrations 0007 and 0010), so no process serves a
// card older than the data.

const AUTHOR_COLUMNS = ['name', 'picture_url', 'phone', 'rating_count', 'rating_sum'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const changed = sql.join(
    AUTHOR_COLUMNS.map((column) => sql`old.${sql.id(column)} is distinct from new.${sql.id(column)}`),
    sql` or `,
  );
  const columns = sql.join(AUTHOR_COLUMNS.map((column) => sql.id(column)));
  if (dialectOf(db) === 'sqlite') {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.id(`publication_files_list_version_${event}`)} after ${sql.raw(event)} on publication_files
        begin
          update list_versions set version = version + 1 where list = 'publications';
        end`.execute(db);
    }
    // SQLite's `is not` is `is distinct from`.
    const changedSqlite = sql.join(
      AUTHOR_COLUMNS.map((column) => sql`old.${sql.id(column)} is not new.${sql.id(column)}`),
      sql` or `,
    );
    await sql`create trigger users_cards_list_version after update of ${columns} on users
      when ${changedSqlite}
      begin
        update list_versions set version = version + 1 where list = 'publications';
      end`.execute(db);
    return;
  }
  // eco_bump_publications_list_version() comes from migration 0010.
  await sql`create trigger publication_files_list_version after insert or update or delete on publication_files
    for each statement execute function eco_bump_publications_list_version()`.execute(db);
  await sql`create trigger users_cards_list_version after update of ${columns} on users
    for each row when (${changed})
    execute function eco_bump_publications_list_version()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger if exists ${sql.id(`publication_files_list_version_${event}`)}`.execute(db);
    }
    await sql`drop trigger if exists users_cards_list_version`.execute(db);
    return;
  }
  await sql`drop trigger if exists publication_files_list_version on publication_files`.execute(db);
  await sql`drop trigger if exists users_cards_list_version on users`.execute(db);
}
