import {
  CATEGORY_KEYS,
  cities,
  countries,
  findCity,
  findProvince,
  foldText,
  MATERIAL_LABELS,
  provinces,
  singularize,
  SPANISH_STOP_WORDS,
  type CategoryKey,
  type MaterialLabel,
} from '@eco/domain';
import {
  CATEGORY_PRIORITY,
  CATEGORY_WORDS,
  FILLER_WORDS,
  MATERIAL_WORDS,
  PLACE_ALIASES,
  type PlaceAlias,
} from './lexicon.ts';
import { TOPICS, type Topic } from './topics.ts';

// The entity recogniser: which categories, materials and places a question names, in the words people type
// (no accents, plurals, abbreviations, a typo), and which of its words are left for the text search.

/** A place of the catalog: a country, and maybe a province of it, and maybe a city of that province. */
export type Place = { country: string; province?: string | undefined; city?: string | undefined };

export type Entities = {
  categories: CategoryKey[];
  /** The category the question is about, when it names any (CATEGORY_PRIORITY). */
  category: CategoryKey | undefined;
  materials: MaterialLabel[];
  /** The words that named the materials, folded: searched as text in categories without material labels. */
  materialWords: string[];
  /** The words that named the catch-all label 'Otros' ('aceite de cocina', 'palets'): always searched as text. */
  catchAllWords: string[];
  place: Place | undefined;
  /** Words that are none of the above nor filler: what the text search looks for. */
  words: string[];
  /** An everyday thing no material label names ('heladera', 'pilas', 'yerba'); its words stay in `words`. */
  topic: Topic | undefined;
  /** The question asks for what costs nothing ('gratis'). */
  free: boolean;
};

type Entry =
  | { type: 'category'; key: CategoryKey }
  | { type: 'material'; label: MaterialLabel }
  | { type: 'place'; place: PlaceAlias }
  | { type: 'filler' };

/** A word as the lexicon knows it: folded and singular, without a final e ('clases' and 'clase' are 'clas'). */
export function stem(word: string): string {
  return singularize(word).replace(/(?<=..)e$/, '');
}

const TOPIC_BY_STEM = new Map(
  TOPICS.flatMap((topic) => topic.words.map((word) => [stem(word), topic] as const)),
);

/** The topic a folded word names, if any ('heladeras' → appliances). */
export function topicOf(word: string): Topic | undefined {
  return TOPIC_BY_STEM.get(stem(word));
}

/** The folded words of a text, in order. */
export function tokensOf(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const MAX_PHRASE_WORDS = 5;

/** Words that ask for what costs nothing. */
const FREE_WORDS = new Set([
  'gratis',
  'gratuito',
  'gratuita',
  'gratuitos',
  'gratuitas',
  'regalado',
  'regalados',
]);

/** Every phrase of the lexicon and the catalog, by its stemmed words joined with spaces. */
const LEXICON = new Map<string, Entry>();
/** Single words of five letters or more: the ones a typo is forgiven on. */
const FUZZY_WORDS: { word: string; entry: Entry }[] = [];

function add(phrase: string, entry: Entry): void {
  const key = tokensOf(phrase).map(stem).join(' ');
  if (key !== '' && !LEXICON.has(key)) LEXICON.set(key, entry);
}

// Places first: a city's name is a place even where it is also a word ('bello', 'merlo').
for (const [alias, place] of Object.entries(PLACE_ALIASES)) add(alias, { type: 'place', place });
for (const { name, key } of countries)
  add(name, { type: 'place', place: { kind: 'country', key } as PlaceAlias });
for (const { name, key } of provinces) add(name, { type: 'place', place: { kind: 'province', key } });
for (const { name, key } of cities) add(name, { type: 'place', place: { kind: 'city', key } });
for (const label of MATERIAL_LABELS) {
  for (const word of MATERIAL_WORDS[label]) add(word, { type: 'material', label });
}
for (const key of CATEGORY_KEYS) for (const word of CATEGORY_WORDS[key]) add(word, { type: 'category', key });
for (const word of FILLER_WORDS) add(word, { type: 'filler' });
for (const [key, entry] of LEXICON) {
  if (!key.includes(' ') && key.length >= 5 && entry.type !== 'filler')
    FUZZY_WORDS.push({ word: key, entry });
}

/** Optimal string alignment distance, stopping early past `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previousPrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (previousPrevious[j - 2] ?? 0) + 1);
      }
      current[j] = value;
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previousPrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** The lexicon entry a misspelled word stands for: one edit for words of 5 to 9 letters, two from 10. */
function fuzzyEntry(word: string): Entry | undefined {
  if (word.length < 5 || /\d/.test(word)) return undefined;
  const limit = word.length >= 10 ? 2 : 1;
  let found: Entry | undefined;
  let bestDistance = limit + 1;
  for (const candidate of FUZZY_WORDS) {
    const distance = editDistance(word, candidate.word, limit);
    if (distance < bestDistance) {
      bestDistance = distance;
      found = candidate.entry;
    }
  }
  return found;
}

function placeOf(alias: PlaceAlias): Place {
  if (alias.kind === 'country') return { country: alias.key };
  if (alias.kind === 'province') {
    return { country: findProvince(alias.key)?.countryKey ?? '', province: alias.key };
  }
  const city = findCity(alias.key);
  return { country: city?.countryKey ?? '', province: city?.provinceKey, city: alias.key };
}

/** The narrower of two places when one lies inside the other ('en cordoba, en rio cuarto'); else the first. */
function combine(current: Place | undefined, next: Place): Place {
  if (current === undefined) return next;
  const inside = (inner: Place, outer: Place) =>
    inner.country === outer.country &&
    (outer.province === undefined || inner.province === outer.province) &&
    (outer.city === undefined || inner.city === outer.city);
  if (inside(next, current)) return next;
  return current;
}

/** Recognises the entities of a question; `skip` are words already read as something else (a time). */
export function recogniseEntities(text: string, skip: ReadonlySet<string> = new Set()): Entities {
  const tokens = tokensOf(text);
  const stems = tokens.map(stem);
  const categories = new Set<CategoryKey>();
  const materials = new Set<MaterialLabel>();
  const materialWords: string[] = [];
  const catchAllWords: string[] = [];
  const words: string[] = [];
  let place: Place | undefined;
  let topic: Topic | undefined;

  const apply = (entry: Entry, typed: string) => {
    if (entry.type === 'category') categories.add(entry.key);
    else if (entry.type === 'material') {
      materials.add(entry.label);
      materialWords.push(typed);
      if (entry.label === 'Otros') catchAllWords.push(typed);
    } else if (entry.type === 'place') place = combine(place, placeOf(entry.place));
  };

  for (let index = 0; index < tokens.length;) {
    let matched = 0;
    for (let length = Math.min(MAX_PHRASE_WORDS, tokens.length - index); length >= 1; length--) {
      const entry = LEXICON.get(stems.slice(index, index + length).join(' '));
      if (entry === undefined) continue;
      apply(entry, tokens.slice(index, index + length).join(' '));
      matched = length;
      break;
    }
    if (matched > 0) {
      index += matched;
      continue;
    }
    const token = tokens[index] ?? '';
    index += 1;
    if (token.length < 2 || SPANISH_STOP_WORDS.has(token) || skip.has(token) || /^\d+$/.test(token)) continue;
    const topicOfWord = topicOf(token);
    if (topicOfWord !== undefined) {
      topic ??= topicOfWord;
      words.push(token);
      continue;
    }
    const entry = fuzzyEntry(token);
    if (entry !== undefined) apply(entry, token);
    else words.push(token);
  }

  const categoryList = CATEGORY_PRIORITY.filter((key) => categories.has(key));
  return {
    categories: categoryList,
    category: categoryList[0],
    materials: MATERIAL_LABELS.filter((label) => materials.has(label)),
    materialWords,
    catchAllWords,
    place,
    words,
    topic,
    free: tokens.some((token) => FREE_WORDS.has(token)),
  };
}
