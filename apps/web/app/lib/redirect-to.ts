/** Where a signed-in user goes when nothing else was asked for. */
export const DEFAULT_SIGNED_IN_PATH = '/dashboard';

const BASE = 'http://same-site.invalid';

/**
 * The `redirectTo` target when it is a path of this site ('/dashboard/settings?x=1'); the fallback for anything
 * else: absolute URLs, protocol-relative ('//evil.example'), backslash or control-character tricks that browsers
 * turn into another host ('/\evil.example', '/\t/evil.example').
 */
export function safeRedirectPath(
  value: string | null | undefined,
  fallback = DEFAULT_SIGNED_IN_PATH,
): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (/[\p{Cc}\\]/u.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // The sign-in pages would send a signed-in user straight back, and signing out is no place to return to.
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/') || url.pathname === '/dashboard/out') {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments collapse on parsing ('/.//evil.example' → '//evil.example'): what comes out must still be a path.
  return path.startsWith('//') ? fallback : path;
}

/** '/auth?redirectTo=…' for a page that needs a session. */
export function signInPath(redirectTo?: string): string {
  return redirectTo ? `/auth?redirectTo=${encodeURIComponent(redirectTo)}` : '/auth';
}
