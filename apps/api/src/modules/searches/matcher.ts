import { setImmediate } from 'node:timers/promises';
import { isInBox, PUBLISHED_STATUS } from '@eco/domain';
import { sql, type SqlBool } from 'kysely';
import type { DB, Dialect } from '../../db/schema.ts';
import { matchingCriteria, type MatchCriteria } from '../publications/list-repository.ts';
import type { SearchGroups } from '../publications/search-sql.ts';
import { CORRECTABLE_MIN_LENGTH, correctSpellings } from '../publications/spelling.ts';
import { matchesGroups, passesSearchFilters, prefixOfTokens, type PublicationRow } from './match-rules.ts';
import { candidatesOfPlace, TURN, type Candidates } from './candidates.ts';

// Which saved searches a published publication matches (decision 041). The searches are first narrowed in SQL by
// what can only exclude (listening, owner active, the category and the place either unset or the publication's), and
// grouped by their criteria; the author's own and those already matched are left out when the matched ones are read.
// The rest is decided in memory on the publication's one row with the rules of explore's
// list query (match-rules.ts): the same filters, tokens, stems and misspelling fallback as GET /api/publications.
// Only the corrections of words no known word starts with are asked of the database, as explore asks them
// (spelling.ts). `byListQuery` asks explore's list query itself instead (matchingCriteria, a query per criteria):
// the reference the tests and the bench compare with. A search's map area (`bbox`) is explore's place filter on the
// point everyone sees (publications/place-sql.ts), never the exact one; "Cerca de mí" (`near`) only orders and
// `open=now` is a moment, so neither changes what matches (decision 041).

export type SearchMatch = { searchId: string; userId: string; name: string; digest: boolean };

export type MatchedPublication = {
  id: string;
  title: string;
  authorId: string;
  matches: SearchMatch[];
};

export type MatchOptions = {
  /** Matched by the list's own query instead of in memory (the tests' reference). */
  byListQuery?: boolean;
  /**
   * Where the saved searches are read (the candidates, their owners): SQLite's reader threads, when the matching runs
   * on the main thread, whose one connection would hold the event loop for the candidates' grouping (a quarter of a
   * second for a category and place at 100,000 searches: decision 055). Committed rows, as the main connection's.
   */
  reads?: DB;
};

/** The publication's matches; none when it is not public (unpublished, or its author is suspended). */
export async function matchPublication(
  db: DB,
  dialect: Dialect,
  publicationId: string,
  options: MatchOptions = {},
): Promise<MatchedPublication | null> {
  return (await matchPublications(db, dialect, [publicationId], options)).get(publicationId) ?? null;
}

type PublicationToMatch = {
  id: string;
  title: string;
  created_by: string;
  status: number;
  typed: string;
  location_country: string | null;
  location_province: string | null;
  location_city: string | null;
  public_lat: number | null;
  public_lng: number | null;
  labels: string;
  title_stems: string;
  labels_stems: string;
  description_stems: string;
  is_active: number;
};

/**
 * The matches of each publication (absent: no such publication). The publications of one category and place share
 * their candidate searches, read and worked out once for all of them: a queue's claim holds the publications of the
 * last seconds, and at 100,000 searches the candidates of one were ~60 % of its matching (issue 27). The corrections
 * of misspelled words (of the vocabulary, not of a publication) are looked up once for all of them too.
 */
export async function matchPublications(
  db: DB,
  dialect: Dialect,
  publicationIds: readonly string[],
  options: MatchOptions = {},
): Promise<Map<string, MatchedPublication>> {
  const answers = new Map<string, MatchedPublication>();
  if (publicationIds.length === 0) return answers;
  const publications: PublicationToMatch[] = await db
    .selectFrom('publications as p')
    .innerJoin('users as author', 'author.id', 'p.created_by')
    .select([
      'p.id',
      'p.title',
      'p.created_by',
      'p.status',
      'p.typed',
      'p.location_country',
      'p.location_province',
      'p.location_city',
      'p.public_lat',
      'p.public_lng',
      'p.labels',
      'p.title_stems',
      'p.labels_stems',
      'p.description_stems',
      'author.is_active',
    ])
    .where('p.id', 'in', publicationIds)
    .execute();
  const byPlace = new Map<string, PublicationToMatch[]>();
  for (const publication of publications) {
    answers.set(publication.id, {
      id: publication.id,
      title: publication.title,
      authorId: publication.created_by,
      matches: [],
    });
    if (publication.status !== PUBLISHED_STATUS || publication.is_active !== 1) continue;
    const place = JSON.stringify([
      publication.typed,
      publication.location_country,
      publication.location_province,
      publication.location_city,
    ]);
    const same = byPlace.get(place);
    if (same === undefined) byPlace.set(place, [publication]);
    else same.push(publication);
  }
  const corrections: Corrections = new Map();
  for (const group of byPlace.values()) {
    const candidates = await candidatesOfPlace(
      db,
      options.reads ?? db,
      dialect,
      group[0] as PublicationToMatch,
    );
    for (const publication of group) {
      const matched = answers.get(publication.id) as MatchedPublication;
      matched.matches = await matchesOf(db, dialect, publication, candidates, corrections, options);
    }
  }
  return answers;
}

/** One publication's matches among the candidates of its category and place. */
async function matchesOf(
  db: DB,
  dialect: Dialect,
  publication: PublicationToMatch,
  candidates: Candidates,
  corrections: Corrections,
  options: MatchOptions,
): Promise<SearchMatch[]> {
  // The point everyone sees: a search's map area that does not hold it cannot match (the domain's isInBox, the
  // same closed box as the list's place condition), nor can any area when there is none.
  const seen =
    publication.public_lat === null || publication.public_lng === null
      ? null
      : { lat: publication.public_lat, lng: publication.public_lng };
  const entries = candidates.filter(
    ({ criteria: { bbox } }) => bbox === undefined || (seen !== null && isInBox(seen, bbox)),
  );
  const criteria = entries.map((entry) => entry.criteria);
  const row: PublicationRow = {
    typed: publication.typed,
    country: publication.location_country,
    province: publication.location_province,
    city: publication.location_city,
    labels: publication.labels,
    tokens: `${publication.title_stems} ${publication.labels_stems} ${publication.description_stems}`
      .split(' ')
      .filter(Boolean),
    seen,
  };
  const matched = options.byListQuery
    ? await matchingCriteria(db, dialect, publication.id, criteria)
    : await matchingInMemory(db, dialect, row, criteria, corrections);
  const ids = [...matched].flatMap((index) => entries[index]?.ids.split(',') ?? []);
  return searchesOf(options.reads ?? db, dialect, ids, publication);
}

/** Ids read per statement: well under SQLite's limit of bound parameters. */
const IDS_PER_READ = 1_000;

/**
 * The owner, name and e-mail choice of the searches `ids` that are not the author's own and have not matched the
 * publication before (a job run again, a publication published again), oldest search first (the first of a member
 * names the notification). On PostgreSQL the ids go as one array parameter: a thousand bound values cost more to
 * plan than to read.
 */
async function searchesOf(
  db: DB,
  dialect: Dialect,
  ids: readonly string[],
  publication: Pick<PublicationToMatch, 'id' | 'created_by'>,
): Promise<SearchMatch[]> {
  if (ids.length === 0) return [];
  const read = (some: readonly string[]) =>
    db
      .selectFrom('saved_searches as s')
      .select(['s.id', 's.user_id', 's.name', 's.digest', 's.created_at'])
      .where(
        dialect === 'postgres'
          ? sql<SqlBool>`s.id = any(${some}::text[])`
          : sql<SqlBool>`s.id in (${sql.join(some)})`,
      )
      .execute();
  const [found, hits] = await Promise.all([
    dialect === 'postgres'
      ? read(ids)
      : (async () => {
          const rows = [];
          for (let start = 0; start < ids.length; start += IDS_PER_READ) {
            rows.push(...(await read(ids.slice(start, start + IDS_PER_READ))));
          }
          return rows;
        })(),
    // Through its index (migration 0038): none for a publication just published.
    db
      .selectFrom('saved_search_hits')
      .select('search_id')
      .where('publication_id', '=', publication.id)
      .execute(),
  ]);
  const matchedBefore = new Set(hits.map((hit) => hit.search_id));
  const rows = found.filter((row) => row.user_id !== publication.created_by && !matchedBefore.has(row.id));
  rows.sort((a, b) =>
    a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1,
  );
  return rows.map((search) => ({
    searchId: search.id,
    userId: search.user_id,
    name: search.name,
    digest: search.digest === 1,
  }));
}

/** Explore's corrections of misspelled search words (correctSpellings), by the words joined with spaces. */
type Corrections = Map<string, SearchGroups | null>;

/**
 * Which of the criteria list the publication on explore, decided on its row: the filters, then the words. A search
 * whose words all begin a token of the publication matches; one with a word beginning none matches only through
 * explore's misspelling fallback, which corrects the words no known word starts with (none such: explore corrects
 * nothing, and this publication lacks a word); the corrections are looked up for all those searches at once.
 */
async function matchingInMemory(
  db: DB,
  dialect: Dialect,
  row: PublicationRow,
  criteria: readonly MatchCriteria[],
  corrections: Corrections,
): Promise<Set<number>> {
  const prefixes = prefixOfTokens(row.tokens);
  const matched = new Set<number>();
  // Most searches of a place name words the publication lacks: thousands of them go on to the corrections, and
  // going over them takes turns too (in one piece, 10–30 ms on a busy server).
  const misspelled: { index: number; key: string }[] = [];
  const unasked = new Map<string, readonly string[]>();
  for (const [index, one] of criteria.entries()) {
    if (index % TURN === TURN - 1) await setImmediate();
    if (!passesSearchFilters(dialect, row, one)) continue;
    if (one.words.every(prefixes)) matched.add(index);
    // Short words are never corrected: a search whose absent words are all short cannot match.
    else if (one.words.some((word) => !prefixes(word) && word.length >= CORRECTABLE_MIN_LENGTH)) {
      const key = one.words.join(' ');
      misspelled.push({ index, key });
      if (!corrections.has(key)) unasked.set(key, one.words);
    }
  }
  if (misspelled.length === 0) return matched;
  if (unasked.size > 0) {
    const found = await correctSpellings(db, dialect, [...unasked.values()]);
    for (const [words, groups] of found) corrections.set(words, groups);
  }
  for (const [position, { index, key }] of misspelled.entries()) {
    if (position % TURN === TURN - 1) await setImmediate();
    const groups = corrections.get(key);
    if (groups !== undefined && groups !== null && matchesGroups(groups, prefixes)) matched.add(index);
  }
  return matched;
}
