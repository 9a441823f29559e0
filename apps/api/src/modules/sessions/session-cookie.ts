import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE_NAME } from '@eco/domain';

/**
 * The session cookie: out of reach of the page's scripts (HttpOnly), not sent on cross-site sub-requests and form
 * posts (SameSite=Lax), and only over TLS when the site is served over https.
 */
function cookieOptions(secure: boolean): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure };
}

/** Whether the session cookie must be Secure: the site's public address is https. */
export function isSecureSite(publicUrl: string): boolean {
  return publicUrl.startsWith('https:');
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE_NAME, token, { ...cookieOptions(secure), expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE_NAME, cookieOptions(secure));
}
