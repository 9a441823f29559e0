import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { toCount } from '../../db/count.ts';
import type { DB } from '../../db/schema.ts';
import type { FacetTokens } from './search-facets.ts';
import type { SearchGroups, Tier } from './search-sql.ts';

// PostgreSQL's public text search over `publication_tokens` (migration 0017): the words become the whole tokens they
// begin (from search_tokens_vocabulary), and every condition is an array overlap or containment, which the GIN index
// over the listed publications answers exactly: a count never rechecks a row, and visits only the narrow token rows.
// A tier's page is read in list order when the tier is dense among the filtered rows, else found through the index
// and sorted.

/** A tier is dense when at least one filtered row in DENSE_SHARE is in it: read in list order, it stops early. */
const DENSE_SHARE = 20;

/** The tokens of the vocabulary that each group's words begin; a group no token matches makes the search empty. */
async function expand(db: DB, groups: SearchGroups): Promise<string[][]> {
  const words = [...new Set(groups.flat())];
  const found = await Promise.all(
    words.map(async (word) => {
      // A pattern known when the statement is planned: the C-collated key is read as a range.
      const { rows } = await sql<{ token: string }>`select token from search_tokens_vocabulary
        where token like ${`${word}%`}`.execute(db);
      return [word, rows.map((row) => row.token)] as const;
    }),
  );
  const tokensOf = new Map(found);
  return groups.map((group) => [...new Set(group.flatMap((word) => tokensOf.get(word) ?? []))]);
}

type Condition = RawBuilder<SqlBool>;

function overlaps(tokens: readonly string[], prefix = ''): Condition {
  return sql<SqlBool>`p.tokens && ${tokens.map((token) => `${prefix}${token}`)}::text[]`;
}

function all(conditions: readonly Condition[]): Condition {
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/**
 * The public search of `groups` with `facets` on PostgreSQL. `filteredRows` tells how many publications the facets
 * leave (publication_counts), for the choice of how to read a tier.
 */
export async function postgresTokenSearch(
  db: DB,
  groups: SearchGroups,
  facets: FacetTokens,
  filteredRows: () => Promise<number | undefined>,
) {
  const expanded = await expand(db, groups);
  let among: Promise<number | undefined> | undefined;
  const empty = expanded.some((tokens) => tokens.length === 0);
  const filters: Condition[] = [sql<SqlBool>`p.listed`];
  if (facets.required.length > 0) filters.push(sql<SqlBool>`p.tokens @> ${facets.required}::text[]`);
  if (facets.anyOf.length > 0) filters.push(overlaps(facets.anyOf));
  const inTitle = all(expanded.map((tokens) => overlaps(tokens, 't.')));
  const inLabels = all(expanded.map((tokens) => overlaps(tokens, 'l.')));
  const anywhere = all(expanded.map((tokens) => overlaps(tokens)));

  async function count(...conditions: Condition[]): Promise<number> {
    if (empty) return 0;
    const { rows } = await sql<{
      total: string | number;
    }>`select count(*) as total from publication_tokens as p
      where ${all([...filters, ...conditions])}`.execute(db);
    return toCount(rows[0]?.total);
  }

  /** A tier's matches: every condition of `positive`, none of `excluded` (checked on the rows found). */
  const tiers: Record<Tier, { positive: Condition[]; excluded: Condition[] }> = {
    2: { positive: [inTitle], excluded: [] },
    1: { positive: [inLabels], excluded: [inTitle] },
    0: { positive: [anywhere], excluded: [inTitle, inLabels] },
  };

  return {
    count: () => count(anywhere),
    /** How many match in the titles: the first tier. */
    titleSize: () => count(inTitle),
    /** How many match in the labels but not the titles (index-only counts both): the second tier. */
    async labelsSize(): Promise<number> {
      const [labels, both] = await Promise.all([count(inLabels), count(inLabels, inTitle)]);
      return labels - both;
    },
    /** The first `limit` of a tier, newest first. */
    async tierSeqs(tier: Tier, limit: number, size: number): Promise<number[]> {
      if (empty || size === 0 || limit <= 0) return [];
      const { positive, excluded } = tiers[tier];
      among ??= filteredRows();
      const rows = await among;
      const dense = rows !== undefined && size * DENSE_SHARE >= rows;
      const conditions = [...filters, ...positive];
      const where =
        excluded.length === 0
          ? all(conditions)
          : sql<SqlBool>`${all(conditions)} and not (${sql.join(excluded, sql` or `)})`;
      // `seq + 0` is not the indexed column: the planner finds the tier's rows through the index, then sorts them.
      const order = dense ? sql`p.seq` : sql`p.seq + 0`;
      const found = await sql<{
        seq: string | number;
      }>`select p.seq from publication_tokens as p where ${where}
        order by ${order} desc limit ${Math.min(limit, size)}`.execute(db);
      return found.rows.map((row) => Number(row.seq));
    },
  };
}
