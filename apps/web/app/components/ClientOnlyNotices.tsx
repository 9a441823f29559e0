import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';

const NoticesHost = lazy(() => import('./NoticesHost'));

const subscribe = () => () => {};

/**
 * Mounts the notices container in the browser, from its own chunk, when the first notice is shown (lib/notify.ts):
 * most visits show none and never download it. A notice waits in Mantine's store until the container mounts; each
 * one is a `role="alert"` element, announced by screen readers when it is inserted, so no live region has to exist
 * beforehand. Once mounted it stays, for the closing transitions and the next notices.
 */
export function ClientOnlyNotices() {
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (hydrated && !needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NoticesHost />
    </Suspense>
  );
}
