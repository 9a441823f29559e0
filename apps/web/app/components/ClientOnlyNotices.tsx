import { lazy, Suspense, useSyncExternalStore } from 'react';

const NoticesHost = lazy(() => import('./NoticesHost'));

const subscribe = () => () => {};

/**
 * Mounts the notices container in the browser only, from its own chunk. Notices shown before it arrives wait in
 * Mantine's store and appear as soon as it mounts.
 */
export function ClientOnlyNotices() {
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <NoticesHost />
    </Suspense>
  );
}
