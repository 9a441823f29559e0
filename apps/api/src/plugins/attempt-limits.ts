import rateLimit from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { databaseAttemptStore } from './attempt-store.ts';

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.';

export type AttemptLimits = Config['rateLimit'];

/** The two checks of one route: by client address (before anything else) and by the e-mail in the body. */
export type AttemptLimiter = {
  byAddress: onRequestAsyncHookHandler;
  byEmail: preHandlerAsyncHookHandler;
};

type Check = ReturnType<FastifyInstance['createRateLimit']>;

function emailOf(request: FastifyRequest): string | undefined {
  const body: unknown = request.body;
  if (typeof body !== 'object' || body === null || !('email' in body)) return undefined;
  return typeof body.email === 'string' ? body.email : undefined;
}

async function enforce(check: Check, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const result = await check(request);
  if (result.isAllowed || !result.isExceeded) return;
  request.log.warn({ key: result.key, max: result.max }, 'Too many attempts');
  reply.header('retry-after', String(result.ttlInSeconds));
  throw new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE);
}

/**
 * Attempt counters for the account routes (sign-in, sign-up, activation, reset), so that passwords and links cannot
 * be guessed by volume and nobody's inbox can be flooded. Each route counts on its own. The counters live in the
 * database, so every server process on it counts together.
 */
export async function registerAttemptLimits(app: FastifyInstance, db: DB): Promise<void> {
  // Only what a route asks for through attemptLimiter() is limited.
  await app.register(rateLimit, { global: false, store: databaseAttemptStore(db) });
}

export function attemptLimiter(app: FastifyInstance, route: string, limits: AttemptLimits): AttemptLimiter {
  const perAddress = app.createRateLimit({
    max: limits.ipMax,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `${route}|ip|${request.ip}`,
  });
  const perEmail = app.createRateLimit({
    max: limits.max,
    timeWindow: limits.windowMs,
    // Requests without an e-mail never reach this check (see byEmail).
    keyGenerator: (request) => `${route}|email|${emailOf(request) ?? ''}`,
  });
  return {
    byAddress: async (request, reply) => enforce(perAddress, request, reply),
    // Runs after validation, so the address is the normalised (trimmed, lowercased) one.
    byEmail: async (request, reply) => {
      if (emailOf(request) !== undefined) await enforce(perEmail, request, reply);
    },
  };
}
