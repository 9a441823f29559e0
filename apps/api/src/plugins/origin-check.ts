import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE_NAME } from '@eco/domain';
import { HttpError } from '../errors.ts';

export const FOREIGN_ORIGIN_MESSAGE = 'Origen de la solicitud no permitido';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BEARER = /^Bearer\s+\S+\s*$/i;

/** The origin the browser says the request comes from: the Origin header, else the Referer's origin. */
function requestOrigin(request: FastifyRequest): string | undefined {
  const { origin, referer } = request.headers;
  if (origin !== undefined) return origin;
  if (referer !== undefined && URL.canParse(referer)) return new URL(referer).origin;
  return undefined;
}

/** Whether the request is authenticated by the session cookie rather than by a Bearer token. */
function usesSessionCookie(request: FastifyRequest): boolean {
  if (BEARER.test(request.headers.authorization ?? '')) return false;
  const cookie = request.cookies[SESSION_COOKIE_NAME];
  return cookie !== undefined && cookie !== '';
}

/**
 * Cross-site request forgery guard. Browsers attach the session cookie by themselves, so a change made with it
 * must come from a page of this site: its Origin (or Referer) must be the public address or the host the request
 * was sent to. SameSite=Lax already keeps the cookie off most cross-site requests; this also covers same-site
 * neighbours and older browsers. Bearer tokens are never sent automatically, so those requests are exempt.
 */
const plugin: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const publicOrigin = new URL(publicUrl).origin;

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !usesSessionCookie(request)) return;
    const origin = requestOrigin(request);
    if (origin !== undefined && origin !== 'null' && URL.canParse(origin)) {
      const parsed = new URL(origin);
      if (parsed.origin === publicOrigin || parsed.host === request.host) return;
    }
    request.log.warn(
      { origin, host: request.host },
      'Cookie-authenticated change from a foreign origin refused',
    );
    throw new HttpError(403, FOREIGN_ORIGIN_MESSAGE);
  });
};

/** Applies to the routes of the plugin that registers it (the API), not to the whole server. */
export const originCheck = fp(plugin, { name: 'eco-origin-check', dependencies: ['@fastify/cookie'] });
