import { UNPUBLISHED_STATUS } from '@eco/domain';
import type { DB } from '../../db/schema.ts';
import { labelBits } from './count-repository.ts';
import { hasDateCriteria } from './date-criteria.ts';
import type { ListCriteria } from './list-repository.ts';
import type { Facets } from './search-sql.ts';

// The list's filters as tokens stored with each publication's search tokens (SQLite's full-text index, migration
// 0015; PostgreSQL's search_tokens, 0017): its category as `_t_` and the key's UTF-8 bytes in hex (exact for any
// key: tokens hold only letters, digits and `_`), its place as the country (`_c_`), country and province (`_cp_`)
// and all three (`_cpy_`), the keys in hex joined by `_`, and each material label's bit (`_l4`).

export type FacetTokens = {
  /** Every one of these. */
  required: string[];
  /** At least one of these (the labels: a publication matches with any of them), when not empty. */
  anyOf: string[];
};

/** A facet token: its kind and the keys' UTF-8 bytes in hex, joined by `_`. */
export function facetToken(kind: 't' | 'c' | 'cp' | 'cpy', ...keys: string[]): string {
  return `_${kind}_${keys.map((key) => Buffer.from(key, 'utf8').toString('hex')).join('_')}`;
}

/**
 * The criteria's category, place and labels as facet tokens, or null when a filter has none: an author, dates, a
 * label without a bit, a province or city without the places above it (the search then filters the rows instead).
 * The status is each dialect's own.
 */
export async function facetTokensOf(db: DB, criteria: ListCriteria): Promise<FacetTokens | null> {
  if (criteria.authorId !== undefined || hasDateCriteria(criteria)) return null;
  const required: string[] = [];
  if (criteria.typed !== undefined) required.push(facetToken('t', criteria.typed));
  const { country, province, city } = criteria;
  // A place as the filter dialog chooses it: a country, then a province of it, then a city of that.
  if (city !== undefined) {
    if (country === undefined || province === undefined) return null;
    required.push(facetToken('cpy', country, province, city));
  } else if (province !== undefined) {
    if (country === undefined) return null;
    required.push(facetToken('cp', country, province));
  } else if (country !== undefined) required.push(facetToken('c', country));
  const labels = criteria.labels ?? [];
  const anyOf: string[] = [];
  if (labels.length > 0) {
    const bits = await labelBits(db);
    for (const label of labels) {
      const bit = bits.get(label);
      if (bit === undefined) return null;
      anyOf.push(`_l${bit}`);
    }
  }
  return { required, anyOf };
}

/**
 * The criteria's filters as facets of SQLite's full-text index (migration 0015), or null when a filter has none:
 * the search then filters the list's rows instead.
 */
export async function ftsFacetsOf(db: DB, criteria: ListCriteria): Promise<Facets | null> {
  const tokens = await facetTokensOf(db, criteria);
  if (tokens === null) return null;
  const quoted = (token: string) => `"${token}"`;
  const include = tokens.required.map(quoted);
  if (tokens.anyOf.length > 0) include.push(`(${tokens.anyOf.map(quoted).join(' OR ')})`);
  const exclude: string[] = [];
  if (criteria.status === 'published') exclude.push(quoted('_h'));
  else if (criteria.status === 'pending') include.push(quoted(`_s${UNPUBLISHED_STATUS}`));
  return { include, exclude };
}
