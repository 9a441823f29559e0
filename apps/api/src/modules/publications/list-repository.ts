import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import { PUBLISHED_STATUS, UNPUBLISHED_STATUS } from '@eco/domain';
import { countRows, toCount } from '../../db/count.ts';
import type { DB, Dialect, PublicationsTable } from '../../db/schema.ts';
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

/** Without a text search: newest first, in the order of the list indexes; the count reads an index of its own. */
async function listPage(db: DB, criteria: ListCriteria): Promise<PageIds> {
  const query = db.selectFrom('publications as p').where(filtersOf(criteria));
  const ordered =
    criteria.order === 'soonest'
      ? query.select('p.id').orderBy('p.calendared_at', 'asc').orderBy('p.id', 'asc')
      : query.select('p.id').orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
  const [rows, total] = await Promise.all([
    ordered.limit(criteria.limit).offset(criteria.offset).execute(),
    criteria.count === false ? -1 : countRows(query.select('p.id')),
  ]);
  return { ids: rows.map((row) => row.id), total: total === -1 ? rows.length : total };
}

/**
 * A text search: relevance, then newest first. SQLite reads the slim search rows and counts in the same pass (a
 * window count; a separate count is needed only past the last page). PostgreSQL must visit the matching
 * publications to rank them, while its count can skip them: the page and the count run side by side.
 */
async function searchPage(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria,
  groups: SearchGroups,
): Promise<PageIds> {
  const where = [filtersOf(criteria), textMatch(dialect, groups)];
  const rank = textRank(dialect, groups);

  if (dialect === 'postgres') {
    const query = db.selectFrom('publications as p').where((eb) => eb.and(where));
    const [rows, total] = await Promise.all([
      query
        .select('p.id')
        .orderBy(rank, 'desc')
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(criteria.limit)
        .offset(criteria.offset)
        .execute(),
      criteria.count === false ? -1 : countRows(query.select('p.id')),
    ]);
    return { ids: rows.map((row) => row.id), total: total === -1 ? rows.length : total };
  }

  const query = db
    .selectFrom('publication_search_rows as p')
    .where((eb) => eb.and([filtersOf(criteria, true), textMatch(dialect, groups)]));
  if (criteria.count === false) {
    const found = await query
      .select('p.id')
      .orderBy(rank, 'desc')
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(criteria.limit)
      .offset(criteria.offset)
      .execute();
    return { ids: found.map((row) => row.id), total: found.length };
  }
  const rows = await query
    .select(['p.id', sql<string | number>`count(*) over ()`.as('total')])
    .orderBy(rank, 'desc')
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(criteria.limit)
    .offset(criteria.offset)
    .execute();
  const first = rows[0];
  if (first !== undefined) return { ids: rows.map((row) => row.id), total: toCount(first.total) };
  return { ids: [], total: criteria.offset === 0 ? 0 : await countRows(query.select('p.id')) };
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
): Promise<ListResult> {
  const { words } = criteria;
  if (words.length === 0) {
    const page = await listPage(db, criteria);
    return loadPage(db, page.ids, page.total);
  }
  const exact = await searchPage(
    db,
    dialect,
    criteria,
    words.map((word) => [word]),
  );
  if (exact.total > 0) return loadPage(db, exact.ids, exact.total);
  const corrected = await correctSpelling(db, dialect, words);
  if (corrected === null) return loadPage(db, [], 0);
  const found = await searchPage(db, dialect, criteria, corrected);
  return loadPage(db, found.ids, found.total);
}
