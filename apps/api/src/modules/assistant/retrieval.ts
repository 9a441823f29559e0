import {
  distanceKm,
  formatNear,
  foldText,
  normalizeSearchTerms,
  searchStem,
  searchTextOf,
  type CategoryKey,
  type MaterialLabel,
  type Point,
} from '@eco/domain';
import type { DB, Dialect } from '../../db/schema.ts';
import type { MediaStorage } from '../media/storage.ts';
import { toPublicationJson } from '../publications/mapper.ts';
import { createListMemory, listPublications, type ListCriteria } from '../publications/list-repository.ts';
import type { PublicationWithAuthor } from '../publications/repository.ts';
import type { PublicationJson } from '../publications/schemas.ts';
import { topicOf, type Place } from './entities.ts';
import { holdsEvery, PREFIX_MIN_STEM } from './relevance.ts';
import { NEIGHBOURING_PROVINCES } from './lexicon.ts';
import type { TimeRange } from './time-expressions.ts';
import type { Topic } from './topics.ts';

// Answers come from the real publication search (the one behind /publications): the same filters, ranking,
// accent-free plurals and misspelling fallback. When the search as asked finds nothing, it is widened step by step
// and the reply says which step found something.

/** Cards shown in one answer. */
export const ASSISTANT_CARDS = 4;

/** Categories whose publications carry material labels; in the others a material is searched as text. */
const LABELLED: readonly (CategoryKey | undefined)[] = ['dots', 'barter', undefined];
/** Categories of dated publications: only those still to come are offered. */
const DATED: readonly CategoryKey[] = ['events', 'courses'];
/** The catch-all label: 'aceite' and 'palets' share it, so it is searched by the words that named it. */
const CATCH_ALL: MaterialLabel = 'Otros';
/** Types whose publications carry no labels: where a material is only ever named in the text. */
const UNLABELLED: readonly string[] = ['market', 'events', 'courses', 'tips'];
/** Rows read when only the free ones are kept (the filter runs on the page, not in the query). */
const FREE_PAGE = 40;
/** What can be had for free: a recycling point or a tip has no price, but nobody gives it away. */
const GIVEN: readonly string[] = ['barter', 'market', 'events', 'courses'];
/** Words tried one by one when all of them together find nothing (the longest first). */
const SINGLE_WORDS = 2;

export type SearchRequest = {
  category: CategoryKey | undefined;
  materials: MaterialLabel[];
  materialWords: string[];
  /** The words that named the catch-all label (CATCH_ALL), searched as text. */
  catchAllWords: string[];
  words: string[];
  place: Place | undefined;
  time: TimeRange | null;
  topic?: Topic | undefined;
  /** The question is about getting rid of something ('qué hago con…', 'dónde tiro…'). */
  disposal?: boolean | undefined;
  /** Only what costs nothing: no price or price 0, materials first. */
  free?: boolean | undefined;
  /** Stems the question asks to be without ('sin plástico'). */
  negated?: ReadonlySet<string> | undefined;
  /** The materials searched as words instead of labels. */
  materialsAsText?: boolean | undefined;
  /** "Cerca de mí": nearest first from this point (the visitor's, or their city's center), with distances. */
  near?: Point | undefined;
};

/** What a step of the search kept of the request. */
export type SearchStep = {
  place: Place | undefined;
  /** The searched words kept (all of them, one of them, or none). */
  words: string[];
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
  /** Found by looking for what helps with the request's topic (its alternatives), not for the topic itself. */
  alternative?: boolean | undefined;
};

/** The places to try, the asked one first: its province, the neighbouring provinces, the country; never abroad. */
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
  return places;
}

function labelsOf(request: SearchRequest): string[] {
  if (request.materialsAsText === true || !LABELLED.includes(request.category)) return [];
  return request.materials.filter((label) => label !== CATCH_ALL);
}

function termOf(request: SearchRequest, words: readonly string[]): string {
  const labelled = LABELLED.includes(request.category) && request.materialsAsText !== true;
  return [...words, ...(labelled ? request.catchAllWords : request.materialWords)].join(' ');
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
  if (request.near !== undefined) {
    params.set('near', formatNear(request.near));
  }
  for (const label of labelsOf(request)) params.append('labels', label);
  const search = params.toString();
  return search === '' ? '/publications' : `/publications?${search}`;
}

/** A variant of the request: which words, in which category, whole words only, materials searched as text. */
type Variant = { words: string[]; category: CategoryKey | undefined; whole?: boolean; asText?: boolean };

/** The variants to try in order: as asked, in any category, word by word, by label alone. */
function variantsOf(request: SearchRequest): Variant[] {
  const { words, topic } = request;
  // Getting rid of an old fridge: a place that takes it, then what helps (repairs), never a text that names it.
  const disposing = topic !== undefined && request.disposal === true;
  const category = disposing ? (request.category ?? 'dots') : request.category;
  // A recycling point that takes 'compu' says so in those words, not in 'computadora' of something else.
  const variants: Variant[] = [{ words, category, whole: disposing }];
  // 'ropa de segunda mano': the material as words too, where no label reaches (clothes for sale).
  if (category === undefined && labelsOf(request).length > 0)
    variants.push({ words, category, asText: true });
  if (words.length > 0 && !disposing) {
    if (category !== undefined) variants.push({ words, category: undefined });
    // Word by word ('cursos virtuales de huerta' → 'huerta'), the topic's own words first, then the longest; not
    // a word whose stem is short enough to be another word's ('mesas' and 'meses' are both 'mes').
    const single = words
      .filter((word) => searchStem(foldText(word)).length >= PREFIX_MIN_STEM)
      .sort((a, b) => Number(topicOf(b) === topic) - Number(topicOf(a) === topic) || b.length - a.length);
    if (words.length > 1)
      for (const word of single.slice(0, SINGLE_WORDS)) variants.push({ words: [word], category });
  }
  // Without the words only while a label still filters: anything else would match nothing that was asked.
  if (words.length > 0 && (labelsOf(request).length > 0 || request.catchAllWords.length > 0))
    variants.push({ words: [], category });
  return variants;
}

export function createRetrieval(deps: { db: DB; reader?: DB; dialect: Dialect; storage: MediaStorage }) {
  // The assistant's own memory of spelling corrections, exact under the list's version like the explore list's.
  const memory = createListMemory(deps.db);

  async function run(
    request: SearchRequest,
    step: SearchStep,
    now: Date,
    holding: {
      whole?: boolean | undefined;
      title?: boolean | undefined;
      types?: readonly CategoryKey[];
    } = {},
  ) {
    const dated =
      (request.category !== undefined && DATED.includes(request.category)) ||
      (request.category === undefined && request.time !== null);
    const words = normalizeSearchTerms(termOf(request, step.words));
    const criteria: ListCriteria = {
      status: 'published',
      typed: request.category,
      country: step.place?.country,
      province: step.place?.province,
      city: step.place?.city,
      labels: labelsOf(request),
      words,
      startsFrom: dated ? (step.time?.from ?? now).toISOString() : undefined,
      startsBefore: dated ? step.time?.until.toISOString() : undefined,
      order: dated ? 'soonest' : 'newest',
      near: request.near,
      count: false,
      offset: 0,
      limit: request.free === true ? FREE_PAGE : ASSISTANT_CARDS + 1,
    };
    const result = await listPublications(deps.db, deps.dialect, criteria, memory, { reader: deps.reader });
    let rows = result.rows;
    if (request.free === true) {
      rows = rows.filter((row) => GIVEN.includes(row.typed) && (row.price === null || row.price === 0));
      // Giveaways first: 'gratis' means what someone gives away before what merely has no price.
      if (request.category === undefined)
        rows = [
          ...rows.filter((row) => row.typed === 'barter'),
          ...rows.filter((row) => row.typed !== 'barter'),
        ];
    }
    const types = request.materialsAsText === true ? UNLABELLED : holding.types;
    if (types !== undefined) rows = rows.filter((row) => types.some((type) => type === row.typed));
    // What holds none of the words is left out. When nothing holds them even loosely, the search corrected a
    // misspelling and its answer stands; never for a topic's own words, which are spelled as the topic knows them.
    const relevant = rows.filter((row) => holdsEvery(row, words, { ...holding, negated: request.negated }));
    const corrected = () => !rows.some((row) => holdsEvery(row, words, { loose: true }));
    if (relevant.length > 0 || request.topic !== undefined || !corrected()) rows = relevant;
    return { rows, files: result.files };
  }

  return {
    /** The publications for a request, widening it until something relevant is found. */
    async search(request: SearchRequest, now: Date): Promise<SearchOutcome> {
      const variants = variantsOf(request);
      const timeOptions = request.time !== null ? [request.time, null] : [null];
      let last: SearchStep = { place: request.place, words: request.words, time: request.time };
      let lastRequest = request;
      const outcome = (
        found: { rows: PublicationWithAuthor[]; files: Map<string, string[]> },
        step: SearchStep,
        varied: SearchRequest,
        extra: { exact: boolean; alternative?: boolean },
      ): SearchOutcome => ({
        publications: found.rows.slice(0, ASSISTANT_CARDS).map((row) => {
          const json = toPublicationJson(deps.storage, row, found.files.get(row.id) ?? []);
          // Measured to the point others see, as the list does.
          if (request.near !== undefined && row.public_lat !== null && row.public_lng !== null) {
            json.distanceKm =
              Math.round(distanceKm(request.near, { lat: row.public_lat, lng: row.public_lng }) * 1000) /
              1000;
          }
          return json;
        }),
        total: found.rows.length,
        more: found.rows.length > ASSISTANT_CARDS,
        step,
        category: varied.category,
        searchUrl: searchUrlOf(varied, step),
        ...extra,
      });
      for (const variant of variants) {
        const varied: SearchRequest = {
          ...request,
          category: variant.category,
          materialsAsText: variant.asText,
        };
        // The place before the date: next week's fair in the asked city beats this weekend's one far away.
        for (const place of widerPlaces(request.place)) {
          for (const time of timeOptions) {
            const step: SearchStep = { place, words: variant.words, time };
            const found = await run(varied, step, now, { whole: variant.whole });
            last = step;
            lastRequest = varied;
            if (found.rows.length === 0) continue;
            const exact = variant === variants[0] && place === request.place && time === request.time;
            return outcome(found, step, varied, { exact });
          }
        }
      }
      // What helps with the topic, all of it together, nearest first.
      const alternatives = request.topic?.alternatives ?? [];
      if (alternatives.length > 0) {
        const varied: SearchRequest = { ...request, category: undefined, materials: [], catchAllWords: [] };
        for (const place of widerPlaces(request.place)) {
          for (const time of timeOptions) {
            const rows = new Map<string, PublicationWithAuthor>();
            const files = new Map<string, string[]>();
            for (const alternative of alternatives) {
              const found = await run(varied, { place, words: [alternative.search], time }, now, alternative);
              for (const row of found.rows) rows.set(row.id, row);
              for (const [id, names] of found.files) files.set(id, names);
            }
            if (rows.size === 0) continue;
            const step: SearchStep = { place, words: [alternatives[0]?.search ?? ''], time };
            return outcome({ rows: [...rows.values()], files }, step, varied, {
              exact: false,
              alternative: true,
            });
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
