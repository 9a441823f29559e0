import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/schema.ts';

// The dialect-specific conditions of the publication search. A search is a list of groups: every group must match,
// and a group matches when one of its words is the prefix of a token of the title, the description or the labels.
// The words come from normalizeSearchTerms or from the vocabulary (letters and digits only), so they can be quoted
// into a full-text query as they are. Both dialects compare the same tokens, the stems the API stored beside the
// texts (migration 0011), byte for byte: neither applies a parser or a dictionary of its own. The publication is
// `p`: on SQLite the slim row of `publication_search_rows` (its `seq` is the rowid of `publication_search`), on
// PostgreSQL the publication itself.

export type SearchGroups = readonly (readonly string[])[];

type Column = 'title' | 'labels';

// ------------------------------------------------------------------------------------------------ SQLite (FTS5)

function ftsQuery(groups: SearchGroups, column?: Column): string {
  const query = groups.map((group) => `(${group.map((word) => `"${word}"*`).join(' OR ')})`).join(' AND ');
  return column === undefined ? query : `${column} : (${query})`;
}

function ftsMatch(query: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`p.seq in (select rowid from publication_search where publication_search match ${query})`;
}

// ------------------------------------------------------------------------------------------- PostgreSQL

/** A prefix tsquery of the words as lexemes, optionally only over those of one weight (A title, B labels). */
function tsMatch(groups: SearchGroups, weight: '' | 'A' | 'B' = ''): RawBuilder<SqlBool> {
  const query = groups
    .map((group) => `(${group.map((word) => `'${word}':*${weight}`).join(' | ')})`)
    .join(' & ');
  return sql<SqlBool>`p.search_vector @@ ${query}::tsquery`;
}

// ---------------------------------------------------------------------------------------------- Both

export function textMatch(dialect: Dialect, groups: SearchGroups): Expression<SqlBool> {
  return dialect === 'sqlite' ? ftsMatch(ftsQuery(groups)) : tsMatch(groups);
}

/** Relevance of a match: every group in the title (2), else every group in the labels (1), else 0. */
export function textRank(dialect: Dialect, groups: SearchGroups): Expression<number> {
  const [inTitle, inLabels] =
    dialect === 'sqlite'
      ? [ftsMatch(ftsQuery(groups, 'title')), ftsMatch(ftsQuery(groups, 'labels'))]
      : [tsMatch(groups, 'A'), tsMatch(groups, 'B')];
  return sql<number>`case when ${inTitle} then 2 when ${inLabels} then 1 else 0 end`;
}
