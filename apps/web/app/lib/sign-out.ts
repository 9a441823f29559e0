import { apiRequest } from './api-client';
import { clearStoredSession } from './session';

/**
 * Ends the session on the server (which also clears the cookie). A failure is ignored: the session may already be
 * gone, and the visitor must end up signed out in this browser either way.
 */
export async function endServerSession(): Promise<void> {
  try {
    await apiRequest<void>('/api/signout', { method: 'POST' });
  } catch {
    // Expired or unknown sessions and network failures leave nothing to end.
  }
}

/** Ends the session on the server and removes every stored session item. */
export async function signOut(): Promise<void> {
  await endServerSession();
  clearStoredSession();
}
