import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/schema.ts';

// The dialect-specific conditions of the publication search. A search is a list of groups: every group must match,
// and a group matches when one of its words is the prefix of a token of the title, the description or the labels.
// The words come from normalizeSearchTerms or from the vocabulary (letters and digits only), so they can be quoted
// into a full-text query as they are. Both dialects compare the same tokens, the stems the API stored beside the
// texts (migration 0011), byte for byte: neither applies a parser or a dictionary of its own.
//
// Matches are ranked in three tiers, each newest first (`seq`): every group in the title (2), else every group in the
// labels (1), else the rest (0). Each tier is its own query, read in list order up to the page, never ranked whole.

export type SearchGroups = readonly (readonly string[])[];

export type Tier = 2 | 1 | 0;
export const TIERS: readonly Tier[] = [2, 1, 0];

// ------------------------------------------------------------------------------------------------ SQLite (FTS5)

/** The groups as an FTS5 expression, over one column or (none given) the three texts. */
function ftsGroups(groups: SearchGroups, columns: string): string {
  const all = groups.map((group) => `(${group.map((word) => `"${word}"*`).join(' OR ')})`).join(' AND ');
  return `${columns} : (${all})`;
}

/** The FTS5 expression of the matches of one tier (`publication_search`, migration 0015). */
export function ftsTier(groups: SearchGroups, tier: Tier | 'all'): string {
  const inTitle = ftsGroups(groups, 'title');
  const inLabels = ftsGroups(groups, 'labels');
  switch (tier) {
    case 2:
      return inTitle;
    case 1:
      return `(${inLabels}) NOT (${inTitle})`;
    case 0:
      return `((${ftsGroups(groups, '{title labels description}')}) NOT (${inTitle})) NOT (${inLabels})`;
    case 'all':
      return ftsGroups(groups, '{title labels description}');
  }
}

/** Facet conditions of the full-text index: every token of `include`, none of `exclude` (FTS5 expressions). */
export type Facets = { include: string[]; exclude: string[] };

/** `expression` restricted by the facets (migration 0015); `''` for the facets alone (`include` then has one). */
export function withFacets(expression: string, { include, exclude }: Facets): string {
  let restricted = expression;
  if (include.length > 0) {
    const facets = `facets : (${include.join(' AND ')})`;
    // No words (the map of a material): the facets alone.
    restricted = restricted === '' ? `(${facets})` : `(${restricted}) AND (${facets})`;
  }
  if (exclude.length > 0) restricted = `(${restricted}) NOT (facets : (${exclude.join(' OR ')}))`;
  return restricted;
}

/** The publication `p` (a slim row) is among the full-text matches of `expression`. */
export function ftsMatch(expression: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`p.seq in (select rowid from publication_search where publication_search match ${expression})`;
}

// ------------------------------------------------------------------------------------------- PostgreSQL

/** A prefix tsquery of the words as lexemes, optionally only over those of one weight (A title, B labels). */
function tsQuery(groups: SearchGroups, weight: '' | 'A' | 'B' = ''): string {
  return groups.map((group) => `(${group.map((word) => `'${word}':*${weight}`).join(' | ')})`).join(' & ');
}

function tsMatch(query: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`p.search_vector @@ ${query}::tsquery`;
}

/** The matches of one tier on PostgreSQL (`p` is a publication). */
export function tsTier(groups: SearchGroups, tier: Tier | 'all'): RawBuilder<SqlBool> {
  const inTitle = tsMatch(tsQuery(groups, 'A'));
  const inLabels = tsMatch(tsQuery(groups, 'B'));
  switch (tier) {
    case 2:
      return inTitle;
    case 1:
      return sql<SqlBool>`${inLabels} and not ${inTitle}`;
    case 0:
      return sql<SqlBool>`${tsMatch(tsQuery(groups))} and not ${inTitle} and not ${inLabels}`;
    case 'all':
      return tsMatch(tsQuery(groups));
  }
}

// ---------------------------------------------------------------------------------------------- Both

/** The publications `p` of one tier of the search (or all its matches), on either dialect. */
export function tierMatch(dialect: Dialect, groups: SearchGroups, tier: Tier | 'all'): RawBuilder<SqlBool> {
  return dialect === 'sqlite' ? ftsMatch(ftsTier(groups, tier)) : tsTier(groups, tier);
}
