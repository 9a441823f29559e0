import { isInBox, type Point } from '@eco/domain';
import type { Dialect } from '../../db/schema.ts';
import type { MatchCriteria } from '../publications/list-repository.ts';
import type { SearchGroups } from '../publications/search-sql.ts';

// Explore's list query (publications/list-repository.ts filtersOf, search-sql.ts tierMatch, place-sql.ts) decided
// for one publication in memory (decision 041): a saved search is matched against the one row just published, so its
// fields answer what the SQL would ask of that row, with the same rules, for thousands of searches without a query.

/** What the list query reads of the publication (already known to be published, its author active). */
export type PublicationRow = {
  typed: string;
  country: string | null;
  province: string | null;
  city: string | null;
  /** The `labels` column as stored (the JSON array written by JSON.stringify). */
  labels: string;
  /** Its search tokens: the stems of title, labels and description (what FTS5 and the tsvector index). */
  tokens: readonly string[];
  /** The point everyone sees, or null. */
  seen: Point | null;
};

/** SQLite's `like` folds ASCII letters only (PostgreSQL's folds none). */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (char) => char.toLowerCase());
}

/**
 * filtersOf's labels condition: any `p.labels like '%"label"%'` (a quoted name is one element of the JSON array),
 * with the dialect's `like`.
 */
export function hasAnyLabel(dialect: Dialect, stored: string, labels: readonly string[]): boolean {
  if (labels.length === 0) return true;
  if (dialect === 'postgres') return labels.some((label) => stored.includes(JSON.stringify(label)));
  const folded = asciiLower(stored);
  return labels.some((label) => folded.includes(asciiLower(JSON.stringify(label))));
}

/**
 * The list's filters of a saved search on the publication: type, place, labels (any) and the map area, a closed box
 * on the point everyone sees (none: no match), as filtersOf and placeConditions ask them.
 */
export function passesSearchFilters(dialect: Dialect, row: PublicationRow, criteria: MatchCriteria): boolean {
  if (criteria.typed !== undefined && criteria.typed !== row.typed) return false;
  if (criteria.country !== undefined && criteria.country !== row.country) return false;
  if (criteria.province !== undefined && criteria.province !== row.province) return false;
  if (criteria.city !== undefined && criteria.city !== row.city) return false;
  if (!hasAnyLabel(dialect, row.labels, criteria.labels ?? [])) return false;
  if (criteria.bbox !== undefined && (row.seen === null || !isInBox(row.seen, criteria.bbox))) return false;
  return true;
}

/**
 * Whether a word begins one of the publication's tokens (FTS5's `"word"*`, the tsquery's `'word':*`), each word
 * worked out once: thousands of searches share a few hundred words.
 */
export function prefixOfTokens(tokens: readonly string[]): (word: string) => boolean {
  const answers = new Map<string, boolean>();
  return (word) => {
    let answer = answers.get(word);
    if (answer === undefined) {
      answer = tokens.some((token) => token.startsWith(word));
      answers.set(word, answer);
    }
    return answer;
  };
}

/** tierMatch(…, 'all'): every group has a word that begins one of the tokens. */
export function matchesGroups(groups: SearchGroups, prefixes: (word: string) => boolean): boolean {
  return groups.every((group) => group.some(prefixes));
}
