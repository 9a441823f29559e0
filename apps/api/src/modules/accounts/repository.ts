import { sql } from 'kysely';
import type { DB, UserTokenPurpose } from '../../db/schema.ts';

export async function insertToken(
  db: DB,
  token: {
    tokenHash: string;
    userId: string;
    purpose: UserTokenPurpose;
    expiresAt: string;
    createdAt: string;
  },
): Promise<void> {
  await db
    .insertInto('user_tokens')
    .values({
      token_hash: token.tokenHash,
      user_id: token.userId,
      purpose: token.purpose,
      expires_at: token.expiresAt,
      created_at: token.createdAt,
    })
    .execute();
}

/** Without a purpose, every token of the user goes. */
export async function deleteTokensOfUser(db: DB, userId: string, purpose?: UserTokenPurpose): Promise<void> {
  let query = db.deleteFrom('user_tokens').where('user_id', '=', userId);
  if (purpose !== undefined) query = query.where('purpose', '=', purpose);
  await query.execute();
}

/**
 * Uses up a token: deletes it when it exists for that purpose and has not expired, and returns its user. The
 * deletion itself decides, so of two concurrent uses only one gets the user.
 */
export async function consumeToken(
  db: DB,
  tokenHash: string,
  purpose: UserTokenPurpose,
  now: string,
): Promise<string | undefined> {
  const row = await db
    .deleteFrom('user_tokens')
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** The e-mail of the account a valid (unexpired) token belongs to, without using the token up. */
export async function findTokenEmail(
  db: DB,
  tokenHash: string,
  purpose: UserTokenPurpose,
  now: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_tokens')
    .innerJoin('users', 'users.id', 'user_tokens.user_id')
    .select('users.email')
    .where('user_tokens.token_hash', '=', tokenHash)
    .where('user_tokens.purpose', '=', purpose)
    .where('user_tokens.expires_at', '>', now)
    .executeTakeFirst();
  return row?.email;
}

/** Ends the pending state: the account may sign in from now on. Accounts already decided on stay as they are. */
export async function activatePendingUser(db: DB, userId: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_active: 1, activated_at: now, updated_at: now })
    .where('id', '=', userId)
    .where('activated_at', 'is', null)
    .execute();
}

/** Sets the new password; a pending account is activated by it (the reset link proved the e-mail). */
export async function setPasswordAndActivate(
  db: DB,
  userId: string,
  passwordHash: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      is_active: sql<number>`case when activated_at is null then 1 else is_active end`,
      activated_at: sql<string>`coalesce(activated_at, ${now})`,
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

export async function purgeExpiredTokens(db: DB, now: string): Promise<number> {
  const result = await db.deleteFrom('user_tokens').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
