import { normalizeSearchTerms, searchTextOf, type CategoryKey, type MaterialLabel } from '@eco/domain';
import type { DB, Dialect } from '../../db/schema.ts';
import type { MediaStorage } from '../media/storage.ts';
import { toPublicationJson } from '../publications/mapper.ts';
import { createListMemory, listPublications, type ListCriteria } from '../publications/list-repository.ts';
import type { PublicationJson } from '../publications/schemas.ts';
import type { Place } from './entities.ts';
import { NEIGHBOURING_PROVINCES } from './lexicon.ts';
import type { TimeRange } from './time-expressions.ts';

// Answers come from the real publication search (the one behind /publications): the same filters, ranking,
// accent-free plurals and misspelling fallback. When the search as asked finds nothing, it is widened step by step
// and the reply says which step found something.

/** Cards shown in one answer. */
export const ASSISTANT_CARDS = 4;

/** Categories whose publications carry material labels; in the others a material is searched as text. */
const LABELLED: readonly (CategoryKey | undefined)[] = ['dots', 'barter', undefined];
/** Categories of dated publications: only those still to come are offered. */
const DATED: readonly CategoryKey[] = ['events', 'courses'];

export type SearchRequest = {
  category: CategoryKey | undefined;
  materials: MaterialLabel[];
  materialWords: string[];
  words: string[];
  place: Place | undefined;
  time: TimeRange | null;
};

/** What a step of the search kept of the request. */
export type SearchStep = {
  place: Place | undefined;
  /** The searched words were kept. */
  words: boolean;
  time: TimeRange | null;
};

export type SearchOutcome = {
  publications: PublicationJson[];
  /** How many were found, up to ASSISTANT_CARDS + 1: the answer never counts them all (a count costs a scan). */
  total: number;
  /** More were found than the cards show. */
  more: boolean;
  /** The step that found them (the last one tried when nothing was found). */
  step: SearchStep;
  /** True when that step is the request as asked. */
  exact: boolean;
  /** The category searched by that step: none when the words were looked for in every category. */
  category: CategoryKey | undefined;
  /** The filters of that step as the explore page reads them. */
  searchUrl: string;
};

/** The places to try, the asked one first: its province, the neighbouring provinces, the country, anywhere. */
function widerPlaces(place: Place | undefined): (Place | undefined)[] {
  if (place === undefined) return [undefined];
  const places: (Place | undefined)[] = [place];
  if (place.city !== undefined && place.province !== undefined) {
    places.push({ country: place.country, province: place.province });
  }
  if (place.province !== undefined) {
    for (const province of NEIGHBOURING_PROVINCES[place.province] ?? []) {
      places.push({ country: place.country, province });
    }
    places.push({ country: place.country });
  }
  places.push(undefined);
  return places;
}

function termOf(request: SearchRequest, words: boolean): string {
  const labelled = LABELLED.includes(request.category);
  const text = [...(words ? request.words : []), ...(labelled ? [] : request.materialWords)];
  return text.join(' ');
}

function searchUrlOf(request: SearchRequest, step: SearchStep): string {
  const params = new URLSearchParams();
  if (request.category !== undefined) params.set('what', request.category);
  const term = searchTextOf(termOf(request, step.words));
  if (term !== '') params.set('term', term);
  if (step.place !== undefined) {
    params.set('country', step.place.country);
    if (step.place.province !== undefined) params.set('province', step.place.province);
    if (step.place.city !== undefined) params.set('city', step.place.city);
  }
  if (LABELLED.includes(request.category))
    for (const label of request.materials) params.append('labels', label);
  const search = params.toString();
  return search === '' ? '/publications' : `/publications?${search}`;
}

export function createRetrieval(deps: { db: DB; reader?: DB; dialect: Dialect; storage: MediaStorage }) {
  // The assistant's own memory of spelling corrections, exact under the list's version like the explore list's.
  const memory = createListMemory(deps.db);

  async function run(request: SearchRequest, step: SearchStep, now: Date) {
    const dated =
      (request.category !== undefined && DATED.includes(request.category)) ||
      (request.category === undefined && request.time !== null);
    const criteria: ListCriteria = {
      status: 'published',
      typed: request.category,
      country: step.place?.country,
      province: step.place?.province,
      city: step.place?.city,
      labels: LABELLED.includes(request.category) ? request.materials : [],
      words: normalizeSearchTerms(termOf(request, step.words)),
      startsFrom: dated ? (step.time?.from ?? now).toISOString() : undefined,
      startsBefore: dated ? step.time?.until.toISOString() : undefined,
      order: dated ? 'soonest' : 'newest',
      count: false,
      offset: 0,
      limit: ASSISTANT_CARDS + 1,
    };
    return listPublications(deps.db, deps.dialect, criteria, memory, { reader: deps.reader });
  }

  return {
    /** The publications for a request, widening it until something is found (at most a dozen searches). */
    async search(request: SearchRequest, now: Date): Promise<SearchOutcome> {
      // The words first, in the category and then in any; the category without the words last.
      const variants: { words: boolean; category: CategoryKey | undefined }[] = [
        { words: request.words.length > 0, category: request.category },
      ];
      if (request.words.length > 0) {
        if (request.category !== undefined) variants.push({ words: true, category: undefined });
        variants.push({ words: false, category: request.category });
      }
      const timeOptions = request.time !== null ? [request.time, null] : [null];
      let last: SearchStep = { place: request.place, words: variants[0]?.words ?? false, time: request.time };
      let lastRequest = request;
      for (const variant of variants) {
        const varied: SearchRequest = { ...request, category: variant.category };
        for (const time of timeOptions) {
          for (const place of widerPlaces(request.place)) {
            const step: SearchStep = { place, words: variant.words, time };
            const result = await run(varied, step, now);
            last = step;
            lastRequest = varied;
            if (result.total === 0) continue;
            return {
              publications: result.rows
                .slice(0, ASSISTANT_CARDS)
                .map((row) => toPublicationJson(deps.storage, row, result.files.get(row.id) ?? [])),
              total: result.total,
              more: result.total > ASSISTANT_CARDS,
              step,
              exact: variant === variants[0] && place === request.place && time === request.time,
              category: variant.category,
              searchUrl: searchUrlOf(varied, step),
            };
          }
        }
      }
      return {
        publications: [],
        total: 0,
        more: false,
        step: last,
        exact: false,
        category: request.category,
        searchUrl: searchUrlOf(lastRequest, last),
      };
    },
  };
}

export type Retrieval = ReturnType<typeof createRetrieval>;
