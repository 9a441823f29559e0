import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import { expect } from 'vitest';
import type { SavedSearchesTable } from '../../src/db/schema.ts';
import type { Actor } from './publications.ts';

/**
 * A saved search of `term` as the API stores one with no filters: named after the term, alerts and the daily e-mail
 * on; `fields` change any of it.
 */
export function savedSearchRow(
  userId: string,
  term: string,
  fields: Partial<Insertable<SavedSearchesTable>> = {},
): Insertable<SavedSearchesTable> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    user_id: userId,
    name: term,
    term,
    typed: null,
    country: null,
    province: null,
    city: null,
    labels: '[]',
    alert: 1,
    digest: 1,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

/** Saves a search of `member` through the API (named 'Búsqueda' unless `body` names it); answers its id. */
export async function saveSearch(
  app: FastifyInstance,
  member: Actor,
  body: Record<string, unknown>,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/searches',
    headers: member.headers,
    payload: { name: 'Búsqueda', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _id: string }>()._id;
}
