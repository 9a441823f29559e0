import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import { PUBLISHED_STATUS, UNPUBLISHED_STATUS } from '@eco/domain';
import { countRows, toCount } from '../../db/count.ts';
import { readListVersion, VersionedCache } from '../../db/list-versions.ts';
import type { DB, Dialect, PublicationsTable } from '../../db/schema.ts';
import { countFromGroups } from './count-repository.ts';
import { findFileUrls, selectWithAuthor, type PublicationWithAuthor } from './repository.ts';
import { textMatch, textRank, type SearchGroups } from './search-sql.ts';
import { correctSpelling } from './spelling.ts';

// The explore lists and the search, on both dialects: one entry point, listPublications.

export type StatusCriterion = 'published' | 'pending' | 'all';

export type ListCriteria = {
  status: StatusCriterion;
  authorId?: string | undefined;
  typed?: string | undefined;
  country?: string | undefined;
  province?: string | undefined;
  city?: string | undefined;
  /** Material labels: a publication matches when it has any of them. */
  labels?: readonly string[] | undefined;
  /** Only publications dated (calendared_at, ISO in UTC) at or after this instant. */
  startsFrom?: string | undefined;
  /** Only publications dated before this instant. */
  startsBefore?: string | undefined;
  /** Without a text search: newest first (the default), or the soonest dated first. */
  order?: 'newest' | 'soonest' | undefined;
  /** false: `total` is only the number of rows of the page (the count is skipped, for callers that need none). */
  count?: boolean | undefined;
  /** Normalised search words (normalizeSearchTerms); none lists without a text search. */
  words: readonly string[];
  offset: number;
  limit: number;
};

export type ListResult = { rows: PublicationWithAuthor[]; files: Map<string, string[]>; total: number };

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
  >;
  publications: PublicationsTable;
};

/** `%`, `_` and the escape character itself match literally. */
function likeEscaped(text: string): string {
  return text.replace(/[!%_]/g, (char) => `!${char}`);
}

/**
 * The criteria's filters on `p`, the same on both dialects. `slimRows`: `p` is SQLite's publication_search_rows,
 * which has no date column.
 */
function filtersOf(criteria: ListCriteria, slimRows = false): Expression<SqlBool> {
  const eb = expressionBuilder<FilterTables, 'p'>();
  const conditions: Expression<SqlBool>[] = [];
  if (criteria.status === 'published') {
    conditions.push(eb('p.status', '=', PUBLISHED_STATUS));
    // A suspended member's publications leave the public with them.
    conditions.push(
      sql<SqlBool>`not exists (select 1 from users as author where author.id = p.created_by and author.is_active = 0)`,
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
  const { startsFrom, startsBefore } = criteria;
  if (startsFrom !== undefined || startsBefore !== undefined) {
    if (!slimRows) {
      if (startsFrom !== undefined) conditions.push(eb('p.calendared_at', '>=', startsFrom));
      if (startsBefore !== undefined) conditions.push(eb('p.calendared_at', '<', startsBefore));
    } else {
      // The publication is looked up by its primary key for its date.
      conditions.push(
        eb.exists(
          eb
            .selectFrom('publications as d')
            .select(sql`1`.as('one'))
            .whereRef('d.id', '=', 'p.id')
            .$if(startsFrom !== undefined, (query) => query.where('d.calendared_at', '>=', startsFrom ?? ''))
            .$if(startsBefore !== undefined, (query) =>
              query.where('d.calendared_at', '<', startsBefore ?? ''),
            ),
        ),
      );
    }
  }
  return eb.and(conditions);
}

/** Loads the publications of a page with their authors and images, in the order of `ids`. */
async function loadPage(db: DB, ids: readonly string[], total: number): Promise<ListResult> {
  if (ids.length === 0) return { rows: [], files: new Map(), total };
  const [rows, files] = await Promise.all([
    selectWithAuthor(db).where('p.id', 'in', ids).execute(),
    findFileUrls(db, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), files, total };
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
 * What one process remembers of the list between requests, at the list's current version: the number of
 * publications matching each criteria (the count is the cost of a page), the pages of text searches (ranking every
 * match is the cost of those), and the corrections of misspelled searches. All are dropped by the first request
 * that reads a newer version, so they are exact on every process.
 */
export type ListMemory = {
  counts: VersionedCache<number>;
  searchPages: VersionedCache<string[]>;
  corrections: VersionedCache<SearchGroups | null>;
};

export function createListMemory(): ListMemory {
  // Keys are short (the criteria as JSON), pages a few ids: 20,000 of each hold a few megabytes.
  return {
    counts: new VersionedCache(20_000),
    searchPages: new VersionedCache(20_000),
    corrections: new VersionedCache(5_000),
  };
}

/** The criteria that decide which publications match, without the page: the key of their count. */
function countKey(criteria: ListCriteria, groups: SearchGroups): string {
  const { offset: _offset, limit: _limit, words: _words, labels, ...filters } = criteria;
  const entries = Object.entries(filters)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([entries, [...(labels ?? [])].sort(), groups]);
}

type Version = { memory: ListMemory; version: number };

/**
 * The table the lists read: on SQLite the slim mirror rows (the filter and order columns only, with indexes that
 * match the filters), on PostgreSQL the publications themselves. Both have the same filter and order columns.
 */
function listTable(dialect: Dialect) {
  return (
    dialect === 'postgres' ? 'publications as p' : 'publication_search_rows as p'
  ) as 'publication_search_rows as p';
}

/** Without a text search: newest first, in the order of the list indexes; the count reads an index of its own. */
async function listPage(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria,
  { memory, version }: Version,
): Promise<PageIds> {
  // The slim rows have no date: lists by date (upcoming events) read the publications themselves.
  const dated =
    criteria.order === 'soonest' || criteria.startsFrom !== undefined || criteria.startsBefore !== undefined;
  const table = dated ? ('publications as p' as 'publication_search_rows as p') : listTable(dialect);
  const query = db.selectFrom(table).where(filtersOf(criteria, dialect === 'sqlite' && !dated));
  const ordered =
    criteria.order === 'soonest'
      ? db
          .selectFrom('publications as p')
          .where(filtersOf(criteria))
          .select('p.id')
          .orderBy('p.calendared_at', 'asc')
          .orderBy('p.id', 'asc')
      : query.select('p.id').orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
  const [rows, total] = await Promise.all([
    ordered.limit(criteria.limit).offset(criteria.offset).execute(),
    criteria.count === false
      ? -1
      : memory.counts.get(
          version,
          countKey(criteria, []),
          async () => (await countFromGroups(db, criteria)) ?? countRows(query.select('p.id')),
        ),
  ]);
  return { ids: rows.map((row) => row.id), total: total === -1 ? rows.length : total };
}

/**
 * A text search: relevance, then newest first. SQLite reads the slim search rows and, when the count is not known
 * yet, counts in the same pass (a window count; a separate count is needed only past the last page). PostgreSQL
 * must visit the matching publications to rank them, while its count can skip them: the page and the count run
 * side by side.
 */
async function searchPage(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria,
  groups: SearchGroups,
  { memory, version }: Version,
): Promise<PageIds> {
  const rank = textRank(dialect, groups);
  const key = countKey(criteria, groups);
  // Both tables have the filter and order columns the query reads (the slim rows' date is looked up).
  const query = db
    .selectFrom(listTable(dialect))
    .where((eb) => eb.and([filtersOf(criteria, dialect === 'sqlite'), textMatch(dialect, groups)]));
  const page = query
    .select('p.id')
    .orderBy(rank, 'desc')
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(criteria.limit)
    .offset(criteria.offset);
  const count = () => countRows(query.select('p.id'));

  if (criteria.count === false) {
    const found = await page.execute();
    return { ids: found.map((row) => row.id), total: found.length };
  }
  const known = memory.counts.peek(version, key);
  if (dialect === 'postgres' || known !== undefined) {
    const [rows, total] = await Promise.all([
      page.execute(),
      known ?? memory.counts.get(version, key, count),
    ]);
    return { ids: rows.map((row) => row.id), total };
  }

  const rows = await page.select(sql<string | number>`count(*) over ()`.as('total')).execute();
  const first = rows[0];
  const total = first !== undefined ? toCount(first.total) : criteria.offset === 0 ? 0 : await count();
  memory.counts.set(version, key, Promise.resolve(total));
  return { ids: rows.map((row) => row.id), total };
}

/**
 * One page of publications matching the criteria, and how many match. Without words: newest first (created_at,
 * then id, both descending). With words: ranked by relevance (title, then labels, then description only), then
 * newest first; when nothing matches, the same search with its misspelled words corrected.
 */
export async function listPublications(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria,
  memory: ListMemory,
  options: {
    /** The list's version the caller read before anything it computes from this answer (read here when not given). */
    version?: number | undefined;
    /** Where the list's own queries run (the database's reader: off the event loop on SQLite); `db` by default. */
    reader?: DB | undefined;
  } = {},
): Promise<ListResult> {
  // First the version, on the main connection, then anything computed under it (see list-versions.ts): the reader
  // sees every write committed before the version was read, like another process would.
  const at: Version = { memory, version: options.version ?? (await readPublicationsVersion(db)) };
  const reads = options.reader ?? db;
  const { words } = criteria;
  if (words.length === 0) {
    const page = await listPage(reads, dialect, criteria, at);
    return loadPage(reads, page.ids, page.total);
  }
  const exact = await searchPage(
    reads,
    dialect,
    criteria,
    words.map((word) => [word]),
    at,
  );
  if (exact.total > 0) return loadPage(reads, exact.ids, exact.total);
  const corrected = await memory.corrections.get(at.version, words.join(' '), () =>
    correctSpelling(reads, dialect, words),
  );
  if (corrected === null) return loadPage(reads, [], 0);
  const found = await searchPage(reads, dialect, criteria, corrected, at);
  return loadPage(reads, found.ids, found.total);
}
