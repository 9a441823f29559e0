import { lazy, Suspense, useSyncExternalStore } from 'react';
import { noticeShown, subscribeNoticeShown } from '../lib/notices-shown';

const NoticesHost = lazy(() => import('./NoticesHost'));

const never = () => false;

/**
 * Mounts the notices container in the browser, from its own chunk, when the first notice is shown (lib/notify.ts):
 * most visits show none and never download it, nor Mantine's notifications store. A notice waits in that store until
 * the container mounts; each one is a `role="alert"` element, announced by screen readers when it is inserted, so no
 * live region has to exist beforehand. Once mounted it stays, for the closing transitions and the next notices.
 */
export function ClientOnlyNotices() {
  const needed = useSyncExternalStore(subscribeNoticeShown, noticeShown, never);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NoticesHost />
    </Suspense>
  );
}
