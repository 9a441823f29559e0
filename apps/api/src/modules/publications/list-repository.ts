import { expressionBuilder, sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { BoundingBox } from '@eco/domain';
import { PUBLISHED_STATUS, UNPUBLISHED_STATUS } from '@eco/domain';
import { countRows, toCount } from '../../db/count.ts';
import { readListVersion, VersionedCache } from '../../db/list-versions.ts';
import { readsAt } from '../../db/replica-reads.ts';
import type { DB, Dialect, PublicationsTable } from '../../db/schema.ts';
import { CALENDAR_COLUMNS } from './calendar-file.ts';
import { countFromGroups } from './count-repository.ts';
import { countInBox, pointsAboutBox } from './map-cells.ts';
import { findFileUrls, selectWithAuthor, type PublicationWithAuthor } from './repository.ts';
import { facetTokensOf, ftsFacetsOf, type FacetTokens } from './search-facets.ts';
import { ftsPlacedMatches, nearestIndexed } from './placed-fts.ts';
import { placedAtMost } from './placed-count.ts';
import { CHUNK_BITS } from '../../db/migrations/0019-search-token-bits.ts';
import { postgresTokenSearch } from './search-postgres.ts';
import {
  ftsTier,
  tierMatch,
  TIERS,
  withFacets,
  type Facets,
  type SearchGroups,
  type Tier,
} from './search-sql.ts';
import {
  byStart,
  dateConditions,
  endOf,
  hasDateCriteria,
  withoutDates,
  withSpanBounds,
  type DateCriteria,
} from './date-criteria.ts';
import { candidatesWhere, labelledCandidates, labelledCount, labelledPage } from './dated-probes.ts';
import { CORRECTABLE_MIN_LENGTH, correctSpelling, knownPrefixes } from './spelling.ts';
import {
  boxAround,
  distanceSql,
  hasPlaceCriteria,
  intersect,
  kindOf,
  placeConditions,
  rtreeBox,
  type PlaceCriteria,
} from './place-sql.ts';
import {
  patchCount,
  publicationsTracker,
  type ListDependencies,
  type ListFilters,
} from './list-dependencies.ts';
import type { PublicationReads } from './publication-reads.ts';

// The explore lists and the search, on both dialects: one entry point, listPublications.

export type StatusCriterion = 'published' | 'pending' | 'all';

export type ListCriteria = DateCriteria &
  PlaceCriteria & {
    status: StatusCriterion;
    authorId?: string | undefined;
    typed?: string | undefined;
    country?: string | undefined;
    province?: string | undefined;
    city?: string | undefined;
    /** Material labels: a publication matches when it has any of them. */
    labels?: readonly string[] | undefined;
    /**
     * Without a text search: newest first (the default), the soonest dated first (`calendared_at`), or the latest
     * ended first (the end: `calendared_until`, or the start without one).
     */
    order?: 'newest' | 'soonest' | 'latest-ended' | undefined;
    /** false: `total` is only the number of rows of the page (the count is skipped, for callers that need none). */
    count?: boolean | undefined;
    /** Normalised search words (normalizeSearchTerms); none lists without a text search. */
    words: readonly string[];
    offset: number;
    limit: number;
  };

export type ListResult = {
  rows: PublicationWithAuthor[];
  files: Map<string, string[]>;
  total: number;
  /** What the result depends on: whatever is remembered of it is kept across writes that cannot alter it. */
  deps: ListDependencies;
  /** With `near`: each shown publication's distance in kilometres. */
  distances?: Map<string, number>;
};

/** The columns the filters read, which publications and SQLite's publication_search_rows both have. */
type FilterTables = {
  p: Pick<
    PublicationsTable,
    | 'id'
    | 'status'
    | 'created_by'
    | 'typed'
    | 'location_country'
    | 'location_province'
    | 'location_city'
    | 'labels'
    | 'calendared_at'
    | 'calendared_until'
  >;
  publications: PublicationsTable;
};

/** `%`, `_` and the escape character itself match literally. */
function likeEscaped(text: string): string {
  return text.replace(/[!%_]/g, (char) => `!${char}`);
}

/**
 * The criteria's filters on `p`, the same on both dialects. `slimRows`: `p` is SQLite's publication_search_rows,
 * which has no date column. `suspendedAsSet`: the suspended authors read once as a set (`not in`), for the
 * date-ordered lists that walk an index of thousands of entries (migration 0023), rather than looked up per row.
 */
export function filtersOf(
  criteria: ListCriteria,
  slimRows = false,
  suspendedAsSet = false,
  dialect: Dialect = slimRows ? 'sqlite' : 'postgres',
): Expression<SqlBool> {
  const eb = expressionBuilder<FilterTables, 'p'>();
  const conditions: Expression<SqlBool>[] = [];
  if (criteria.status === 'published') {
    conditions.push(eb('p.status', '=', PUBLISHED_STATUS));
    // A suspended member's publications leave the public with them.
    conditions.push(
      suspendedAsSet
        ? sql<SqlBool>`p.created_by not in (select author.id from users as author where author.is_active = 0)`
        : sql<SqlBool>`not exists (select 1 from users as author where author.id = p.created_by and author.is_active = 0)`,
    );
  } else if (criteria.status === 'pending') conditions.push(eb('p.status', '=', UNPUBLISHED_STATUS));
  if (criteria.authorId !== undefined) conditions.push(eb('p.created_by', '=', criteria.authorId));
  if (criteria.typed !== undefined) conditions.push(eb('p.typed', '=', criteria.typed));
  if (criteria.country !== undefined) conditions.push(eb('p.location_country', '=', criteria.country));
  if (criteria.province !== undefined) conditions.push(eb('p.location_province', '=', criteria.province));
  if (criteria.city !== undefined) conditions.push(eb('p.location_city', '=', criteria.city));
  const labels = criteria.labels ?? [];
  if (labels.length > 0) {
    // Labels are a JSON array of catalog names written by JSON.stringify: a quoted name is one element.
    conditions.push(
      eb.or(
        labels.map(
          (label) => sql<SqlBool>`p.labels like ${`%${likeEscaped(JSON.stringify(label))}%`} escape '!'`,
        ),
      ),
    );
  }
  conditions.push(...placeConditions(dialect, criteria, slimRows));
  if (hasDateCriteria(criteria)) {
    const startOffIndex =
      dialect === 'sqlite' && criteria.startOffIndex !== undefined && criteria.typed !== undefined;
    if (!slimRows) conditions.push(...dateConditions(criteria, 'p', startOffIndex));
    else {
      // The publication is looked up by its primary key for its dates.
      conditions.push(
        eb.exists(
          eb
            .selectFrom('publications as d')
            .select(sql`1`.as('one'))
            .whereRef('d.id', '=', 'p.id')
            .where(eb.and(dateConditions(criteria, 'd'))),
        ),
      );
    }
  }
  return eb.and(conditions);
}

/** Loads the publications of a page with their authors and images, in the order of `ids`. */
async function loadPage(
  db: DB,
  ids: readonly string[],
  total: number,
  deps: Omit<ListDependencies, 'shown'>,
  cards?: { reads: PublicationReads; version: number },
): Promise<ListResult> {
  if (ids.length === 0) return { rows: [], files: new Map(), total, deps };
  let found: PublicationWithAuthor[];
  let files: Map<string, string[]>;
  if (cards === undefined) {
    [found, files] = await Promise.all([
      selectWithAuthor(db).where('p.id', 'in', ids).execute(),
      findFileUrls(db, ids),
    ]);
  } else {
    const stored = await cards.reads.readMany(ids, cards.version, db);
    found = [...stored.values()].map((one) => one.row);
    files = new Map([...stored].map(([id, one]) => [id, one.files]));
  }
  const byId = new Map(found.map((row) => [row.id, row]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  const shown = { ids: rows.map((row) => row.id), authors: [...new Set(rows.map((row) => row.created_by))] };
  return { rows, files, total, deps: { ...deps, shown } };
}

/**
 * A page's rows with only what a calendar writes of them (no images, no author's columns), in the page's order: the
 * feeds' load, a fraction of a card's.
 */
export async function loadCalendarPage({ reads, ids, deps }: ListPageIds) {
  const found =
    ids.length === 0
      ? []
      : await reads
          .selectFrom('publications as p')
          .select(CALENDAR_COLUMNS.map((column) => `p.${column}` as const))
          .select('p.created_by')
          .where('p.id', 'in', ids)
          .execute();
  const byId = new Map(found.map((row) => [row.id, row]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  const shown = { ids: rows.map((row) => row.id), authors: [...new Set(rows.map((row) => row.created_by))] };
  return { rows, deps: { ...deps, shown } satisfies ListDependencies };
}

type PageIds = { ids: string[]; total: number };

/**
 * The list's version name in list_versions: every write to publications raises it, and so does every change to what
 * a card shows of its images and its author (migrations 0007, 0010 and 0013).
 */
export const PUBLICATIONS_LIST = 'publications';

export function readPublicationsVersion(db: DB): Promise<number> {
  return readListVersion(db, PUBLICATIONS_LIST);
}

/**
 * What one process remembers of the list between requests: the number of publications matching each criteria (the
 * count is the cost of a page) and the corrections of misspelled searches, each with what it depends on. A newer
 * version keeps those that none of the changes since can alter (migration 0016; dropped without a database), so
 * they are exact on every process.
 */
export type ListMemory = {
  counts: VersionedCache<number, ListDependencies>;
  corrections: VersionedCache<SearchGroups | null, ListDependencies>;
  /** The publications remembered by id (publication-reads.ts), for the cards of a page; read each time without. */
  cards?: PublicationReads;
};

export function createListMemory(db?: DB): ListMemory {
  const tracker = db === undefined ? undefined : publicationsTracker(db);
  // Keys are short (the criteria as JSON): 20,000 counts hold a few megabytes. A count of exact filters follows each
  // publication in and out of them instead of being read again (patchCount).
  const counted = tracker === undefined ? undefined : { ...tracker, patch: patchCount };
  return {
    counts: new VersionedCache<number, ListDependencies>(20_000, undefined, counted, 'list-counts'),
    corrections: new VersionedCache<SearchGroups | null, ListDependencies>(
      5_000,
      undefined,
      tracker,
      'spelling-corrections',
    ),
  };
}

/** The filters of the criteria, without the page and the words: what a remembered count depends on. */
export function filtersOfCriteria(criteria: ListCriteria): ListFilters {
  const {
    offset: _offset,
    limit: _limit,
    words: _words,
    count: _count,
    order: _order,
    ...filters
  } = criteria;
  return filters;
}

/** The criteria that decide which publications match, without the page: the key of their count. */
function countKey(criteria: ListCriteria, groups: SearchGroups): string {
  // Near and the order order the matches; they do not change how many there are.
  const {
    offset: _offset,
    limit: _limit,
    words: _words,
    near: _near,
    order: _order,
    count: _count,
    labels,
    ...filters
  } = criteria;
  const entries = Object.entries(filters)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([entries, [...(labels ?? [])].sort(), groups]);
}

type Version = { memory: ListMemory; version: number };

/**
 * The table the lists read: on SQLite the slim mirror rows (the filter and order columns only, with indexes that
 * match the filters), on PostgreSQL the publications themselves. Both have the filter columns and `seq`, the
 * lists' order.
 */
function listTable(dialect: Dialect) {
  return (
    dialect === 'postgres' ? 'publications as p' : 'publication_search_rows as p'
  ) as 'publication_search_rows as p';
}

/** The ids of the publications numbered `seqs` (the list's order), in that order. */
async function idsOfSeqs(db: DB, dialect: Dialect, seqs: readonly number[]): Promise<string[]> {
  if (seqs.length === 0) return [];
  const rows = await db
    .selectFrom(listTable(dialect))
    .select(['p.id', 'p.seq'])
    .where('p.seq', 'in', seqs)
    .execute();
  const bySeq = new Map(rows.map((row) => [Number(row.seq), row.id]));
  return seqs.flatMap((seq) => bySeq.get(seq) ?? []);
}

/** Without a text search: newest first (`seq`), or the soonest dated first; the count reads groups or an index. */
async function listPage(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria,
  { memory, version }: Version,
): Promise<PageIds> {
  const count = (value: () => Promise<number>) =>
    criteria.count === false
      ? -1
      : memory.counts.get(version, countKey(criteria, []), async () => ({
          value: await value(),
          deps: { filters: filtersOfCriteria(criteria), searches: [[]], vocabulary: [] },
        }));
  if (hasDateCriteria(criteria) && criteria.order !== undefined && criteria.order !== 'newest') {
    // A date-ordered list reads and counts the publications themselves, through the agenda's indexes (SQLite's slim
    // rows have no dates); on PostgreSQL, one with labels probes the dates of the bitmaps' matches when they are few.
    const bounded = withSpanBounds(criteria);
    const candidates = dialect === 'postgres' ? await labelledCandidates(db, bounded) : null;
    if (candidates !== null) {
      const [rows, total] = await Promise.all([
        labelledPage(db, candidates, bounded),
        count(() => labelledCount(db, candidates, bounded)),
      ]);
      return { ids: rows.map((row) => row.id), total: total === -1 ? rows.length : total };
    }
    const arms = criteria.order === 'soonest' ? byStart(bounded) : undefined;
    const dated = db
      .selectFrom('publications as p')
      .where(filtersOf(bounded, false, true, dialect))
      .select('p.id');
    const [rows, total] = await Promise.all([
      arms !== undefined
        ? soonestByArms(db, dialect, arms)
        : (criteria.order === 'soonest'
            ? dated.orderBy('p.calendared_at', 'asc').orderBy('p.id', 'asc')
            : dated.orderBy(endOf('p'), 'desc').orderBy('p.id', 'desc')
          )
            .limit(criteria.limit)
            .offset(criteria.offset)
            .execute(),
      count(() => (arms !== undefined ? countArms(db, dialect, arms) : countRows(dated))),
    ]);
    return { ids: rows.map((row) => row.id), total: total === -1 ? rows.length : total };
  }
  // Newest first: SQLite's slim rows hold `seq`, the order, which its publications table does not.
  const rowsOf = (filtered: ListCriteria) =>
    db.selectFrom(listTable(dialect)).where(filtersOf(filtered, dialect === 'sqlite', false, dialect));
  const query = rowsOf(criteria);
  const counted = () =>
    count(
      async () =>
        (hasPlaceCriteria(criteria)
          ? ((await countInBox(db, dialect, criteria)) ?? undefined)
          : await countFromGroups(db, criteria)) ?? (await countRows(query.select('p.id'))),
    );
  const pageOf = (rows: typeof query) =>
    rows.select('p.id').orderBy('p.seq', 'desc').limit(criteria.limit).offset(criteria.offset).execute();
  if (criteria.bbox !== undefined && criteria.count !== false) {
    // An area's list: counted first, then read the way that reads less (boxPageByRow).
    const total = await counted();
    if (total <= criteria.offset) return { ids: [], total };
    const byRow = await boxPageByRow(db, criteria, total);
    const rows = await pageOf(byRow ? rowsOf({ ...criteria, boxByRow: true }) : query);
    return { ids: rows.map((row) => row.id), total };
  }
  const [rows, total] = await Promise.all([pageOf(query), counted()]);
  return { ids: rows.map((row) => row.id), total: total === -1 ? rows.length : total };
}

/**
 * Whether a page of an area's list checks each row's point as it walks the list newest first (`boxByRow`), rather
 * than reading the spatial index's every point in the box before the first row. Walking reads about
 * `(offset + limit) × rows / matches` rows, at ~1 µs each (SQLite: a look-up by `seq`); the index's way reads every
 * point in the box, at least the matches, at ~1.5 (PostgreSQL's GiST) to ~3.5 µs (SQLite's R*Tree) each. Measured:
 * SQLite at 1,000,000 publications, Argentina's box, page 30, 1,827 → 0.5 ms, Buenos Aires's 38 → 14 ms, a block's
 * 0.4 ms the R*Tree's way and 1,073 ms by walking; PostgreSQL at 100,000, page 3, a region's 55 → 0.2 ms, Buenos
 * Aires's 6.2 → 1.3 ms, a block's 0.1 ms by the GiST index and 6.3 ms by walking. `rows` is what the walk goes
 * through, the list's rows without the area, labels or hours (which the rows' indexes do not narrow); unknown (an
 * author, dates) keeps the index's way.
 */
async function boxPageByRow(db: DB, criteria: ListCriteria, matches: number): Promise<boolean> {
  if (matches === 0) return false;
  const rows = await countFromGroups(db, {
    ...criteria,
    bbox: undefined,
    openAt: undefined,
    labels: undefined,
  });
  if (rows === undefined) return false;
  return ((criteria.offset + criteria.limit) * rows) / matches < 2 * matches;
}

/**
 * One arm of a soonest-first list split by start (`byStart`): its first `limit` matches in start order, with the
 * columns the month view reads too, all of them in every agenda index.
 */
export function soonestArm(db: DB, dialect: Dialect, part: ListCriteria, limit: number) {
  return db
    .selectFrom('publications as p')
    .where(filtersOf(part, false, true, dialect))
    .select(['p.id', 'p.calendared_at', 'p.calendared_until', 'p.location_country'])
    .orderBy('p.calendared_at', 'asc')
    .orderBy('p.id', 'asc')
    .limit(limit);
}

/**
 * The soonest-first page (`offset`, `limit`) of criteria split in arms by start (`byStart`), in one statement: each
 * arm's first rows up to the page's end, merged in start order.
 */
async function soonestByArms(
  db: DB,
  dialect: Dialect,
  arms: readonly ListCriteria[],
): Promise<Pick<PublicationsTable, 'id' | 'calendared_at' | 'calendared_until' | 'location_country'>[]> {
  const { offset, limit } = arms[0]!;
  const reads = arms.map(
    (part, index) =>
      sql`select * from ${soonestArm(db, dialect, part, offset + limit)} as ${sql.id(`arm${index}`)}`,
  );
  const { rows } = await sql<Awaited<ReturnType<typeof soonestByArms>>[number]>`select u.* from
    (${sql.join(reads, sql` union all `)}) as u
    order by u.calendared_at, u.id limit ${limit} offset ${offset}`.execute(db);
  return rows;
}

/**
 * The count of each arm of criteria split by start (`byStart`). A count reads every match of its arm, so the arm still
 * to come of a province or a city is read from the place index (what is dated there) rather than from the start
 * index's every publication to come (`startOffIndex`). That index narrows from its country and province on: a
 * province or a city named without them keeps the start index's range.
 */
export function armCounts(db: DB, dialect: Dialect, arms: readonly ListCriteria[]) {
  return arms.map((arm) => {
    const byPlace = arm.endsImplied !== undefined && arm.country !== undefined && arm.province !== undefined;
    const part: ListCriteria = byPlace ? { ...arm, startOffIndex: true } : arm;
    return db
      .selectFrom('publications as p')
      .where(filtersOf(part, false, true, dialect))
      .select((eb) => eb.fn.countAll().as('n'));
  });
}

/** How many publications match criteria split in arms by start (`byStart`): all counted in one statement. */
async function countArms(db: DB, dialect: Dialect, arms: readonly ListCriteria[]): Promise<number> {
  const counts = armCounts(db, dialect, arms);
  const { rows } = await sql<{
    total: string | number;
  }>`select ${sql.join(counts, sql` + `)} as total`.execute(db);
  return toCount(rows[0]?.total);
}

/**
 * The dates (start, end, country) of the publications matching date criteria without search words, soonest first, at
 * most `criteria.limit`: the month view's marks. Read through the agenda's indexes, which hold every column read here,
 * in arms by start when the end is bounded (`byStart`).
 */
export async function listDates(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria,
): Promise<{ start: string; end: string | null; country: string | null }[]> {
  const arms = byStart({ ...criteria, offset: 0 });
  const rows =
    arms !== undefined
      ? await soonestByArms(db, dialect, arms)
      : await db
          .selectFrom('publications as p')
          .where(filtersOf(criteria, false, true, dialect))
          .select(['p.calendared_at', 'p.calendared_until', 'p.location_country'])
          .orderBy('p.calendared_at', 'asc')
          .limit(criteria.limit)
          .execute();
  return rows.flatMap((row) =>
    row.calendared_at === null
      ? []
      : [{ start: row.calendared_at, end: row.calendared_until, country: row.location_country }],
  );
}

/**
 * The ids of a page of a text search: each tier's first matches in list order (`tierSeqs`), until the page's end is
 * reached (`total`, when counted first, stops the reads at the last match).
 */
async function rankedPage(
  db: DB,
  dialect: Dialect,
  tierSeqs: (tier: Tier, wanted: number) => Promise<number[]>,
  offset: number,
  limit: number,
  total?: number,
): Promise<string[]> {
  const reach = Math.min(offset + limit, total ?? Infinity);
  const ranked: number[] = [];
  for (const tier of TIERS) {
    const wanted = reach - ranked.length;
    if (wanted <= 0) break;
    ranked.push(...(await tierSeqs(tier, wanted)));
  }
  return idsOfSeqs(db, dialect, ranked.slice(offset, reach));
}

/**
 * A text search on SQLite whose filters are facets of the full-text index (all but an author and dates): the index
 * alone, tier by tier, each read in list order only as far as the page reaches (a page costs what precedes and shows
 * it, not what matches); the count comes first, so nothing is ranked when nothing matches and no tier is read past
 * the last match. With dates, each match's dates are looked up by its rowid in the narrow dated rows (migration 0041;
 * filtering the list's rows instead looked up the dates of every match of the words, of every category: 0.3 s for a
 * common word at 1,000,000 rows).
 */
function ftsTextSearch(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria,
  groups: SearchGroups,
  facets: Facets,
) {
  const dated = hasDateCriteria(criteria);
  const dates = dated ? sql.join(dateConditions(criteria, 'd'), sql` and `) : sql``;
  // The full-text matches drive the join (`cross join`), in the index's rowid order: the list's `seq`.
  const matching = (tier: Tier | 'all') => {
    const expression = withFacets(ftsTier(groups, tier), facets);
    return dated
      ? sql`publication_search as s
        cross join publication_dates as d on d.seq = s.rowid
        where publication_search match ${expression} and ${dates}`
      : sql`publication_search as s where publication_search match ${expression}`;
  };
  return {
    countFirst: true,
    async count(): Promise<number> {
      const { rows } = await sql<{ total: number }>`select count(*) as total from ${matching('all')}`.execute(
        db,
      );
      return toCount(rows[0]?.total);
    },
    page: (offset: number, limit: number, total?: number) =>
      rankedPage(
        db,
        dialect,
        async (tier, wanted) => {
          const { rows } = await sql<{ seq: number }>`select s.rowid as seq from ${matching(tier)}
            order by s.rowid desc limit ${wanted}`.execute(db);
          return rows.map((row) => row.seq);
        },
        offset,
        limit,
        total,
      ),
  };
}

/**
 * A text search on PostgreSQL with dates or an area: the token bitmaps give the other filters' matches by rank tier,
 * newest first (read without a publication); only those are looked up by `seq` for `conditions` (their dates, their
 * point in the area). The tsvectors' way visited a heap page per match of the words, of every category (a common
 * word at 1,000,000 rows: tens of thousands); the GiST index's way, a heap page per point in the area.
 */
function postgresCandidateSearch(
  db: DB,
  conditions: readonly Expression<SqlBool>[],
  groups: SearchGroups,
  tokens: FacetTokens,
) {
  let reading: Promise<[number[], number[], number[]]> | undefined;
  const tiers = async () =>
    (reading ??= postgresTokenSearch(db, groups, tokens, { offset: 0, limit: 0 }).then((search) =>
      search.tiers(),
    ));
  const among = (seqs: readonly number[]) => candidatesWhere(seqs, conditions);
  return {
    countFirst: true,
    async count(): Promise<number> {
      const all = (await tiers()).flat();
      if (all.length === 0) return 0;
      const { rows } = await sql<{ total: number }>`select count(*) as total from ${among(all)}`.execute(db);
      return toCount(rows[0]?.total);
    },
    page: (offset: number, limit: number, total?: number) =>
      rankedPage(
        db,
        'postgres',
        async (tier, wanted) => {
          const seqs = (await tiers())[2 - tier] ?? [];
          if (seqs.length === 0) return [];
          const { rows } = await sql<{ seq: string | number }>`select p.seq from ${among(seqs)}
            order by p.seq desc limit ${wanted}`.execute(db);
          return rows.map((row) => Number(row.seq));
        },
        offset,
        limit,
        total,
      ),
  };
}

/**
 * How a text search reads its matches: when every filter is a facet of the search index (all but an author and
 * dates; on PostgreSQL, of the public list only), the index alone, and the count never reads a table row: SQLite's
 * full-text index tier by tier, each read in list order only as far as the page reaches (a page costs what precedes
 * and shows it, not what matches); PostgreSQL's token bitmaps, the count and the page's tiers in one query. With
 * dates, or (PostgreSQL) a large area (boxSearchByRow), the bitmaps' matches are the candidates, each looked up by
 * `seq` (postgresCandidateSearch). Otherwise the list's rows filtered as without a text search, among the search's
 * matches, ranked in one query. All give the same pages and totals.
 */
async function textSearchOf(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria,
  groups: SearchGroups,
  walkFrom?: number,
) {
  // With dates, the indexes give the other filters' matches and only those are looked up for their dates; so with an
  // area on PostgreSQL when the words match fewer than it holds (boxSearchByRow), each looked up for its point.
  const dated = hasDateCriteria(criteria);
  const areaWalk =
    dialect === 'postgres' &&
    criteria.status === 'published' &&
    criteria.bbox !== undefined &&
    criteria.near === undefined &&
    criteria.openAt === undefined &&
    (await boxSearchByRow(db, dialect, criteria, groups, walkFrom));
  const tokens =
    dialect === 'postgres' && criteria.status === 'published' && (!hasPlaceCriteria(criteria) || areaWalk)
      ? await facetTokensOf(db, dated ? withoutDates(criteria) : criteria)
      : null;
  if (tokens !== null && (dated || areaWalk)) {
    const conditions = [
      ...(dated ? dateConditions(criteria, 'p') : []),
      ...(areaWalk ? placeConditions('postgres', { bbox: criteria.bbox, boxByRow: true }, false) : []),
    ];
    return postgresCandidateSearch(db, conditions, groups, tokens);
  }
  if (tokens !== null) {
    const search = await postgresTokenSearch(db, groups, tokens, criteria);
    return {
      countFirst: true,
      count: search.count,
      page: async () => idsOfSeqs(db, dialect, await search.seqs()),
    };
  }
  const facets =
    dialect === 'sqlite' && !hasPlaceCriteria(criteria)
      ? await ftsFacetsOf(db, dated ? withoutDates(criteria) : criteria)
      : null;
  if (facets !== null) return ftsTextSearch(db, dialect, criteria, groups, facets);
  const matches = (byRow = false) =>
    db
      .selectFrom(listTable(dialect))
      .where(
        filtersOf(byRow ? { ...criteria, boxByRow: true } : criteria, dialect === 'sqlite', false, dialect),
      )
      .where(tierMatch(dialect, groups, 'all'));
  // The map's cells count an area's matches when the words are the criteria's own (not a correction's groups).
  const ownWords =
    groups.length === criteria.words.length &&
    groups.every((group, index) => group.length === 1 && group[0] === criteria.words[index]);
  return {
    /** PostgreSQL counts on another connection while the page is ranked. */
    countFirst: dialect === 'sqlite',
    count: async () =>
      (ownWords ? await countInBox(db, dialect, criteria) : null) ??
      (await countRows(matches().select('p.id'))),
    async page(offset: number, limit: number): Promise<string[]> {
      const rank = sql<number>`case when ${tierMatch(dialect, groups, 2)} then 2
        when ${tierMatch(dialect, groups, 1)} then 1 else 0 end`;
      const byRow = dialect === 'sqlite' && (await boxSearchByRow(db, dialect, criteria, groups));
      const rows = await matches(byRow)
        .select('p.id')
        .orderBy(rank, 'desc')
        .orderBy('p.seq', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}

/**
 * Whether a text search of an area checks each match's point rather than reading every point in the box first
 * (SQLite's R*Tree, PostgreSQL's GiST index): ranking reads every match of the words anyway, on SQLite at about 1.5 µs
 * each with its point looked up by `seq` (`boxByRow`), against ~3.5 µs for each point in the box (at 1,000,000
 * publications, "plant" in Argentina's box: 178,500 matches of the word, 519,050 points in the box); on PostgreSQL
 * the token bitmaps' matches, each point read from the index by `seq` (postgresCandidateSearch), against a table row
 * and its tsvector for each point in the box. Both counts come from the indexes: the words' everywhere, and the
 * map's cells of the area without the words and labels.
 */
async function boxSearchByRow(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria,
  groups: SearchGroups,
  walkFrom = POSTGRES_WALK_MIN_POINTS,
): Promise<boolean> {
  if (criteria.bbox === undefined || criteria.near !== undefined) return false;
  const area = { ...criteria, words: [], labels: undefined, openAt: undefined };
  // PostgreSQL's GiST index reads every point in the box, of any category and country (SQLite's R*Tree, those of the
  // category), and an exact count there costs about what the index reads for a small area: an estimate decides.
  const points =
    dialect === 'postgres'
      ? await pointsAboutBox(db, dialect, { ...area, typed: undefined, country: undefined })
      : await countInBox(db, dialect, area);
  if (points === null || (dialect === 'postgres' && points < walkFrom)) return false;
  const everywhere = await textSearchOf(
    db,
    dialect,
    { ...criteria, bbox: undefined, openAt: undefined },
    groups,
  );
  return (await everywhere.count()) < 2 * points;
}

/**
 * PostgreSQL reads an area of fewer points through its GiST index without asking how many the words match: a walk's
 * own cost (the bitmaps' tiers, a query per tier) is about what reading this many points costs there (100,000
 * publications: 8–12 ms). Past it, a walk reads each match at about half what a point in the area costs (1,000,000
 * publications: 1.7 against 3.4 µs), as on SQLite (decision 068's amendment).
 */
const POSTGRES_WALK_MIN_POINTS = 10_000;

/** A text search: the titles that match, then the labels, then the rest, each newest first; counted once per version. */
async function searchPage(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria,
  groups: SearchGroups,
  { memory, version }: Version,
  walkFrom?: number,
): Promise<PageIds> {
  const key = countKey(criteria, groups);
  const deps: ListDependencies = {
    filters: filtersOfCriteria(criteria),
    searches: [groups],
    vocabulary: [],
  };
  const search = await textSearchOf(db, dialect, criteria, groups, walkFrom);
  const { offset, limit } = criteria;
  if (criteria.count === false) {
    const ids = await search.page(offset, limit);
    return { ids, total: ids.length };
  }
  const counted = memory.counts.get(version, key, async () => ({ value: await search.count(), deps }));
  if (!search.countFirst) {
    const [ids, total] = await Promise.all([search.page(offset, limit), counted]);
    return { ids, total };
  }
  const total = await counted;
  return { ids: total === 0 ? [] : await search.page(offset, limit, total), total };
}

/** The publications as `p`: the shape of the place queries on both dialects (their `p` has these columns). */
function publicationsAsP(db: DB) {
  return db.selectFrom('publications as p');
}
export type PlacedQuery = ReturnType<typeof publicationsAsP>;

/**
 * The public matches of a text search on PostgreSQL, for the map and near-me, as the token bitmaps give them for the
 * words and the criteria's filters other than the area (search-postgres.ts: read without a publication, as the
 * list's search reads them). A search of the tsvectors in an area read every candidate's tsvector again (the prefix
 * query is lossy in the GIN index) and, through the point's index, every point of a large area.
 */
export type PlacedSearch = {
  /** Every match's `seq`, ascending. */
  seqs: number[];
  /** The matches of the chunks with few, each read by its `seq`. */
  sparse: number[];
  /** The chunks with many, each read whole (its range of `seq`s, the bits tested): bits as text, bit 0 first. */
  dense: { chunks: number[]; bits: string[] };
};

/**
 * A chunk with more matches than this is read whole: measured at 100,000 publications, a lookup by `seq` costs about
 * what 25 index entries read in a row do.
 */
const DENSE_CHUNK = CHUNK_BITS / 32;

/**
 * The search's matches for placedMatches (or, without a term, those of the labels), or null when there is neither or
 * a filter has no facet among the bitmaps (a status other than the public's, an author, dates, open=now): the
 * tsvectors (the labels' text) then filter.
 */
export async function placedSearch(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria,
  groups: SearchGroups,
  /** Chunks with more matches than this are read whole (the tests choose every chunk, or none). */
  denseFrom = DENSE_CHUNK,
): Promise<PlacedSearch | null> {
  // Without a term, labels alone narrow enough to be worth the bitmaps (a category and a country are counted ahead).
  if (dialect !== 'postgres' || (groups.length === 0 && (criteria.labels ?? []).length === 0)) return null;
  if (criteria.status !== 'published' || criteria.openAt !== undefined) return null;
  const tokens = await facetTokensOf(db, criteria);
  if (tokens === null) return null;
  const search: PlacedSearch = { seqs: [], sparse: [], dense: { chunks: [], bits: [] } };
  for (const { chunk, bits, count } of await (
    await postgresTokenSearch(db, groups, tokens, { offset: 0, limit: 0 })
  ).matches()) {
    const base = chunk * CHUNK_BITS;
    const seqs: number[] = [];
    for (let bit = bits.indexOf('1'); bit >= 0; bit = bits.indexOf('1', bit + 1)) seqs.push(base + bit);
    search.seqs.push(...seqs);
    if (count > denseFrom) {
      search.dense.chunks.push(chunk);
      search.dense.bits.push(bits);
    } else search.sparse.push(...seqs);
  }
  return search;
}

/**
 * The search's matches with a point inside `box` (or with a point, without one), on PostgreSQL, as `p` (id, seq and
 * point): read from the indexes of migration 0033, which hold the point and the id, no table row, no tsvector. The
 * box as ranges of the columns: the same points as the GiST index's `<@` (whose comparisons are exact too).
 */
function searchInBox(db: DB, search: PlacedSearch, box: BoundingBox | undefined) {
  const inBox =
    box === undefined
      ? sql<SqlBool>`p.public_lat is not null`
      : sql<SqlBool>`p.public_lat between ${Math.min(box.minLat, box.maxLat)}::float8 and ${Math.max(box.minLat, box.maxLat)}::float8
        and p.public_lng between ${Math.min(box.minLng, box.maxLng)}::float8 and ${Math.max(box.minLng, box.maxLng)}::float8`;
  const size = sql.raw(String(CHUNK_BITS));
  // A dense chunk is read along the box's latitudes in migration 0033's index by chunk (`offset 0` keeps the read
  // per chunk); its bit test is written `<> 0`, which the planner estimates as passing most rows (as `= 1` it
  // expected almost none and sorted thousands of rows to group them instead of hashing).
  const matches = sql`(
    select p.id, p.seq, p.public_lat, p.public_lng from unnest(${search.sparse}::bigint[]) as s(seq)
      join publications as p on p.seq = s.seq where ${inBox}
    union all
    select r.id, r.seq, r.public_lat, r.public_lng
      from unnest(${search.dense.chunks}::int[], ${search.dense.bits}::bit(${size})[]) as m(chunk, bits)
      cross join lateral (select p.id, p.seq, p.public_lat, p.public_lng from publications as p
        where (p.seq / ${size}) = m.chunk and ${inBox}
          and get_bit(m.bits, (p.seq & ${sql.raw(String(CHUNK_BITS - 1))})::int) <> 0
        offset 0) as r
  )`;
  return db.selectFrom(matches.as('p')) as unknown as PlacedQuery;
}

/**
 * The matches with a point inside `box` (anywhere without one), and their public point as `lat` and `lng`. SQLite
 * walks its R*Tree first (`cross join` keeps that order: the planner would rather scan the list by status) and
 * reaches each list row by its `seq`; PostgreSQL filters its publications through the GiST index of the point, or,
 * given the search's matches (`matched`, from placedSearch, which all the criteria's filters but the area decided),
 * reads those in the area.
 */
export function placedMatches(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria,
  box: BoundingBox | undefined,
  groups: SearchGroups,
  matched?: PlacedSearch | null,
): { query: PlacedQuery; lat: RawBuilder<number>; lng: RawBuilder<number> } {
  const rest: ListCriteria = { ...criteria, bbox: undefined, near: undefined };
  if (dialect === 'postgres' && matched !== undefined && matched !== null) {
    return {
      query: searchInBox(db, matched, box),
      lat: sql<number>`p.public_lat`,
      lng: sql<number>`p.public_lng`,
    };
  }
  if (dialect === 'sqlite') {
    let query = db
      .selectFrom('publication_places as r')
      .crossJoin('publication_search_rows as p')
      .whereRef('p.seq', '=', 'r.id')
      .where(filtersOf(rest, true, false, 'sqlite'));
    if (box !== undefined) query = query.where(rtreeBox(box, kindOf(criteria)));
    if (groups.length > 0) query = query.where(tierMatch(dialect, groups, 'all'));
    return { query: query as unknown as PlacedQuery, lat: sql<number>`r.lat`, lng: sql<number>`r.lng` };
  }
  // `near` without a box asks for every publication with a point.
  const placed: ListCriteria = { ...rest, bbox: box, near: box === undefined ? criteria.near : undefined };
  let query = publicationsAsP(db).where(filtersOf(placed, false, false, 'postgres'));
  if (groups.length > 0) query = query.where(tierMatch(dialect, groups, 'all'));
  return {
    query: query as unknown as PlacedQuery,
    lat: sql<number>`p.public_lat`,
    lng: sql<number>`p.public_lng`,
  };
}

/**
 * placedMatches read the other way on SQLite: the matches first (the term's full-text matches, or the list rows by
 * their filter indexes), each one's point looked up by key (publication_points, migration 0042) and kept when inside
 * `box`. For a large area with a narrowing filter (a term, labels), this costs what matches instead of what lies in
 * the area; when every filter is a facet of the full-text index, ftsPlacedMatches reads no list row at all.
 */
export function placedMatchesFirst(
  db: DB,
  criteria: ListCriteria,
  box: BoundingBox,
  groups: SearchGroups,
): { query: PlacedQuery; lat: RawBuilder<number>; lng: RawBuilder<number> } {
  const rest: ListCriteria = { ...criteria, bbox: undefined, near: undefined };
  let query = db
    .selectFrom('publication_search_rows as p')
    .crossJoin('publication_points as r')
    .whereRef('r.seq', '=', 'p.seq')
    .where(filtersOf(rest, true, false, 'sqlite'))
    .where(
      sql<SqlBool>`r.lat between ${box.minLat} and ${box.maxLat} and r.lng between ${box.minLng} and ${box.maxLng}`,
    );
  if (groups.length > 0) query = query.where(tierMatch('sqlite', groups, 'all'));
  return { query: query as unknown as PlacedQuery, lat: sql<number>`r.lat`, lng: sql<number>`r.lng` };
}

/** Near-me's growing radii, in kilometres. */
const NEAR_RADII = [2, 10, 50, 250, 1000];

/**
 * From boxes this wide (km), near-me with a term reads the matches from the index: PostgreSQL's bitmaps
 * (placedSearch), SQLite's full-text index with labels too (ftsPlacedMatches; from 250 km instead, 12 uncounted
 * searches at 1,000,000 rows took twice as long).
 */
const NEAR_BITMAPS_KM = 50;

/** Up to this many matches, near-me orders them all at once instead of walking boxes. */
const NEAR_SMALL_TOTAL = 2000;

/**
 * On SQLite, when the full-text index's facets hold every filter (ftsPlacedMatches), up to this many times
 * NEAR_SMALL_TOTAL matches are ordered all at once from the index: at 1,000,000 publications, searches of 2,100–5,400
 * matches near a city took 14–28 ms against 21–123 ms in boxes; from 12,000 matches the boxes cost less
 * (decision 067).
 */
const NEAR_INDEXED_FACTOR = 5;

/**
 * Every match with a point nearest first, at most `need`: the list's own rows, each with its point looked up by key
 * (SQLite's publication_points by `seq`, PostgreSQL's columns). Costs what matches.
 */
async function allByDistance(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria & { near: NonNullable<ListCriteria['near']> },
  groups: SearchGroups,
  need: number,
  matched: PlacedSearch | null,
): Promise<{ id: string; distance: number }[]> {
  const rest: ListCriteria = { ...criteria, near: undefined };
  if (dialect === 'sqlite') {
    const from = await ftsPlacedMatches(db, criteria, criteria.bbox, groups);
    if (from !== null) return nearestIndexed(db, from, criteria.near, need);
  }
  let query = db.selectFrom(listTable(dialect));
  if (dialect === 'postgres' && matched !== null) {
    // The search's matches (every filter but the area decided).
    query = query
      .where(sql<SqlBool>`p.seq = any(${matched.seqs}::bigint[])`)
      .where((eb) => eb.and(placeConditions(dialect, { bbox: criteria.bbox }, false)));
  } else {
    query = query.where(filtersOf(rest, dialect === 'sqlite', false, dialect));
    if (groups.length > 0) query = query.where(tierMatch(dialect, groups, 'all'));
  }
  const [lat, lng] =
    dialect === 'sqlite'
      ? [sql<number>`r.lat`, sql<number>`r.lng`]
      : [sql<number>`p.public_lat`, sql<number>`p.public_lng`];
  const placed =
    dialect === 'sqlite'
      ? (query.innerJoin('publication_points as r', 'r.seq', 'p.seq') as unknown as typeof query)
      : query.where(sql<SqlBool>`p.public_lat is not null`);
  const distance = distanceSql(dialect, criteria.near, lat, lng);
  const rows = await placed
    .select(['p.id', distance.as('distance')])
    .orderBy('distance')
    .orderBy('p.seq', 'desc')
    .limit(need)
    .execute();
  return rows.map((row) => ({ id: row.id, distance: Number(row.distance) }));
}

/** The nearest `need` matches inside `box` (placedMatches), in the list's order for a tie. */
async function nearestPlaced(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria & { near: NonNullable<ListCriteria['near']> },
  box: BoundingBox,
  groups: SearchGroups,
  matched: PlacedSearch | null,
  need: number,
): Promise<{ id: string; distance: number }[]> {
  const { query, lat, lng } = placedMatches(db, dialect, criteria, box, groups, matched);
  const rows = await query
    .select(['p.id', distanceSql(dialect, criteria.near, lat, lng).as('distance')])
    .orderBy('distance')
    // Both dialects' `p` has the list's `seq` (the placed query is typed as the publications).
    .orderBy(sql`p.seq`, 'desc')
    .limit(need)
    .execute();
  return rows.map((row) => ({ id: row.id, distance: Number(row.distance) }));
}

/**
 * The first `need` matches without a point, in the list's own order (newest first): near-me lists them after every
 * match with one. None inside an area (a point outside every area is never inside one).
 */
async function pointlessNewest(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria,
  groups: SearchGroups,
  need: number,
): Promise<{ id: string; distance: null }[]> {
  if (need <= 0 || criteria.bbox !== undefined) return [];
  const rest: ListCriteria = { ...criteria, near: undefined };
  let query = db
    .selectFrom(listTable(dialect))
    .where(filtersOf(rest, dialect === 'sqlite', false, dialect))
    .where(
      dialect === 'sqlite'
        ? sql<SqlBool>`not exists (select 1 from publication_points as r where r.seq = p.seq)`
        : sql<SqlBool>`p.public_lat is null`,
    );
  if (groups.length > 0) query = query.where(tierMatch(dialect, groups, 'all'));
  const rows = await query.select('p.id').orderBy('p.seq', 'desc').limit(need).execute();
  return rows.map((row) => ({ id: row.id, distance: null }));
}

/**
 * How many match a near-me list (-1 when not counted): the count of the same criteria without `near` (its page of
 * none costs nothing), through the agenda's date indexes when it has dates, as the agenda's own list counts it (the
 * list rows' way looks each match's dates up).
 */
async function nearTotal(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria,
  groups: SearchGroups,
  at: Version,
): Promise<number> {
  if (criteria.count === false) return -1;
  const unordered: ListCriteria = { ...criteria, near: undefined, offset: 0, limit: 0 };
  const order = hasDateCriteria(criteria) ? 'soonest' : 'newest';
  const page = await (groups.length === 0
    ? listPage(db, dialect, { ...unordered, order }, at)
    : searchPage(db, dialect, unordered, groups, at));
  return page.total;
}

/**
 * A near-me page computed before, whose order no change since can alter (its hint, keepsOrder): the same ids and
 * distances, with the total read again.
 */
async function nearPageKept(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria,
  groups: SearchGroups,
  at: Version,
  kept: NonNullable<ListDependencies['nearOrder']>,
): Promise<PageIds & { distances: Map<string, number> }> {
  const total = await nearTotal(db, dialect, criteria, groups, at);
  const { ids, distances } = kept;
  return {
    ids: [...ids],
    total: total === -1 ? ids.length : total,
    distances: new Map(ids.map((id, index) => [id, distances[index] as number])),
  };
}

/** What a near-me page keeps for its next computation: its order, when every row of a full page has a point. */
function nearOrderOf(
  criteria: ListCriteria & { near: NonNullable<ListCriteria['near']> },
  page: PageIds & { distances: Map<string, number> },
): ListDependencies['nearOrder'] {
  if (page.ids.length === 0 || page.ids.length < criteria.limit) return undefined;
  const distances = page.ids.map((id) => page.distances.get(id));
  if (distances.some((km) => km === undefined)) return undefined;
  const known = distances as number[];
  return { near: criteria.near, ids: page.ids, distances: known, lastKm: known.at(-1) as number };
}

/**
 * A page nearest first: an order, not a filter (the matches without a point come last, newest first), so its total
 * is the list's own count, remembered as always. When none of the criteria's category and country has a point
 * (placedAtMost), only those without one are read; few matches are ordered at once (on SQLite, from the full-text
 * index, up to NEAR_INDEXED_FACTOR times as many when its facets hold every filter); many are read in growing boxes
 * around the point, each box's ordered by distance, until the page's last one lies within the box's inscribed circle
 * (nothing outside the box can come before it); past the last box, all at once. Short of a page, the matches without
 * a point follow.
 */
async function nearPage(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria & { near: NonNullable<ListCriteria['near']> },
  groups: SearchGroups,
  at: Version,
  nearSmallTotal = NEAR_SMALL_TOTAL,
): Promise<PageIds & { distances: Map<string, number> }> {
  const { near, offset, limit } = criteria;
  const need = offset + limit;
  const [total, placedBound] = await Promise.all([
    nearTotal(db, dialect, criteria, groups, at),
    placedAtMost(db, criteria),
  ]);
  let rows: { id: string; distance: number | null }[] | null = total === 0 || placedBound === 0 ? [] : null;
  // The search's matches from the bitmaps, read once the boxes are wide (the few points of the first boxes cost less
  // than reading the bitmaps; a wide box's points, each with its tsvector, cost far more).
  let matched: PlacedSearch | null | undefined;
  if (
    rows === null &&
    dialect === 'sqlite' &&
    total !== -1 &&
    total <= nearSmallTotal * NEAR_INDEXED_FACTOR
  ) {
    const indexed = await ftsPlacedMatches(db, criteria, criteria.bbox, groups);
    if (indexed !== null) rows = await nearestIndexed(db, indexed, near, need);
  }
  if (rows === null && (total === -1 || total > nearSmallTotal)) {
    for (const km of NEAR_RADII) {
      const box = intersect(boxAround(near, km), criteria.bbox);
      if (box === null) continue;
      if (km >= NEAR_BITMAPS_KM) matched ??= await placedSearch(db, dialect, criteria, groups);
      // SQLite's wide boxes: the full-text index's matches, rather than every point of the box (decision 056).
      const indexed =
        dialect === 'sqlite' && km >= NEAR_BITMAPS_KM
          ? await ftsPlacedMatches(db, criteria, box, groups)
          : null;
      const found =
        indexed !== null
          ? await nearestIndexed(db, indexed, near, need)
          : await nearestPlaced(db, dialect, criteria, box, groups, matched ?? null, need);
      if (found.filter((row) => Number(row.distance) <= km).length >= need) {
        rows = found;
        break;
      }
    }
  }
  rows ??= await allByDistance(db, dialect, criteria, groups, need, matched ?? null);
  if (rows.length < need && total !== 0) {
    rows = [...rows, ...(await pointlessNewest(db, dialect, criteria, groups, need - rows.length))];
  }
  const page = rows.slice(offset, need);
  return {
    ids: page.map((row) => row.id),
    total: total === -1 ? page.length : total,
    distances: new Map(page.flatMap((row) => (row.distance === null ? [] : [[row.id, row.distance]]))),
  };
}

/**
 * One page of publications matching the criteria, and how many match. Without words: newest first (`seq`, the
 * order in which they were added), or the soonest dated first. With words: ranked by relevance (title, then labels,
 * then description only), then newest first; when nothing matches, the same search with its misspelled words
 * corrected.
 */
export async function listPublications(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria,
  memory: ListMemory,
  options: ListOptions = {},
): Promise<ListResult> {
  const version = options.version ?? (await readPublicationsVersion(db));
  const { reads, ids, total, deps, distances } = await findListPage(db, dialect, criteria, memory, {
    ...options,
    version,
  });
  const cards = memory.cards === undefined ? undefined : { reads: memory.cards, version };
  const result = await loadPage(reads, ids, total, deps, cards);
  return distances === undefined ? result : { ...result, distances };
}

export type ListOptions = {
  /** The list's version the caller read before anything it computes from this answer (read here when not given). */
  version?: number | undefined;
  /** Where the list's own queries run (the database's reader: off the event loop on SQLite); `db` by default. */
  reader?: DB | undefined;
  /** The read replica (DATABASE_READ_URL): used instead of `reader` once it has replayed the version. */
  replica?: DB | undefined;
  /** Near-me orders at most this many matches at once, and walks boxes past it (the tests' choice). */
  nearSmallTotal?: number | undefined;
  /** PostgreSQL may walk a text search's matches in an area of at least this many points (the tests' choice). */
  areaWalkFrom?: number | undefined;
  /** The dependencies of the same answer computed before, kept by the cache as a hint (keepsOrder). */
  hint?: ListDependencies | undefined;
};

/** A list's page as ids, in order, with where it was read (rows of the page are read there too). */
export type ListPageIds = {
  reads: DB;
  ids: string[];
  total: number;
  deps: Omit<ListDependencies, 'shown'>;
  distances?: Map<string, number> | undefined;
};

/** The ids of listPublications' page, for callers that read fewer columns of its rows (the calendar feeds). */
export async function findListPage(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria,
  memory: ListMemory,
  options: ListOptions = {},
): Promise<ListPageIds> {
  // First the version, on the main connection, then anything computed under it (see list-versions.ts): the reader
  // sees every write committed before the version was read, like another process would.
  const at: Version = { memory, version: options.version ?? (await readPublicationsVersion(db)) };
  const primaryReads = options.reader ?? db;
  const reads =
    options.replica === undefined
      ? primaryReads
      : await readsAt(options.replica, primaryReads, PUBLICATIONS_LIST, at.version);
  const { words } = criteria;
  const filters = filtersOfCriteria(criteria);
  if (criteria.near !== undefined) {
    const groups = words.map((word) => [word]);
    const near = { ...criteria, near: criteria.near };
    const kept = options.hint?.nearOrder;
    const page =
      kept === undefined
        ? await nearPage(reads, dialect, near, groups, at, options.nearSmallTotal)
        : await nearPageKept(reads, dialect, near, groups, at, kept);
    const nearOrder = nearOrderOf(near, page);
    const deps = {
      filters,
      searches: [groups],
      vocabulary: [],
      ...(nearOrder === undefined ? {} : { nearOrder }),
    };
    return { reads, ids: page.ids, total: page.total, deps, distances: page.distances };
  }
  if (words.length === 0) {
    const page = await listPage(reads, dialect, criteria, at);
    return { reads, ...page, deps: { filters, searches: [[]], vocabulary: [] } };
  }
  const groups = words.map((word) => [word]);
  const exact = await searchPage(reads, dialect, criteria, groups, at, options.areaWalkFrom);
  if (exact.total > 0) return { reads, ...exact, deps: { filters, searches: [groups], vocabulary: [] } };
  // Nothing matches: the answer also depends on the words known (the corrections) and what the corrections find.
  const corrected = await memory.corrections.get(at.version, words.join(' '), async () => ({
    value: await correctSpelling(reads, dialect, words),
    deps: { filters: null, searches: [], vocabulary: words },
  }));
  if (corrected === null) {
    return { reads, ids: [], total: 0, deps: { filters, searches: [groups], vocabulary: words } };
  }
  const found = await searchPage(reads, dialect, criteria, corrected, at, options.areaWalkFrom);
  return { reads, ...found, deps: { filters, searches: [groups, corrected], vocabulary: words } };
}

/** What a saved search filters on: a list's criteria without its page, order, count, status or dates. */
export type MatchCriteria = Pick<
  ListCriteria,
  'typed' | 'country' | 'province' | 'city' | 'labels' | 'words' | 'bbox'
>;

/** Criteria per statement of matchingCriteria: one union of this many single-row queries. */
const MATCH_BATCH = 100;

/** The indexes of `criteria` whose condition (`groupsOf`) the publication `id` meets, in batches of one statement. */
async function matchingIndexes(
  db: DB,
  dialect: Dialect,
  id: string,
  entries: readonly { index: number; criteria: MatchCriteria; groups: SearchGroups }[],
): Promise<number[]> {
  const found: number[] = [];
  for (let start = 0; start < entries.length; start += MATCH_BATCH) {
    const queries = entries.slice(start, start + MATCH_BATCH).map(({ index, criteria, groups }) => {
      const listed: ListCriteria = { ...criteria, status: 'published', offset: 0, limit: 1 };
      let query = db
        .selectFrom(listTable(dialect))
        .select(sql<number>`${index}`.as('k'))
        .where('p.id', '=', id)
        .where(filtersOf(listed, dialect === 'sqlite'));
      if (groups.length > 0) query = query.where(tierMatch(dialect, groups, 'all'));
      return query;
    });
    const [first, ...rest] = queries;
    if (first === undefined) continue;
    const union = rest.reduce((all, query) => all.unionAll(query), first);
    const rows = await union.execute();
    found.push(...rows.map((row) => Number(row.k)));
  }
  return found;
}

/**
 * Which of the criteria list the publication `id` on explore (`GET /api/publications?status=published`): the
 * same filters and the same text match as listPublications, constrained to that one row, so that a saved search's
 * alert and explore never disagree (decision 041). Words no known word starts with are corrected as explore
 * corrects them when nothing matches. Answers the indexes into `criteria`.
 */
export async function matchingCriteria(
  db: DB,
  dialect: Dialect,
  id: string,
  criteria: readonly MatchCriteria[],
): Promise<Set<number>> {
  // The publication's stored tokens (what both indexes read): a word that is the prefix of none of them cannot match
  // it as written. This only narrows what is asked; the list query below decides.
  const stored = await db
    .selectFrom('publications')
    .select(['title_stems', 'labels_stems', 'description_stems'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (stored === undefined) return new Set();
  const tokens = [
    ...new Set(
      `${stored.title_stems} ${stored.labels_stems} ${stored.description_stems}`.split(' ').filter(Boolean),
    ),
  ];
  const inPublication = new Map<string, boolean>();
  const prefixOfToken = (word: string) => {
    let answer = inPublication.get(word);
    if (answer === undefined) {
      answer = tokens.some((token) => token.startsWith(word));
      inPublication.set(word, answer);
    }
    return answer;
  };
  const exact: { index: number; criteria: MatchCriteria; groups: SearchGroups }[] = [];
  const misspelled: { index: number; criteria: MatchCriteria }[] = [];
  const absentOf = criteria.map((one) => one.words.filter((word) => !prefixOfToken(word)));
  // Only a search with a word no known word starts with has a correction (correctSpelling): the words absent from
  // the publication are looked up once each, in batches.
  const lookedUp = [...new Set(absentOf.flat().filter((word) => word.length >= CORRECTABLE_MIN_LENGTH))];
  const known = await knownPrefixes(db, dialect, lookedUp);
  for (const [index, one] of criteria.entries()) {
    const absent = absentOf[index] ?? [];
    if (absent.length === 0) exact.push({ index, criteria: one, groups: one.words.map((word) => [word]) });
    // Words all known (some of them elsewhere only): explore corrects nothing, and this publication lacks one.
    else if (absent.some((word) => word.length >= CORRECTABLE_MIN_LENGTH && !known.has(word))) {
      misspelled.push({ index, criteria: one });
    }
  }
  const matched = new Set(await matchingIndexes(db, dialect, id, exact));
  const corrections = new Map<string, Promise<SearchGroups | null>>();
  const retried: { index: number; criteria: MatchCriteria; groups: SearchGroups }[] = [];
  for (const entry of misspelled) {
    const key = entry.criteria.words.join(' ');
    let corrected = corrections.get(key);
    if (corrected === undefined) {
      corrected = correctSpelling(db, dialect, entry.criteria.words);
      corrections.set(key, corrected);
    }
    const groups = await corrected;
    if (groups !== null) retried.push({ ...entry, groups });
  }
  for (const index of await matchingIndexes(db, dialect, id, retried)) matched.add(index);
  return matched;
}
