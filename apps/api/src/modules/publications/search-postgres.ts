import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { toCount } from '../../db/count.ts';
import type { DB } from '../../db/schema.ts';
import type { FacetTokens } from './search-facets.ts';
import type { SearchGroups, Tier } from './search-sql.ts';

// PostgreSQL's public text search over `publication_tokens` (migration 0017): the words become the whole tokens they
// begin (from search_tokens_vocabulary), and every condition is an array overlap or containment, which the GIN index
// over the listed publications answers exactly: a count never rechecks a row, and visits only the narrow token rows.
// One word of one whole token without filters, the commonest search, is counted by search_token_counts (migration
// 0018) instead. A tier's page is looked for among the newest filtered rows first, and through the index only when
// it is not there: no tier is counted to choose how to read it (decision 022).

/**
 * A tier's page is first looked for among the newest `WINDOW_SHARE × wanted` filtered rows: a tier at least that
 * dense fills its page there. Never more rows than the search matches: finding the tier through the index visits at
 * most that many, each a random heap page (about 5 µs at 1,000,000 rows, against 1 µs a row read in order), so a
 * window that comes back short has cost at most as much again. 128: 1,200 cold requests of the mix at 1,000,000
 * rows took 20.5 s against 30.0 s with 32 (100,000 rows: 5.4 against 6.1 s).
 */
const WINDOW_SHARE = 128;

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

/** The public search of `groups` with `facets` on PostgreSQL. */
export async function postgresTokenSearch(db: DB, groups: SearchGroups, facets: FacetTokens) {
  const expanded = await expand(db, groups);
  const empty = expanded.some((tokens) => tokens.length === 0);
  const filters: Condition[] = [sql<SqlBool>`p.listed`];
  if (facets.required.length > 0) filters.push(sql<SqlBool>`p.tokens @> ${facets.required}::text[]`);
  if (facets.anyOf.length > 0) filters.push(overlaps(facets.anyOf));
  const inTitle = all(expanded.map((tokens) => overlaps(tokens, 't.')));
  const inLabels = all(expanded.map((tokens) => overlaps(tokens, 'l.')));
  const anywhere = all(expanded.map((tokens) => overlaps(tokens)));

  /** The matches of each tier: in the titles; in the labels but not the titles; elsewhere only. */
  const tiers: Record<Tier, Condition> = {
    2: inTitle,
    1: sql<SqlBool>`${inLabels} and not ${inTitle}`,
    0: sql<SqlBool>`${anywhere} and not ${inTitle} and not ${inLabels}`,
  };

  return {
    /** How many publications match. */
    async count(): Promise<number> {
      if (empty) return 0;
      // One word that is one whole token, unfiltered: counted as every write keeps it (migration 0018).
      const [only] = expanded;
      if (
        expanded.length === 1 &&
        only?.length === 1 &&
        facets.required.length === 0 &&
        facets.anyOf.length === 0
      ) {
        const { rows } = await sql<{ listed: string | number }>`select listed from search_token_counts
          where token = ${only[0]}`.execute(db);
        return toCount(rows[0]?.listed ?? 0);
      }
      const { rows } = await sql<{
        total: string | number;
      }>`select count(*) as total from publication_tokens as p
        where ${all([...filters, anywhere])}`.execute(db);
      return toCount(rows[0]?.total);
    },
    /** The first `wanted` of a tier, newest first (fewer when the tier has fewer); `matching`: the search's count. */
    async tierSeqs(tier: Tier, wanted: number, matching = Infinity): Promise<number[]> {
      if (empty || wanted <= 0) return [];
      const window = Math.max(wanted, Math.min(wanted * WINDOW_SHARE, matching));
      // The newest filtered rows in list order (the primary key backwards, or the facets' index when they are few),
      // numbered, and among them the tier's matches and the window's last row: read lazily, the scan stops at the
      // page's end in a dense tier. Exact when the page is full or the window's last row was not reached.
      const { rows } = await sql<{ seq: string | number; hit: boolean; n: string | number }>`
        select p.seq, p.hit, p.n from (
          select p.seq, ${tiers[tier]} as hit, row_number() over (order by p.seq desc) as n
          from publication_tokens as p where ${all(filters)} order by p.seq desc limit ${window}
        ) as p
        where p.hit or p.n = ${window} order by p.seq desc limit ${wanted}`.execute(db);
      const seqs = rows.flatMap((row) => (row.hit ? [Number(row.seq)] : []));
      if (seqs.length === wanted || !rows.some((row) => toCount(row.n) === window)) return seqs;
      // A sparse tier: its rows through the index, sorted (`seq + 0` is not the indexed column, so the planner does
      // not walk the primary key hoping to meet them).
      const indexed = await sql<{
        seq: string | number;
      }>`select p.seq from publication_tokens as p where ${all([...filters, tiers[tier]])}
        order by p.seq + 0 desc limit ${wanted}`.execute(db);
      return indexed.rows.map((row) => Number(row.seq));
    },
  };
}
