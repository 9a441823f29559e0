import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React runs the page in the browser. Pages work before
 * their scripts start (decision 018): what only makes sense with scripts (a notice that closes by itself) waits for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
