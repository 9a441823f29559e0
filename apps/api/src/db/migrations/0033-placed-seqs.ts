import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';

// The map and near-me with a term on PostgreSQL read the search's matches from the token bitmaps (migration 0019) as
// `seq`s, then each one's point (list-repository.ts, placedSearchSeqs): this index holds the point and the id by
// `seq`, for the publications with a point, so that those reads are the index's alone (no table row, no tsvector).
// SQLite's map reads its R*Tree by `seq` already (migration 0024): nothing to add there.

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create index publications_seq_point_idx on publications (seq)
    include (public_lat, public_lng, id) where public_lat is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop index publications_seq_point_idx`.execute(db);
}
