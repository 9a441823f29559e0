/** How long browsers and shared caches may keep a page rendered for a guest (seconds). */
export const GUEST_PAGE_MAX_AGE = 60;
/** How long a cache may still show a guest page while it fetches a fresh one (seconds). */
export const GUEST_PAGE_STALE = 600;

/** What a guest's page says about caching when its route chose nothing. */
export const GUEST_PAGE_CACHE_CONTROL = `public, max-age=${GUEST_PAGE_MAX_AGE}, stale-while-revalidate=${GUEST_PAGE_STALE}`;

export type RenderedPage = {
  method: string;
  status: number;
  /** Whether the page was rendered for a signed-in member (it then carries their name and e-mail). */
  signedIn: boolean;
  /** Whether the response sets a cookie. */
  setsCookie: boolean;
  /** The Cache-Control a route chose itself, if any. */
  routeCacheControl: string | null;
};

/**
 * The Cache-Control of a server-rendered page. A member's pages never enter any cache (a shared computer, a proxy);
 * a guest's successful GET may be kept for a short while (every guest sees the same page), and the page varies
 * with the cookie so that signing in never shows a cached guest page.
 */
export function pageCacheControl(page: RenderedPage): string {
  if (page.signedIn || page.setsCookie) return 'private, no-store';
  if ((page.method !== 'GET' && page.method !== 'HEAD') || page.status !== 200) return 'no-store';
  return (
    page.routeCacheControl ??
    `public, max-age=${GUEST_PAGE_MAX_AGE}, stale-while-revalidate=${GUEST_PAGE_STALE}`
  );
}
