import { sql } from 'kysely';
import type { RatingDistribution } from '@eco/domain';
import { countRows, toCount } from '../../db/count.ts';
import type { DB, QualificationRow } from '../../db/schema.ts';

export type QualificationWithRater = QualificationRow & {
  from_name: string;
  from_picture_url: string | null;
};

function selectWithRater(db: DB) {
  return db
    .selectFrom('qualifications as q')
    .innerJoin('users as u', 'u.id', 'q.from_user_id')
    .selectAll('q')
    .select(['u.name as from_name', 'u.picture_url as from_picture_url']);
}

export async function findQualification(db: DB, id: string): Promise<QualificationWithRater | undefined> {
  return selectWithRater(db).where('q.id', '=', id).executeTakeFirst();
}

export async function findQualificationOfPair(
  db: DB,
  fromUserId: string,
  toUserId: string,
): Promise<QualificationWithRater | undefined> {
  return selectWithRater(db)
    .where('q.from_user_id', '=', fromUserId)
    .where('q.to_user_id', '=', toUserId)
    .executeTakeFirst();
}

/**
 * Inserts the rating unless the pair already has one (returns false then) and adds its stars to the rated user's
 * totals, in the caller's transaction.
 */
export async function insertQualification(db: DB, row: QualificationRow): Promise<boolean> {
  const inserted = await db
    .insertInto('qualifications')
    .values(row)
    .onConflict((conflict) => conflict.columns(['from_user_id', 'to_user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted === undefined) return false;
  await db
    .updateTable('users')
    .set({
      rating_count: sql`rating_count + 1`,
      rating_sum: sql`rating_sum + ${row.rating}`,
    })
    .where('id', '=', row.to_user_id)
    .execute();
  return true;
}

/** Changes stars and comment, and moves the rated user's sum by the difference, in the caller's transaction. */
export async function updateQualification(
  db: DB,
  previous: QualificationRow,
  changes: { rating: number; comment: string | null; updated_at: string },
): Promise<void> {
  await db.updateTable('qualifications').set(changes).where('id', '=', previous.id).execute();
  const delta = changes.rating - previous.rating;
  if (delta !== 0) {
    await db
      .updateTable('users')
      .set({ rating_sum: sql`rating_sum + ${delta}` })
      .where('id', '=', previous.to_user_id)
      .execute();
  }
}

/** The ratings a user received, newest first. */
export async function listQualifications(
  db: DB,
  toUserId: string,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ rows: QualificationWithRater[]; total: number }> {
  const [rows, total] = await Promise.all([
    selectWithRater(db)
      .where('q.to_user_id', '=', toUserId)
      .orderBy('q.created_at', 'desc')
      .orderBy('q.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    countRows(db.selectFrom('qualifications').select('id').where('to_user_id', '=', toUserId)),
  ]);
  return { rows, total };
}

/** How many ratings of each number of stars the user received (read through the to_user_id index). */
export async function ratingDistribution(db: DB, toUserId: string): Promise<RatingDistribution> {
  const rows = await db
    .selectFrom('qualifications')
    .select(['rating', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where('to_user_id', '=', toUserId)
    .groupBy('rating')
    .execute();
  const distribution: RatingDistribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  for (const row of rows) {
    const key = String(row.rating);
    if (key in distribution) distribution[key as keyof RatingDistribution] = toCount(row.count);
  }
  return distribution;
}

/**
 * Takes back every rating `fromUserId` gave (their account is being deleted): the rated members' totals drop by
 * what those ratings counted, in the caller's transaction, before the rows go.
 */
export async function withdrawRatingsGivenBy(db: DB, fromUserId: string): Promise<void> {
  const given = await db
    .selectFrom('qualifications')
    .select(['id', 'to_user_id', 'rating'])
    .where('from_user_id', '=', fromUserId)
    .execute();
  for (const rating of given) {
    await db
      .updateTable('users')
      .set({ rating_count: sql`rating_count - 1`, rating_sum: sql`rating_sum - ${rating.rating}` })
      .where('id', '=', rating.to_user_id)
      .execute();
  }
  await db.deleteFrom('qualifications').where('from_user_id', '=', fromUserId).execute();
}
