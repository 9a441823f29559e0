import { countRows } from '../../db/count.ts';
import type { DB } from '../../db/schema.ts';
import { selectWithAuthor, type PublicationWithAuthor } from '../publications/repository.ts';

// The favorites table (migration 0022): one row per member and publication, newest saved first.

/** Saves; saving again changes nothing (not even when it was saved). */
export async function insertFavorite(db: DB, userId: string, publicationId: string): Promise<void> {
  await db
    .insertInto('favorites')
    .values({ user_id: userId, publication_id: publicationId, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.columns(['user_id', 'publication_id']).doNothing())
    .execute();
}

/** Whether there was a row to delete. */
export async function deleteFavorite(db: DB, userId: string, publicationId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('favorites')
    .where('user_id', '=', userId)
    .where('publication_id', '=', publicationId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type SavedRow = PublicationWithAuthor & { saved_at: string };

/** A page of the member's favorites with their publications and authors, newest saved first. */
export async function listFavorites(
  db: DB,
  userId: string,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ rows: SavedRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    selectWithAuthor(db)
      .innerJoin('favorites as f', 'f.publication_id', 'p.id')
      .select('f.created_at as saved_at')
      .where('f.user_id', '=', userId)
      .orderBy('f.created_at', 'desc')
      .orderBy('f.publication_id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    countRows(db.selectFrom('favorites').where('user_id', '=', userId)),
  ]);
  return { rows, total };
}

/** Which of `publicationIds` the member saved. */
export async function savedAmong(
  db: DB,
  userId: string,
  publicationIds: readonly string[],
): Promise<string[]> {
  if (publicationIds.length === 0) return [];
  const rows = await db
    .selectFrom('favorites')
    .select('publication_id')
    .where('user_id', '=', userId)
    .where('publication_id', 'in', publicationIds)
    .execute();
  return rows.map((row) => row.publication_id);
}

/** Whether the member saved the publication, and how many members did; one statement. */
export async function favoriteState(
  db: DB,
  userId: string,
  publicationId: string,
): Promise<{ saved: boolean; count: number }> {
  const row = await db
    .selectFrom('favorites')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('count'),
      eb.fn
        .sum<string | number | null>(eb.case().when('user_id', '=', userId).then(1).else(0).end())
        .as('mine'),
    ])
    .where('publication_id', '=', publicationId)
    .executeTakeFirst();
  return { saved: Number(row?.mine ?? 0) > 0, count: Number(row?.count ?? 0) };
}

/** The members who saved the publication, but `except` (its author, the editor). */
export async function saversOf(db: DB, publicationId: string, except: readonly string[]): Promise<string[]> {
  let query = db.selectFrom('favorites').select('user_id').where('publication_id', '=', publicationId);
  if (except.length > 0) query = query.where('user_id', 'not in', except);
  const rows = await query.orderBy('user_id').execute();
  return rows.map((row) => row.user_id);
}
