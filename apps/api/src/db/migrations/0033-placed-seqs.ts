import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';
import { CHUNK_BITS } from './0019-search-token-bits.ts';

// The map and near-me with a term on PostgreSQL take the search's matches from the token bitmaps (migration 0019) and
// read only their points (list-repository.ts, placedSearch), through these two indexes of the publications with a
// point, each holding the point, the id and `seq`, so that the reads are the indexes' alone (no table row, no
// tsvector):
// - by `seq`: the matches of a chunk of the bitmaps with few, each looked up;
// - by chunk (`seq / CHUNK_BITS`: the query writes the same expression) and latitude: a chunk with many, read whole along the viewport's latitudes,
//   its bits tested.
// SQLite's map reads its R*Tree by `seq` already (migration 0024): nothing to add there.

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create index publications_seq_point_idx on publications (seq)
    include (public_lat, public_lng, id) where public_lat is not null`.execute(db);
  await sql`create index publications_chunk_point_idx on publications ((seq / ${sql.raw(String(CHUNK_BITS))}), public_lat)
    include (public_lng, seq, id) where public_lat is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop index publications_chunk_point_idx`.execute(db);
  await sql`drop index publications_seq_point_idx`.execute(db);
}
