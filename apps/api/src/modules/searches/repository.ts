import type { BoundingBox } from '@eco/domain';
import type { Selectable } from 'kysely';
import type { DB, SavedSearchesTable } from '../../db/schema.ts';

// The saved_searches rows (migrations 0028 and 0030).

export type SavedSearchRow = Selectable<SavedSearchesTable>;

/** The search's map area (migration 0030: all four columns or none), or null. */
export function bboxOf(
  row: Pick<SavedSearchRow, 'bbox_min_lng' | 'bbox_min_lat' | 'bbox_max_lng' | 'bbox_max_lat'>,
): BoundingBox | null {
  const { bbox_min_lng: minLng, bbox_min_lat: minLat, bbox_max_lng: maxLng, bbox_max_lat: maxLat } = row;
  if (minLng === null || minLat === null || maxLng === null || maxLat === null) return null;
  return { minLng, minLat, maxLng, maxLat };
}

export function listOwnSearches(db: DB, userId: string): Promise<SavedSearchRow[]> {
  return db
    .selectFrom('saved_searches')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findOwnSearch(db: DB, userId: string, id: string): Promise<SavedSearchRow | undefined> {
  return db
    .selectFrom('saved_searches')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Inserts the search unless the member would then have more than `max`: inserted and counted in one transaction,
 * so two requests at once never keep one more than allowed (at worst both are refused). Answers whether it was kept.
 */
export async function insertSearchWithin(db: DB, row: SavedSearchRow, max: number): Promise<boolean> {
  const tooMany = new Error('too many');
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('saved_searches').values(row).execute();
      const counted = await trx
        .selectFrom('saved_searches')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', row.user_id)
        .executeTakeFirstOrThrow();
      if (Number(counted.n) > max) throw tooMany;
    });
    return true;
  } catch (error) {
    if (error === tooMany) return false;
    throw error;
  }
}

export async function updateOwnSearch(
  db: DB,
  userId: string,
  id: string,
  changes: Partial<Pick<SavedSearchRow, 'name' | 'alert' | 'digest'>> & { updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('saved_searches')
    .set(changes)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteOwnSearch(db: DB, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('saved_searches')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
