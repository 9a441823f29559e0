import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { SavedSearchesTable } from '../../src/db/schema.ts';

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
