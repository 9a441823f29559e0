import { redirect } from 'react-router';
import { isNotice, type Notice } from './notice';

// A notice that outlives a redirect (the action's POST, then the page it sends to): a short-lived cookie the root
// loader reads and clears, so that the page shows it with scripts or without them.
const COOKIE = 'eco_notice';
const LIFETIME_S = 60;

function cookie(value: string, maxAge: number): string {
  return `${COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax`;
}

/** Redirects to `to` with a notice for the next page (and the cookies given, e.g. a new session). */
export function redirectWithNotice(to: string, notice: Notice, cookies: readonly string[] = []): Response {
  const headers = new Headers();
  for (const item of cookies) headers.append('set-cookie', item);
  headers.append('set-cookie', cookie(encodeURIComponent(JSON.stringify(notice)), LIFETIME_S));
  return redirect(to, { headers });
}

/**
 * The notice waiting in the request's cookies (null when the cookie is not one this site wrote) and the header that
 * clears it; nothing when there is no such cookie.
 */
export function takeNotice(request: Request): { notice: Notice | null; clear: string } | null {
  const header = request.headers.get('cookie') ?? '';
  const raw = header
    .split(/;\s*/)
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (raw === undefined) return null;
  let notice: unknown;
  try {
    notice = JSON.parse(decodeURIComponent(raw));
  } catch {
    notice = null;
  }
  return { notice: isNotice(notice) ? notice : null, clear: cookie('', 0) };
}
