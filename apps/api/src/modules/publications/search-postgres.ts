import { sql } from 'kysely';
import { toCount } from '../../db/count.ts';
import { CHUNK_BITS } from '../../db/migrations/0019-search-token-bits.ts';
import type { DB } from '../../db/schema.ts';
import type { FacetTokens } from './search-facets.ts';
import type { SearchGroups } from './search-sql.ts';

// PostgreSQL's public text search over the bitmaps of search_token_bits (migration 0019, decision 023): the words
// become the whole tokens they begin (from search_tokens_vocabulary, migration 0017); chunk by chunk of 8,192
// publications, each word's tokens are ORed, the words and the filters (facet tokens) ANDed, and the rank tiers
// taken apart with the title's (`t.`) and the labels' (`l.`) copies of the tokens. One query gives the count (the
// bits counted) and the page (the newest bits of the newest chunks of each tier, in rank order); a page whose titles'
// tier fills it in the two newest chunks is read from those alone. Neither reads a publication: what a search costs
// depends on how many words and chunks it has, not on how many publications match (a GIN index visited a heap page
// per match). One word of one whole token without filters, the commonest search, is counted by search_token_counts
// (migration 0018).

/**
 * The first string after every string that begins with `word`, in code point order (PostgreSQL's "C" collation
 * compares UTF-8 bytes, which order as code points do): `word` with its last code point raised by one.
 */
export function prefixEnd(word: string): string {
  const points = [...word];
  const last = points.pop()?.codePointAt(0) ?? 0;
  // Past the surrogates, which are no characters of their own.
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  return points.join('') + String.fromCodePoint(next);
}

/**
 * The tokens of the vocabulary that each group's words begin; a group no token matches makes the search empty. One
 * statement for every word (a round trip each was most of a cold search's statements): each word's tokens are a
 * range of the C-collated key, [word, prefixEnd(word)).
 */
export async function expand(db: DB, groups: SearchGroups): Promise<string[][]> {
  const words = [...new Set(groups.flat())];
  if (words.length === 0) return groups.map(() => []);
  const { rows } = await sql<{ word: string; token: string }>`select w.word, v.token
    from unnest(${words}::text[], ${words.map(prefixEnd)}::text[]) as w(word, below)
    join search_tokens_vocabulary as v
      on v.token >= w.word collate "C" and v.token < w.below collate "C"`.execute(db);
  const tokensOf = new Map<string, string[]>();
  for (const row of rows) {
    const tokens = tokensOf.get(row.word);
    if (tokens === undefined) tokensOf.set(row.word, [row.token]);
    else tokens.push(row.token);
  }
  return groups.map((group) => [...new Set(group.flatMap((word) => tokensOf.get(word) ?? []))]);
}

/**
 * The sets a search's bitmaps are made of: every group anywhere (`a`), in the title (`t`), in the labels (`l`), and
 * the filters (`f`). A set holds in a chunk where each of its conditions does (one of a condition's tokens).
 */
const SETS = ['a', 't', 'l', 'f'] as const;
type SetName = (typeof SETS)[number];

const NONE = `B'0'::bit(${CHUNK_BITS})`;

/** How many of the newest chunks a page is first looked for in (16,384 publications). */
const NEWEST_CHUNKS = 2;

/** A chunk's matches: its bits as text ('0' and '1', bit 0 first) and how many are set. */
export type ChunkMatches = { chunk: number; bits: string; count: number };

type ChunkRow = {
  chunk: number;
  /** How many publications of the chunk match, and how many of them are of the title's tier. */
  matching: string | number;
  in_titles: string | number;
  /** The chunk's bits of each tier where the page may take some of them, else null. */
  tier2: string | null;
  tier1: string | null;
  tier0: string | null;
};

/**
 * The public search of `groups` with `facets` on PostgreSQL, for the page of `limit` publications from `offset`:
 * how many match and the page's publications, both from one query.
 */
export async function postgresTokenSearch(
  db: DB,
  groups: SearchGroups,
  facets: FacetTokens,
  page: { offset: number; limit: number },
) {
  const expanded = await expand(db, groups);
  const empty = expanded.some((tokens) => tokens.length === 0);
  const filters = facets.required.map((token) => [token]);
  if (facets.anyOf.length > 0) filters.push(facets.anyOf);
  const conditions: Record<SetName, string[][]> = {
    a: expanded,
    t: expanded.map((tokens) => tokens.map((token) => `t.${token}`)),
    l: expanded.map((tokens) => tokens.map((token) => `l.${token}`)),
    f: filters,
  };
  const reach = page.offset + page.limit;

  /**
   * The per-chunk aggregation of `sets`' conditions: every condition gets a number and a column, its tokens' bits
   * ORed in one pass over the rows; a set is its conditions' columns ANDed (no bits where one has none), and no
   * condition at all holds everywhere.
   */
  function perChunk(sets: readonly SetName[], newest?: number) {
    const tokens: string[] = [];
    const ofCondition: number[] = [];
    const columns = new Map<SetName, string[]>(SETS.map((set) => [set, []]));
    let index = 0;
    for (const set of sets) {
      for (const condition of conditions[set]) {
        for (const token of condition) {
          tokens.push(token);
          ofCondition.push(index);
        }
        columns.get(set)?.push(`coalesce(c${index}, ${NONE})`);
        index += 1;
      }
    }
    const ored = Array.from(
      { length: index },
      (_, condition) =>
        sql`bit_or(b.bits) filter (where q.condition = ${sql.lit(condition)}) as ${sql.id(`c${condition}`)}`,
    );
    const setOf = (set: SetName) => {
      const anded = columns.get(set) ?? [];
      return sql.raw(anded.length === 0 ? `~${NONE}` : anded.join(' & '));
    };
    const query = sql`
        select b.chunk, ${sql.join(ored)}
        from unnest(${tokens}::text[], ${ofCondition}::int[]) as q(token, condition)
        join search_token_bits as b on b.token = q.token
        ${
          newest === undefined
            ? sql``
            : sql`where b.chunk > (select max(seq) / ${CHUNK_BITS} from publication_tokens) - ${newest}`
        }
        group by b.chunk`;
    return { query, setOf };
  }

  /**
   * How many publications match: the words anywhere and the filters, chunk by chunk, without the tiers (about half
   * of the bitmaps that a page reads, or less: the titles' and the labels' copies are left out).
   */
  async function countMatches(): Promise<number> {
    const { query, setOf } = perChunk(['a', 'f']);
    const { rows } = await sql<{ matching: string | number }>`
      with per_chunk as (${query})
      select coalesce(sum(bit_count(${setOf('a')} & ${setOf('f')})), 0) as matching from per_chunk`.execute(
      db,
    );
    return toCount(rows[0]?.matching ?? 0);
  }

  /**
   * Every chunk where the search matches, newest first (only the `newest` chunks, when given): how many match, and
   * the bits of each tier in the chunks that hold the tier's first publications the page reaches (the tiers in rank
   * order: 2, then 1, then 0).
   */
  async function read(newest?: number): Promise<ChunkRow[]> {
    if (empty) return [];
    const { query, setOf } = perChunk(SETS, newest);
    // A tier's bits are sent for the chunks before whose own the tier's running count is still short of what the
    // page wants of it: the page's reach less the tiers ranked above.
    const { rows } = await sql<ChunkRow>`
      with per_chunk as (${query}), sets as materialized (
        select chunk, ${setOf('a')} as a, ${setOf('t')} as t, ${setOf('l')} as l, ${setOf('f')} as f
        from per_chunk
      ), tiers as materialized (
        select chunk, a & f as matches, t & f as tier2, l & f & ~t as tier1, a & f & ~t & ~l as tier0
        from sets
      ), counted as (
        select chunk, bit_count(matches) as matching, bit_count(tier2) as n2, bit_count(tier1) as n1
        from tiers
      ), running as (
        -- The tiers divide the matches: the last one's count is what the others leave.
        select chunk, matching, n2, n1, matching - n2 - n1 as n0, sum(n2) over newest as upto2, sum(n1) over newest as upto1,
          sum(matching - n2 - n1) over newest as upto0, sum(n2) over () as all2, sum(n1) over () as all1
        from counted where matching > 0 window newest as (order by chunk desc)
      )
      select r.chunk, r.matching, r.n2 as in_titles,
        case when r.n2 > 0 and r.upto2 - r.n2 < ${reach} then t.tier2::text end as tier2,
        case when r.n1 > 0 and r.upto1 - r.n1 < ${reach} - r.all2 then t.tier1::text end as tier1,
        case when r.n0 > 0 and r.upto0 - r.n0 < ${reach} - r.all2 - r.all1 then t.tier0::text end as tier0
      from running as r join tiers as t on t.chunk = r.chunk order by r.chunk desc`.execute(db);
    return rows;
  }

  let reading: Promise<ChunkRow[]> | undefined;
  const everyChunk = () => (reading ??= read());

  /** The first `reach` of the tiers' bits of `rows`, newest first, the tiers in rank order. */
  function ranked(rows: ChunkRow[], tiers: readonly ('tier2' | 'tier1' | 'tier0')[]): number[] {
    const seqs: number[] = [];
    for (const tier of tiers) {
      for (const row of rows) {
        const bits = row[tier];
        if (bits === null) continue;
        // Bit i of chunk c is the publication numbered c × CHUNK_BITS + i: the newest is the rightmost.
        for (
          let bit = bits.lastIndexOf('1');
          bit >= 0 && seqs.length < reach;
          bit = bit > 0 ? bits.lastIndexOf('1', bit - 1) : -1
        ) {
          seqs.push(row.chunk * CHUNK_BITS + bit);
        }
      }
    }
    return seqs;
  }

  /**
   * Every chunk where the words and the filters meet: its bits (bit i is the publication numbered chunk ×
   * CHUNK_BITS + i) and how many are set, in chunk order.
   */
  async function matches(): Promise<ChunkMatches[]> {
    if (empty) return [];
    const { query, setOf } = perChunk(['a', 'f']);
    const { rows } = await sql<{ chunk: number; bits: string; count: string | number }>`
      with per_chunk as (${query}), matched as (select chunk, ${setOf('a')} & ${setOf('f')} as bits from per_chunk)
      select chunk, bits::text as bits, bit_count(bits) as count from matched where bit_count(bits) > 0
      order by chunk`.execute(db);
    return rows.map((row) => ({ chunk: row.chunk, bits: row.bits, count: toCount(row.count) }));
  }

  /**
   * Every match, by rank tier (titles, then labels, then the rest), each tier's newest first: for a search whose
   * other filters are not among the bitmaps (dates), which filters these candidates instead of ranking rows.
   */
  async function tiers(): Promise<[number[], number[], number[]]> {
    if (empty) return [[], [], []];
    const { query, setOf } = perChunk(SETS);
    const { rows } = await sql<{ chunk: number; tier2: string; tier1: string; tier0: string }>`
      with per_chunk as (${query}), sets as materialized (
        select chunk, ${setOf('a')} as a, ${setOf('t')} as t, ${setOf('l')} as l, ${setOf('f')} as f
        from per_chunk
      )
      select chunk, (t & f)::text as tier2, (l & f & ~t)::text as tier1, (a & f & ~t & ~l)::text as tier0
      from sets where bit_count(a & f) > 0 order by chunk desc`.execute(db);
    const seqsOf = (tier: 'tier2' | 'tier1' | 'tier0') =>
      rows.flatMap((row) => {
        const seqs: number[] = [];
        const bits = row[tier];
        for (let bit = bits.lastIndexOf('1'); bit >= 0; bit = bit > 0 ? bits.lastIndexOf('1', bit - 1) : -1) {
          seqs.push(row.chunk * CHUNK_BITS + bit);
        }
        return seqs;
      });
    return [seqsOf('tier2'), seqsOf('tier1'), seqsOf('tier0')];
  }

  return {
    matches,
    tiers,
    /** How many publications match. */
    async count(): Promise<number> {
      if (empty) return 0;
      // One word that is one whole token, unfiltered: counted as every write keeps it (migration 0018).
      const [only] = expanded;
      if (expanded.length === 1 && only?.length === 1 && filters.length === 0) {
        const { rows } = await sql<{ listed: string | number }>`select listed from search_token_counts
          where token = ${only[0]}`.execute(db);
        return toCount(rows[0]?.listed ?? 0);
      }
      // A page that needed every chunk has counted them; otherwise the count alone reads less.
      if (reading !== undefined) {
        return (await reading).reduce((total, chunk) => total + toCount(chunk.matching), 0);
      }
      return countMatches();
    },
    /** The page's publications (their `seq`): each tier's newest first, the tiers in rank order. */
    async seqs(): Promise<number[]> {
      if (reading === undefined) {
        // The newest chunks first: when the titles' tier has the page there, its older chunks and the other tiers
        // cannot come before it (the common words' first pages: a pass over two chunks instead of all).
        const newest = await read(NEWEST_CHUNKS);
        if (newest.reduce((sum, row) => sum + toCount(row.in_titles), 0) >= reach) {
          return ranked(newest, ['tier2']).slice(page.offset);
        }
      }
      return ranked(await everyChunk(), ['tier2', 'tier1', 'tier0']).slice(page.offset);
    },
  };
}
