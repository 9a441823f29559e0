import type { SessionData } from '@eco/domain';
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
