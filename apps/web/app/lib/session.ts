import type { SessionData } from '@eco/domain';
import { useEffect } from 'react';
import { useRootData } from './root-data';

/**
 * The signed-in user's session, resolved on the server from the session cookie and sent with the root loader
 * data, so menus are right on the first paint. Null for guests. The token never reaches the browser's JS.
 */
export function useSession(): SessionData | null {
  return useRootData()?.session ?? null;
}

export function useIsSignedIn(): boolean {
  return useSession() !== null;
}

/** Browser storage key of the non-secret session data (section 3 of the spec, without the token). */
export const SESSION_STORAGE_KEY = 'eco.session';

/** Every browser storage key that belongs to a session: signing out removes them all. */
const SESSION_STORAGE_KEYS = [SESSION_STORAGE_KEY] as const;

export type StoredSession = Omit<SessionData, 'token'>;

// Storage can be missing or refuse writes (private mode, full quota): the cookie still carries the session.
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Keeps the session data the UI may need (who, until when); the token stays in its httpOnly cookie. */
export function storeSession({
  tokenExpiration,
  userId,
  userEmail,
  userPictureUrl,
  user,
}: SessionData): void {
  const stored: StoredSession = { tokenExpiration, userId, userEmail, userPictureUrl, user };
  try {
    storage()?.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Quota or privacy settings: nothing else to do.
  }
}

/** The stored session data, or null when there is none or it has expired. */
export function readStoredSession(now = Date.now()): StoredSession | null {
  try {
    const text = storage()?.getItem(SESSION_STORAGE_KEY);
    if (!text) return null;
    const stored = JSON.parse(text) as StoredSession;
    return Date.parse(stored.tokenExpiration) > now ? stored : null;
  } catch {
    return null;
  }
}

/** Removes every stored session item. */
export function clearStoredSession(): void {
  for (const key of SESSION_STORAGE_KEYS) {
    try {
      storage()?.removeItem(key);
    } catch {
      // Nothing stored that could be removed.
    }
  }
}

/**
 * Mirrors the server's view of the session into browser storage: stored while signed in (updated with the
 * profile), removed when the server no longer knows the session (expired, signed out in another tab).
 */
export function useStoredSessionSync(session: SessionData | null): void {
  useEffect(() => {
    if (session) storeSession(session);
    else clearStoredSession();
  }, [session]);
}
