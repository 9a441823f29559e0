import { createHash, randomBytes } from 'node:crypto';
import type { User } from '@eco/domain';
import type { DB } from '../../db/schema.ts';
import { toUser } from '../users/user-mapper.ts';
import {
  deleteSessionByHash,
  deleteSessionsExpiredAt,
  deleteSessionsOfUser,
  findActiveSession,
  insertSession,
} from './repository.ts';

/** Only this digest is stored: a leaked database does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session for the user: a random 256-bit token, valid for lifetimeMs. */
export async function createSession(
  db: DB,
  userId: string,
  lifetimeMs: number,
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    expiresAt: expiresAt.toISOString(),
    createdAt: now.toISOString(),
  });
  return { token, expiresAt };
}

/** The session's user, or null when the token is unknown, expired or its user deactivated. */
export async function findSession(
  db: DB,
  token: string,
  now: Date = new Date(),
): Promise<{ user: User; expiresAt: Date } | null> {
  if (token === '') return null;
  const found = await findActiveSession(db, hashToken(token), now.toISOString());
  if (found === undefined) return null;
  return { user: toUser(found.user), expiresAt: new Date(found.expiresAt) };
}

export async function deleteSession(db: DB, token: string): Promise<void> {
  await deleteSessionByHash(db, hashToken(token));
}

/** Signs the user out everywhere (password reset, deactivation); returns how many sessions ended. */
export async function endAllSessions(db: DB, userId: string): Promise<number> {
  return deleteSessionsOfUser(db, userId);
}

/** Removes sessions that can no longer be used; returns how many. */
export async function purgeExpiredSessions(db: DB, now: Date = new Date()): Promise<number> {
  return deleteSessionsExpiredAt(db, now.toISOString());
}
