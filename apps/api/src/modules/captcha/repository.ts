import type { DB } from '../../db/schema.ts';

/**
 * Records a solved challenge; false when it was already recorded (a replay). The primary key decides, so two
 * processes on one database (or two requests at once) cannot both use the same solution.
 */
export async function recordSolution(db: DB, id: string, expiresAt: string): Promise<boolean> {
  const inserted = await db
    .insertInto('captcha_solutions')
    .values({ id, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Solutions whose challenge has expired are refused by their signature anyway: their rows can go. */
export async function purgeExpiredSolutions(db: DB, now: string): Promise<number> {
  const result = await db.deleteFrom('captcha_solutions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
