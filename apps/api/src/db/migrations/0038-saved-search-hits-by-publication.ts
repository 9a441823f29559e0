import { sql, type Kysely } from 'kysely';

// A saved search's matches are keyed by (search, publication). Two things ask them by publication alone: the matcher
// (which searches already matched a publication published again) and deleting a publication, whose matches go with
// it (`on delete cascade`), which without this index read every match of every search (issue 27).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index saved_search_hits_publication_idx on saved_search_hits (publication_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index saved_search_hits_publication_idx`.execute(db);
}
