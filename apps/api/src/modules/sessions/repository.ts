import type { DB, UserRow } from '../../db/schema.ts';

export async function insertSession(
  db: DB,
  session: { tokenHash: string; userId: string; expiresAt: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      expires_at: session.expiresAt,
      created_at: session.createdAt,
    })
    .execute();
}

/** The session's active user and expiry, when the session exists and expires after `now` (ISO strings compare). */
export async function findActiveSession(
  db: DB,
  tokenHash: string,
  now: string,
): Promise<{ user: UserRow; expiresAt: string } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.expires_at as session_expires_at')
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .where('users.is_active', '=', 1)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const { session_expires_at: expiresAt, ...user } = row;
  return { user, expiresAt };
}

export async function deleteSessionByHash(db: DB, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteSessionsOfUser(db: DB, userId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteSessionsExpiredAt(db: DB, now: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
