import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE_NAME, type User } from '@eco/domain';
import type { DB } from '../../db/schema.ts';
import { findSession } from './service.ts';

export type RequestSession = { user: User; token: string; expiresAt: Date };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of this request (Bearer token first, then the session cookie), resolved once. */
    getSession(): Promise<RequestSession | null>;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token a request carries: `Authorization: Bearer …` wins over the cookie. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (match?.[1] !== undefined) return match[1];
  const cookie = request.cookies[SESSION_COOKIE_NAME];
  return cookie !== undefined && cookie !== '' ? cookie : undefined;
}

const plugin: FastifyPluginAsync<{ db: DB }> = async (app, { db }) => {
  const resolved = new WeakMap<FastifyRequest, Promise<RequestSession | null>>();

  async function resolve(request: FastifyRequest): Promise<RequestSession | null> {
    const token = sessionTokenOf(request);
    if (token === undefined) return null;
    const found = await findSession(db, token);
    return found === null ? null : { ...found, token };
  }

  app.decorateRequest('getSession', function getSession(this: FastifyRequest) {
    let pending = resolved.get(this);
    if (pending === undefined) {
      pending = resolve(this);
      resolved.set(this, pending);
    }
    return pending;
  });
};

/** Root-level (not encapsulated): the API modules and the web plugin both read the session. */
export const sessionPlugin = fp(plugin, { name: 'eco-session', dependencies: ['@fastify/cookie'] });
