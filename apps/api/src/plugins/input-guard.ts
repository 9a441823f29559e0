import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors.ts';

export const INVALID_CHARACTERS_MESSAGE = 'La solicitud contiene caracteres no válidos';

const MAX_DEPTH = 64;

/** Whether a NUL character hides in the value: in a string, an array item or an object key or value. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((item) => hasNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNul(item, depth + 1));
}

/**
 * Refuses a NUL character anywhere in the route parameters, query or JSON body (400). PostgreSQL cannot store it in
 * text and fails the query; SQLite would store it: refusing it up front answers the same on both.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      throw new HttpError(400, INVALID_CHARACTERS_MESSAGE);
    }
  });
}
