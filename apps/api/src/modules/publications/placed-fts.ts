import { sql, type RawBuilder } from 'kysely';
import type { BoundingBox } from '@eco/domain';
import type { DB } from '../../db/schema.ts';
import type { ListCriteria } from './list-repository.ts';
import { distanceSql } from './place-sql.ts';
import { ftsFacetsOf } from './search-facets.ts';
import { ftsTier, withFacets, type SearchGroups } from './search-sql.ts';

// SQLite's map (and near-me's wide boxes) of a term or a material (decision 056): the matches come from the
// full-text index alone, the words and every filter as its facets (migration 0015: the category, the place, the
// labels' bits and `_h` for what the public does not see), and each match's point from publication_points by `seq`
// (migration 0042). No list row, no author, no R*Tree node is read per match: a common word over a country at
// 1,000,000 publications (60,000–85,000 matches) went from 1.0–1.5 s to 0.14–0.23 s on a slow machine, the same
// cells to the last digit.

/**
 * The public matches of `groups` (or, without words, of the labels) with a point (inside `box`, when given), as `r`
 * (`seq`, `lat`, `lng`) after `from`; null when a filter is not among the index's facets (an author, dates, open now,
 * a province without its country, a label without a bit) or neither a term nor labels narrow the search (a
 * category or a place alone holds too many matches: the R*Tree's area costs less).
 */
export async function ftsPlacedMatches(
  db: DB,
  criteria: ListCriteria,
  box: BoundingBox | undefined,
  groups: SearchGroups,
): Promise<RawBuilder<unknown> | null> {
  if (criteria.openAt !== undefined) return null;
  if (criteria.words.length === 0 && (criteria.labels ?? []).length === 0) return null;
  const facets = await ftsFacetsOf(db, { ...criteria, bbox: undefined, near: undefined });
  if (facets === null) return null;
  const words = groups.length > 0 ? ftsTier(groups, 'all') : '';
  if (words === '' && facets.include.length === 0) return null;
  const inBox =
    box === undefined
      ? sql``
      : sql`and r.lat between ${box.minLat} and ${box.maxLat} and r.lng between ${box.minLng} and ${box.maxLng}`;
  // The full-text matches drive the join (`cross join`), each point looked up by its key.
  return sql`publication_search as s cross join publication_points as r on r.seq = s.rowid
    where publication_search match ${withFacets(words, facets)} ${inBox}`;
}

/**
 * Near-me's nearest `need` of ftsPlacedMatches' matches, in the list's order for a tie (the newest first), with
 * their distances in kilometres.
 */
export async function nearestIndexed(
  db: DB,
  from: RawBuilder<unknown>,
  near: { lat: number; lng: number },
  need: number,
): Promise<{ id: string; distance: number }[]> {
  const distance = distanceSql('sqlite', near, sql<number>`r.lat`, sql<number>`r.lng`);
  const { rows } = await sql<{ seq: number; distance: number }>`select r.seq, ${distance} as distance
    from ${from} order by 2, r.seq desc limit ${need}`.execute(db);
  const ids = await idsBySeq(
    db,
    rows.map((row) => Number(row.seq)),
  );
  // A publication removed between the two statements is left out, as a later read would.
  return rows.flatMap((row) => {
    const id = ids.get(Number(row.seq));
    return id === undefined ? [] : [{ id, distance: Number(row.distance) }];
  });
}

/** The publications' ids by their `seq`s (a map's pins, near-me's page). */
export async function idsBySeq(db: DB, seqs: readonly number[]): Promise<Map<number, string>> {
  const ids = new Map<number, string>();
  for (let start = 0; start < seqs.length; start += 500) {
    const rows = await db
      .selectFrom('publication_search_rows')
      .select(['seq', 'id'])
      .where('seq', 'in', seqs.slice(start, start + 500))
      .execute();
    for (const row of rows) ids.set(Number(row.seq), row.id);
  }
  return ids;
}
