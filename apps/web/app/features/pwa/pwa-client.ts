import { Workbox } from 'workbox-window';
import { showNewVersion } from './new-version-notice';
import { refuseOfflineSubmits } from './offline-submits';

/** Registers the service worker (/sw.js, scripts/build-pwa.ts) and offers a new version once one is waiting. */
export function startPwa(): void {
  refuseOfflineSubmits();
  // The notices' container, in memory before the phone may go offline: the offline notice needs it.
  void import('../../components/NoticesHost');
  const workbox = new Workbox('/sw.js', { scope: '/', updateViaCache: 'none' });
  // A new deploy's worker waits until the member asks for it: a page never changes version under their fingers.
  workbox.addEventListener('waiting', () => {
    showNewVersion(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  void workbox.register().then(() => document.documentElement.setAttribute('data-service-worker', ''));
}
