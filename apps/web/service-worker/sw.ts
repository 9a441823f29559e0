import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { RouteHandlerCallbackOptions, WorkboxPlugin } from 'workbox-core/types.js';
import { listenForPushes } from './push.ts';

// EcoAnuncios' service worker (decision 038), built by scripts/build-pwa.ts (rolldown, then Workbox's
// injectManifest, which writes the precache list into self.__WB_MANIFEST).
//
// - The app shell (entry, root chunks and styles), the icons and the offline page are precached.
// - Other hashed files (/assets/) are kept on first use: they never change.
// - Pages and their data are network-first with a short timeout; only answers the server marks `public` (what a
//   guest gets, the same for everybody) are kept, so nothing of a signed-in member (`private, no-store`) is ever
//   stored on a shared phone. Offline, a kept page is shown; otherwise the Spanish offline page.
// - Forms are never replayed: a POST goes to the network or fails (the page says so, app/features/pwa).
// - A new version waits until the page asks it to take over ("Hay una nueva versión" → Recargar).

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const OFFLINE_PAGE = '/offline.html';
const PAGE_TIMEOUT_SECONDS = 3;
const WEEK_SECONDS = 7 * 24 * 3600;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** Whether an answer is the same for everybody: the server says `public` (guests' pages, public images). */
function isShared(response: Response): boolean {
  const cacheControl = response.headers.get('cache-control') ?? '';
  return (
    response.status === 200 && /\bpublic\b/.test(cacheControl) && !/\b(private|no-store)\b/.test(cacheControl)
  );
}

const sharedOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (isShared(response) ? response : null),
};

const pages = new NetworkFirst({
  cacheName: 'eco-pages',
  networkTimeoutSeconds: PAGE_TIMEOUT_SECONDS,
  matchOptions: { ignoreVary: true },
  plugins: [
    sharedOnly,
    new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: WEEK_SECONDS, purgeOnQuotaError: true }),
  ],
});

const isAppPath = (url: URL) =>
  url.origin === self.location.origin &&
  !url.pathname.startsWith('/api/') &&
  !url.pathname.startsWith('/media/');

async function pageOrOffline(options: RouteHandlerCallbackOptions): Promise<Response> {
  try {
    const response = await pages.handle(options);
    if (response !== undefined) return response;
  } catch {
    // Neither the network nor a kept copy.
  }
  return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
}

registerRoute(({ request, url }) => request.mode === 'navigate' && isAppPath(url), pageOrOffline);

// The data of a page opened from another one (React Router's `.data` requests): the same rule as pages.
registerRoute(
  ({ request, url }) => request.method === 'GET' && isAppPath(url) && url.pathname.endsWith('.data'),
  new NetworkFirst({
    cacheName: 'eco-page-data',
    networkTimeoutSeconds: PAGE_TIMEOUT_SECONDS,
    matchOptions: { ignoreVary: true },
    plugins: [
      sharedOnly,
      new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: WEEK_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'eco-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 150, purgeOnQuotaError: true })],
  }),
);

// Publications' images, for the pages kept offline (only those the server says anybody may see).
registerRoute(
  ({ request, url }) =>
    request.destination === 'image' &&
    url.origin === self.location.origin &&
    url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: 'eco-images',
    plugins: [
      sharedOnly,
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: WEEK_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

listenForPushes(self);
