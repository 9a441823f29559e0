import { sql, type Expression, type SqlBool } from 'kysely';
import { toCount } from '../../db/count.ts';
import { CHUNK_BITS } from '../../db/migrations/0019-search-token-bits.ts';
import type { DB } from '../../db/schema.ts';
import { dateConditions, endOf, withoutDates, type DateCriteria } from './date-criteria.ts';
import type { ListCriteria } from './list-repository.ts';
import { hasPlaceCriteria } from './place-sql.ts';
import { facetTokensOf } from './search-facets.ts';
import { postgresTokenSearch } from './search-postgres.ts';

// PostgreSQL's dated lists whose other filters the token bitmaps answer (migration 0019): the bitmaps give the
// candidates, and only those are looked up for their dates, one index-only probe each (migration 0035's index by
// `seq`, which holds the dates and the country).

/**
 * The candidates `seqs` that pass the date criteria, as `p`. The array is handed over in a subquery the planner does
 * not look into: joined to `unnest` of it, PostgreSQL hashed or merged the whole dated index against the candidates
 * (1,000,000 rows, a common word's 14,500 events: 44 ms on three processes, parallel, against 16 ms on one); given as
 * a plain array it estimates every element while planning (4–6 ms for 15,000).
 */
export function datedAmong(seqs: readonly number[], criteria: DateCriteria) {
  return candidatesWhere(seqs, dateConditions(criteria, 'p'));
}

/** The candidates `seqs` that meet every one of `conditions` (on the publication `p`), as `p` (see datedAmong). */
export function candidatesWhere(seqs: readonly number[], conditions: readonly Expression<SqlBool>[]) {
  const all = conditions.length === 0 ? sql`` : sql` and ${sql.join(conditions, sql` and `)}`;
  return sql`publications as p where p.seq = any(((select ${seqs}::bigint[]))::bigint[])${all}`;
}

/**
 * At most this many candidates of a list with labels are probed for their dates (about a microsecond each); with
 * more, the agenda's indexes are read in date order, as without labels.
 */
export const LABELLED_PROBES = 20_000;

/**
 * The public matches of a date-ordered list with labels (and no words), before their dates: their `seq`s, from the
 * bitmaps of the category's, the place's and the labels' facets; null when a filter has no facet (an author, a map's
 * area, open=now, a status other than the public's) or more than `most` match. The agenda's indexes, read in date
 * order, test every entry's labels from the list's first date on whether any has the label or not: a feed of a
 * material's events at 1,000,000 publications read 130,000 entries for none (65–150 ms).
 */
export async function labelledCandidates(
  db: DB,
  criteria: ListCriteria,
  most = LABELLED_PROBES,
): Promise<number[] | null> {
  if ((criteria.labels ?? []).length === 0 || criteria.words.length > 0) return null;
  if (criteria.status !== 'published' || criteria.openAt !== undefined || hasPlaceCriteria(criteria))
    return null;
  const tokens = await facetTokensOf(db, withoutDates(criteria));
  if (tokens === null) return null;
  const search = await postgresTokenSearch(db, [], tokens, { offset: 0, limit: 0 });
  const count = await search.count();
  if (count > most) return null;
  if (count === 0) return [];
  const seqs: number[] = [];
  for (const { chunk, bits } of await search.matches()) {
    for (let bit = bits.indexOf('1'); bit >= 0; bit = bits.indexOf('1', bit + 1))
      seqs.push(chunk * CHUNK_BITS + bit);
  }
  return seqs;
}

/** The ids of a page of the candidates that pass the dates, in the list's order (the agenda's: start, or end back). */
export async function labelledPage(
  db: DB,
  candidates: readonly number[],
  criteria: ListCriteria,
): Promise<{ id: string }[]> {
  if (candidates.length === 0) return [];
  const order =
    criteria.order === 'latest-ended'
      ? sql`${endOf('p')} desc, p.id desc`
      : sql`p.calendared_at asc, p.id asc`;
  const { rows } = await sql<{ id: string }>`select p.id from ${datedAmong(candidates, criteria)}
    order by ${order} limit ${criteria.limit} offset ${criteria.offset}`.execute(db);
  return rows;
}

/** How many of the candidates pass the dates. */
export async function labelledCount(
  db: DB,
  candidates: readonly number[],
  criteria: DateCriteria,
): Promise<number> {
  if (candidates.length === 0) return 0;
  const { rows } = await sql<{ total: number | string }>`select count(*) as total
    from ${datedAmong(candidates, criteria)}`.execute(db);
  return toCount(rows[0]?.total);
}
