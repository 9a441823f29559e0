import type { SessionData } from '@eco/domain';
import type { RouterContextProvider } from 'react-router';
import { redirect } from 'react-router';
import { serverContext } from '../server-context';

export function getSession(context: Readonly<RouterContextProvider>): SessionData | null {
  return context.get(serverContext).session;
}

// Data requests carry React Router details (/page.data, ?_routes=…) that must not end up in redirectTo.
function pagePath(location: Request | URL): string {
  const url = location instanceof URL ? location : new URL(location.url);
  const pathname = url.pathname === '/_root.data' ? '/' : url.pathname.replace(/\.data$/, '');
  const search = new URLSearchParams(url.search);
  search.delete('_routes');
  search.delete('index');
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Longest page address carried to the sign-in page (query strings of real pages are far shorter). */
const MAX_REDIRECT_LENGTH = 2000;

/**
 * Route guard for loaders and actions of pages that need a signed-in user: returns the session or throws a
 * redirect to /auth?redirectTo=<path+search>. Pass the loader's `url` (or its `request`).
 */
export function requireSession(
  context: Readonly<RouterContextProvider>,
  location: Request | URL,
): SessionData {
  const session = getSession(context);
  if (session) return session;
  const path = pagePath(location);
  // A huge query would make a Location header browsers and proxies refuse: the page alone then.
  const back = path.length <= MAX_REDIRECT_LENGTH ? path : path.replace(/\?.*$/, '');
  throw redirect(`/auth?redirectTo=${encodeURIComponent(back)}`);
}
