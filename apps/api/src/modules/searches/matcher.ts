import { isInBox, normalizeSearchTerms, PUBLISHED_STATUS } from '@eco/domain';
import type { DB, Dialect } from '../../db/schema.ts';
import { matchingCriteria, type MatchCriteria } from '../publications/list-repository.ts';
import { CORRECTABLE_MIN_LENGTH, correctSpellings } from '../publications/spelling.ts';
import { matchesGroups, passesSearchFilters, prefixOfTokens, type PublicationRow } from './match-rules.ts';
import { bboxOf } from './repository.ts';

// Which saved searches a published publication matches (decision 041). The searches are first narrowed in SQL by
// what can only exclude (listening, not the author's own, not already matched, the category and the place either
// unset or the publication's); the rest is decided in memory on the publication's one row with the rules of explore's
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

/** The publication's matches; none when it is not public (unpublished, or its author is suspended). */
export async function matchPublication(
  db: DB,
  dialect: Dialect,
  publicationId: string,
  options: { byListQuery?: boolean } = {},
): Promise<MatchedPublication | null> {
  const publication = await db
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
    .where('p.id', '=', publicationId)
    .executeTakeFirst();
  if (publication === undefined) return null;
  const base = { id: publication.id, title: publication.title, authorId: publication.created_by };
  if (publication.status !== PUBLISHED_STATUS || publication.is_active !== 1) return { ...base, matches: [] };

  const candidates = await db
    .selectFrom('saved_searches as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.user_id',
      's.name',
      's.term',
      's.typed',
      's.country',
      's.province',
      's.city',
      's.labels',
      's.digest',
      's.bbox_min_lng',
      's.bbox_min_lat',
      's.bbox_max_lng',
      's.bbox_max_lat',
    ])
    .where('s.alert', '=', 1)
    .where('s.user_id', '<>', publication.created_by)
    .where('u.is_active', '=', 1)
    .where((eb) => eb.or([eb('s.typed', 'is', null), eb('s.typed', '=', publication.typed)]))
    .where((eb) =>
      publication.location_country === null
        ? eb('s.country', 'is', null)
        : eb.or([eb('s.country', 'is', null), eb('s.country', '=', publication.location_country)]),
    )
    .where((eb) =>
      publication.location_province === null
        ? eb('s.province', 'is', null)
        : eb.or([eb('s.province', 'is', null), eb('s.province', '=', publication.location_province)]),
    )
    .where((eb) =>
      publication.location_city === null
        ? eb('s.city', 'is', null)
        : eb.or([eb('s.city', 'is', null), eb('s.city', '=', publication.location_city)]),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('saved_search_hits as h')
            .select('h.search_id')
            .whereRef('h.search_id', '=', 's.id')
            .where('h.publication_id', '=', publication.id),
        ),
      ),
    )
    .execute();

  // The point everyone sees: a search's map area that does not hold it cannot match (the domain's isInBox, the
  // same closed box as the list's place condition), nor can any area when there is none.
  const seen =
    publication.public_lat === null || publication.public_lng === null
      ? null
      : { lat: publication.public_lat, lng: publication.public_lng };
  // Many searches share their criteria ("frascos" in Córdoba): each distinct one is decided once. The criteria are
  // worked out once per distinct stored row of them (tens of thousands of candidates, a few thousand distinct).
  const distinct = new Map<string, { criteria: MatchCriteria; searches: typeof candidates }>();
  const keyOfStored = new Map<string, string | null>();
  // Stemmed once per distinct term: the stored rows share a few thousand terms.
  const termWords = new Map<string, string[]>();
  for (const search of candidates) {
    const stored = JSON.stringify([
      search.term,
      search.typed,
      search.country,
      search.province,
      search.city,
      search.labels,
      search.bbox_min_lng,
      search.bbox_min_lat,
      search.bbox_max_lng,
      search.bbox_max_lat,
    ]);
    let key = keyOfStored.get(stored);
    if (key === undefined) {
      const bbox = bboxOf(search);
      if (bbox !== null && (seen === null || !isInBox(seen, bbox))) key = null;
      else {
        const criteria: MatchCriteria = {
          bbox: bbox ?? undefined,
          words: wordsOf(termWords, search.term ?? ''),
          typed: search.typed ?? undefined,
          country: search.country ?? undefined,
          province: search.province ?? undefined,
          city: search.city ?? undefined,
          labels: JSON.parse(search.labels) as string[],
        };
        key = JSON.stringify(criteria);
        if (!distinct.has(key)) distinct.set(key, { criteria, searches: [] });
      }
      keyOfStored.set(stored, key);
    }
    if (key !== null) distinct.get(key)?.searches.push(search);
  }
  const entries = [...distinct.values()];
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
    : await matchingInMemory(db, dialect, row, criteria);
  const matches = [...matched].flatMap((index) =>
    (entries[index]?.searches ?? []).map((search) => ({
      searchId: search.id,
      userId: search.user_id,
      name: search.name,
      digest: search.digest === 1,
    })),
  );
  return { ...base, matches };
}

/** The search words of a term (normalizeSearchTerms), remembered in `known`. */
function wordsOf(known: Map<string, string[]>, term: string): string[] {
  let words = known.get(term);
  if (words === undefined) {
    words = normalizeSearchTerms(term);
    known.set(term, words);
  }
  return words;
}

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
): Promise<Set<number>> {
  const prefixes = prefixOfTokens(row.tokens);
  const matched = new Set<number>();
  const misspelled: { index: number; words: readonly string[] }[] = [];
  for (const [index, one] of criteria.entries()) {
    if (!passesSearchFilters(dialect, row, one)) continue;
    if (one.words.every(prefixes)) matched.add(index);
    // Short words are never corrected: a search whose absent words are all short cannot match.
    else if (one.words.some((word) => !prefixes(word) && word.length >= CORRECTABLE_MIN_LENGTH)) {
      misspelled.push({ index, words: one.words });
    }
  }
  if (misspelled.length === 0) return matched;
  const corrections = await correctSpellings(
    db,
    dialect,
    misspelled.map((entry) => entry.words),
  );
  for (const { index, words } of misspelled) {
    const groups = corrections.get(words.join(' '));
    if (groups !== undefined && groups !== null && matchesGroups(groups, prefixes)) matched.add(index);
  }
  return matched;
}
