import { sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ListCriteria } from './list-repository.ts';

/**
 * At least as many as the criteria's matches with a point: the publications the public sees with a point, of the
 * criteria's category and country, from the map's counted cells of the coarsest band (migration 0029: a handful of
 * rows, exact after every write). Null when the criteria are not the public's (another status, one author's). Near-me
 * reads it to skip the walk around the point when nothing it could find has a point (tips, or a category with no
 * point in that country): walking, then ordering every match by distance, cost seconds at 1,000,000 rows.
 */
export async function placedAtMost(db: DB, criteria: ListCriteria): Promise<number | null> {
  if (criteria.status !== 'published' || criteria.authorId !== undefined) return null;
  let query = db
    .selectFrom('publication_map_cells as m')
    .select(sql<number | string | null>`sum(m.n)`.as('n'))
    .where('m.band', '=', 0);
  if (criteria.typed !== undefined) query = query.where('m.typed', '=', criteria.typed);
  if (criteria.country !== undefined) query = query.where('m.country', '=', criteria.country);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}
