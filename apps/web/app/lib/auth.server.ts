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
  throw redirect(`/auth?redirectTo=${encodeURIComponent(pagePath(location))}`);
}
