import { setImmediate } from 'node:timers/promises';
import { normalizeSearchTerms } from '@eco/domain';
import { sql } from 'kysely';
import { readListVersion, VersionedCache } from '../../db/list-versions.ts';
import type { DB, Dialect } from '../../db/schema.ts';
import type { MatchCriteria } from '../publications/list-repository.ts';
import { bboxOf } from './repository.ts';

// The saved searches that may match the publications of one category and place (their candidates), grouped by their
// stored criteria (decision 041). Reading and carrying them was most of a claim's work on the thread that answers
// requests: at 100,000 searches, a grouping query of ~230 ms on SQLite's reader thread, then 40–70 ms on the main
// thread taking its answer over (3.7 MB of ids) and its collection, for every claim of the alerts' queue. They change
// only when a search or a member's suspension does, which raises the saved searches' own version (migration 0046):
// each process keeps a place's candidates at that version, read before them (decision 065).

/**
 * Criteria worked out or decided between two turns of the event loop: the matching runs as a job in a process that
 * answers requests, and 19,000 criteria in one piece held them for ~80 ms (issue 27); a turn is a few milliseconds.
 */
export const TURN = 250;

/** The list_versions row of the saved searches (migration 0046). */
export const SAVED_SEARCHES_LIST = 'saved_searches';

/**
 * Distinct criteria of the searches that may match a place and category, and the ids of the searches of each,
 * joined by commas (ids are UUIDs: a comma never occurs in one), split only for the criteria that matched.
 */
export type Candidates = readonly { readonly criteria: MatchCriteria; readonly ids: string }[];

/** Where the candidates are narrowed: the category and place of a publication. */
export type CandidatesPlace = {
  typed: string;
  location_country: string | null;
  location_province: string | null;
  location_city: string | null;
};

/**
 * Places whose candidates a process keeps, and their bytes (as bytesOf estimates them): those of one place at
 * 100,000 searches take a few MB, so the few places a burst of publications shares stay, and a site's many places
 * take turns.
 */
const PLACES_KEPT = 64;
const CANDIDATES_BYTES = 32 * 1024 * 1024;

/** Each database's candidates by place (a test or a second process in one has its own database). */
const caches = new WeakMap<DB, VersionedCache<Candidates>>();

/**
 * A place's candidates' bytes, roughly: each criteria's ids (one byte a character: V8 keeps them as one-byte strings)
 * and a few hundred bytes for its objects and words. Walking them with estimatedBytes took 38 ms of the main thread at
 * 100,000 searches.
 */
function bytesOf(candidates: Candidates): number {
  let bytes = 64;
  for (const { criteria, ids } of candidates) bytes += 256 + ids.length + 48 * criteria.words.length;
  return bytes;
}

function cacheOf(db: DB): VersionedCache<Candidates> {
  let cache = caches.get(db);
  if (cache === undefined) {
    cache = new VersionedCache<Candidates>(
      PLACES_KEPT,
      CANDIDATES_BYTES,
      undefined,
      'saved-search-candidates',
      bytesOf,
    );
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The candidates of the category and place of `place`, kept while the saved searches' version (read on `db`, the
 * writing connection, before them) stays; read on `reads` when they must be read again.
 */
export async function candidatesOfPlace(
  db: DB,
  reads: DB,
  dialect: Dialect,
  place: CandidatesPlace,
): Promise<Candidates> {
  const version = await readListVersion(db, SAVED_SEARCHES_LIST);
  const key = JSON.stringify([
    place.typed,
    place.location_country,
    place.location_province,
    place.location_city,
  ]);
  return cacheOf(db).get(version, key, async () => ({ value: await candidatesOf(reads, dialect, place) }));
}

/** A saved search's stored criteria: what its candidates are grouped by. */
const CRITERIA_COLUMNS = [
  's.term',
  's.typed',
  's.country',
  's.province',
  's.city',
  's.labels',
  's.bbox_min_lng',
  's.bbox_min_lat',
  's.bbox_max_lng',
  's.bbox_max_lat',
] as const;

/**
 * The searches that may match publications of the category and place, grouped by their stored criteria in the
 * database (tens of thousands of searches share a few thousand criteria, each group's ids as one string), narrowed
 * by what can only exclude: alert on, owner active, category and place unset or equal. Whose publication it is and
 * what already matched it are asked per publication (matcher.ts).
 */
async function candidatesOf(db: DB, dialect: Dialect, place: CandidatesPlace): Promise<Candidates> {
  const groups = await db
    .selectFrom('saved_searches as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      ...CRITERIA_COLUMNS,
      (dialect === 'postgres' ? sql<string>`string_agg(s.id, ',')` : sql<string>`group_concat(s.id, ',')`).as(
        'ids',
      ),
    ])
    .where('s.alert', '=', 1)
    .where('u.is_active', '=', 1)
    .where((eb) => eb.or([eb('s.typed', 'is', null), eb('s.typed', '=', place.typed)]))
    .where((eb) =>
      place.location_country === null
        ? eb('s.country', 'is', null)
        : eb.or([eb('s.country', 'is', null), eb('s.country', '=', place.location_country)]),
    )
    .where((eb) =>
      place.location_province === null
        ? eb('s.province', 'is', null)
        : eb.or([eb('s.province', 'is', null), eb('s.province', '=', place.location_province)]),
    )
    .where((eb) =>
      place.location_city === null
        ? eb('s.city', 'is', null)
        : eb.or([eb('s.city', 'is', null), eb('s.city', '=', place.location_city)]),
    )
    .groupBy([...CRITERIA_COLUMNS])
    .execute();
  // Stored criteria that mean the same (a term spelled two ways) are decided once.
  const distinct = new Map<string, { criteria: MatchCriteria; ids: string }>();
  for (const [index, group] of groups.entries()) {
    if (index % TURN === TURN - 1) await setImmediate();
    const bbox = bboxOf(group);
    const criteria: MatchCriteria = {
      bbox: bbox ?? undefined,
      words: wordsOf(group.term ?? ''),
      typed: group.typed ?? undefined,
      country: group.country ?? undefined,
      province: group.province ?? undefined,
      city: group.city ?? undefined,
      labels: JSON.parse(group.labels) as string[],
    };
    const key = JSON.stringify(criteria);
    const entry = distinct.get(key);
    if (entry === undefined) distinct.set(key, { criteria, ids: group.ids });
    else entry.ids = `${entry.ids},${group.ids}`;
  }
  return [...distinct.values()];
}

/**
 * The search words of each stored term, remembered across places and versions (stemming is a pure function of the
 * text, and most of a read was stemming the same few thousand terms again); emptied when full.
 */
const wordsOfTerm = new Map<string, string[]>();
const TERMS_REMEMBERED = 50_000;

/** The search words of a stored term (normalizeSearchTerms). */
function wordsOf(term: string): string[] {
  let words = wordsOfTerm.get(term);
  if (words === undefined) {
    words = normalizeSearchTerms(term);
    if (wordsOfTerm.size >= TERMS_REMEMBERED) wordsOfTerm.clear();
    wordsOfTerm.set(term, words);
  }
  return words;
}
