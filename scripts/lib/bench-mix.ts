import { CATEGORY_KEYS, cities, cityCenter, MATERIAL_LABELS } from '@eco/domain';
import { MATERIALS, PRODUCTS, TOPICS } from './bench-vocabulary.ts';
import { seededRandom } from './seeded-random.ts';

export { seededRandom };

// The realistic request mix of GET /api/publications: distinct requests drawn from the vocabulary of the generated
// rows (no filter, each category, a country / province / city, labels, one- and two-word searches typed the way
// people type: accents missing, singular or plural, one misspelling in 20; searches with filters; pages 1 to 50),
// then a sequence of them with a Zipf-like popularity: a few requests are asked very often, most rarely. Seeded:
// every run asks the same sequence.

export const LIST_KINDS = [
  'no filter',
  'category',
  'place',
  'labels',
  'text',
  'text + filters',
  'deep page',
  'near me',
  'map',
] as const;
export type ListKind = (typeof LIST_KINDS)[number];

export type MixRequest = { kind: ListKind; path: string; hasText: boolean };

/**
 * The kinds of the mix before issue 24 added near-me and maps (decision 021's mix): with only these, createListMix
 * asks exactly the requests, in the same sequence, that it asked then (the new kinds draw nothing when not chosen).
 */
export const KINDS_BEFORE_PLACES: readonly ListKind[] = LIST_KINDS.filter(
  (kind) => kind !== 'near me' && kind !== 'map',
);

/** BENCH_MIX_KINDS: `before-places`, or kinds of LIST_KINDS separated by commas; every kind when unset or empty. */
export function mixKindsOf(value: string | undefined): readonly ListKind[] {
  if (value === undefined || value.trim() === '') return LIST_KINDS;
  if (value.trim() === 'before-places') return KINDS_BEFORE_PLACES;
  const kinds = value.split(',').map((kind) => kind.trim());
  const unknown = kinds.filter((kind) => !(LIST_KINDS as readonly string[]).includes(kind));
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_MIX_KINDS takes before-places or kinds of ${LIST_KINDS.join(', ')}; unknown: ${unknown.join(', ')}`,
    );
  }
  return kinds as ListKind[];
}

const ACCENTS: Record<string, string> = { á: 'a', é: 'e', í: 'i', ó: 'o', ú: 'u', ü: 'u' };
const STOP = new Set(['de', 'del', 'la', 'las', 'el', 'los', 'en', 'con', 'y', 'a', 'para', 'sin']);

/** The words people search for: the content words of the materials, topics and products. */
function searchWords(): string[] {
  const phrases = [...MATERIALS.map(([name]) => name), ...TOPICS, ...PRODUCTS];
  const words = phrases.flatMap((phrase) => phrase.toLowerCase().split(/\s+/));
  return [...new Set(words.filter((word) => word.length >= 4 && !STOP.has(word)))];
}

/** Share of the distinct requests of each kind, in percent. */
const KIND_WEIGHTS: Record<ListKind, number> = {
  'no filter': 2,
  category: 8,
  place: 18,
  labels: 10,
  text: 30,
  'text + filters': 20,
  'deep page': 12,
  // Places (issue 24): "cerca de mí" from a point in a catalog city, and map viewports at every zoom.
  'near me': 8,
  map: 12,
};

export function createListMix(seed: number, distinct = 1200, kinds: readonly ListKind[] = LIST_KINDS) {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const chance = (share: number) => random() < share;
  const words = searchWords();

  /** A word as typed: often without accents, singular or plural, one misspelled letter in 20 words. */
  function typed(word: string): string {
    let text = chance(0.6) ? word.replace(/[áéíóúü]/g, (char) => ACCENTS[char] ?? char) : word;
    if (chance(0.3)) text = text.endsWith('s') ? text.slice(0, -1) : `${text}s`;
    if (chance(0.05) && text.length >= 6) {
      const at = 2 + Math.floor(random() * (text.length - 3));
      text = `${text.slice(0, at)}${pick([...'aeiourstlnc'])}${text.slice(at + 1)}`;
    }
    return text;
  }
  const term = () => (chance(0.3) ? `${typed(pick(words))} ${typed(pick(words))}` : typed(pick(words)));
  /** Most visitors stay on the first pages. */
  const shallowPage = () => (chance(0.7) ? 1 : 1 + Math.floor(random() * 4));

  function place(): Record<string, string> {
    const city = pick(cities);
    const depth = random();
    if (depth < 0.25) return { country: city.countryKey };
    if (depth < 0.65) return { country: city.countryKey, province: city.provinceKey };
    return { country: city.countryKey, province: city.provinceKey, city: city.key };
  }
  const labels = () =>
    chance(0.8) ? [pick(MATERIAL_LABELS)] : [pick(MATERIAL_LABELS), pick(MATERIAL_LABELS)];

  function filters(): [string, string][] {
    const entries: [string, string][] = [];
    if (chance(0.6)) entries.push(['typed', pick(CATEGORY_KEYS)]);
    if (chance(0.5)) entries.push(...Object.entries(place()));
    if (chance(0.3)) for (const label of labels()) entries.push(['labels', label]);
    if (entries.length === 0) entries.push(['typed', pick(CATEGORY_KEYS)]);
    return entries;
  }

  /** A point a few kilometres around a random catalog city's center. */
  function aroundCity(km: number): { lat: number; lng: number } {
    const center = cityCenter(pick(cities).key) ?? { lat: -34.6037, lng: -58.3816 };
    const angle = random() * 2 * Math.PI;
    const distance = km * Math.sqrt(random());
    return {
      lat: Number((center.lat + (distance * Math.cos(angle)) / 111.2).toFixed(5)),
      lng: Number(
        (
          center.lng +
          (distance * Math.sin(angle)) / (111.2 * Math.cos((center.lat * Math.PI) / 180))
        ).toFixed(5),
      ),
    };
  }

  /** A phone's viewport (400 × 700 px) at a zoom from the countries (4) to a block (16), over a city or the sea. */
  function viewport(): [string, string][] {
    const zoom = 4 + Math.floor(random() * 13);
    const center = aroundCity(zoom <= 8 ? 300 : 8);
    const degrees = 360 / 2 ** zoom / 256;
    const halfWidth = 200 * degrees;
    const halfHeight = 350 * degrees * Math.cos((center.lat * Math.PI) / 180);
    const bbox = [
      Math.max(-180, center.lng - halfWidth),
      Math.max(-85, center.lat - halfHeight),
      Math.min(180, center.lng + halfWidth),
      Math.min(85, center.lat + halfHeight),
    ].map((value) => value.toFixed(5));
    return [
      ['bbox', bbox.join(',')],
      ['zoom', String(zoom)],
    ];
  }

  /** The filters a map or a near-me list often has: a category, a material, a term, open now. */
  function placeFilters(): [string, string][] {
    const entries: [string, string][] = [];
    const typedKey = chance(0.5) ? pick(CATEGORY_KEYS) : undefined;
    if (typedKey !== undefined) entries.push(['typed', typedKey]);
    if (chance(0.2)) entries.push(['labels', pick(MATERIAL_LABELS)]);
    if (chance(0.2)) entries.push(['term', term()]);
    if (typedKey === 'dots' && chance(0.3)) entries.push(['open', 'now']);
    return entries;
  }

  function request(kind: ListKind): MixRequest {
    if (kind === 'map') {
      const params = [...viewport(), ...placeFilters()];
      return {
        kind,
        path: `/api/publications/map?${new URLSearchParams(params).toString()}`,
        hasText: params.some(([name]) => name === 'term'),
      };
    }
    let params: [string, string][] = [];
    let page = shallowPage();
    switch (kind) {
      case 'no filter':
        page = 1 + Math.floor(random() * 10);
        break;
      case 'category':
        params = [['typed', pick(CATEGORY_KEYS)]];
        break;
      case 'place':
        params = Object.entries(place());
        if (chance(0.4)) params.push(['typed', pick(CATEGORY_KEYS)]);
        break;
      case 'labels':
        params = labels().map((label) => ['labels', label]);
        if (chance(0.3)) params.push(['typed', pick(['dots', 'barter'])]);
        break;
      case 'text':
        params = [['term', term()]];
        break;
      case 'text + filters':
        params = [['term', term()], ...filters()];
        break;
      case 'near me': {
        const here = aroundCity(5);
        params = [['near', `${here.lat},${here.lng}`], ...placeFilters()];
        page = chance(0.8) ? 1 : 2 + Math.floor(random() * 2);
        break;
      }
      case 'deep page':
        page = 10 + Math.floor(random() * 41);
        if (chance(0.5)) params = [['typed', pick(CATEGORY_KEYS)]];
        else if (chance(0.3)) params = [['term', typed(pick(words))]];
        break;
    }
    if (page > 1) params.push(['page', String(page)]);
    const query = new URLSearchParams(params).toString();
    return {
      kind,
      path: `/api/publications${query === '' ? '' : `?${query}`}`,
      hasText: params.some(([name]) => name === 'term'),
    };
  }

  // A kind left out weighs nothing: the draws of the others stay what they are with the full mix's order of kinds.
  const weightOf = (kind: ListKind) => (kinds.includes(kind) ? KIND_WEIGHTS[kind] : 0);
  const totalWeight = LIST_KINDS.reduce((sum, kind) => sum + weightOf(kind), 0);
  function kindOf(): ListKind {
    let left = random() * totalWeight;
    for (const kind of LIST_KINDS) {
      if (weightOf(kind) === 0) continue;
      left -= weightOf(kind);
      if (left < 0) return kind;
    }
    return kinds.at(-1) ?? 'text';
  }

  const requests: MixRequest[] = [];
  const seen = new Set<string>();
  // The first page without filters is the most popular request of all.
  for (const first of [
    ...(kinds.includes('no filter') ? [request('no filter')] : []),
    ...Array.from({ length: distinct * 20 }, () => request(kindOf())),
  ]) {
    if (requests.length >= distinct) break;
    const path = first.kind === 'no filter' && requests.length === 0 ? '/api/publications' : first.path;
    if (seen.has(path)) continue;
    seen.add(path);
    requests.push({ ...first, path });
  }

  // Zipf over the distinct requests in their order of creation, which is random apart from the first.
  const popular = zipfDraw(requests);

  return {
    /** Every distinct request, the most popular first. */
    requests,
    /** `length` requests drawn by popularity, the same for a given seed. */
    sequence(length: number, sequenceSeed = seed + 1): MixRequest[] {
      const draw = seededRandom(sequenceSeed);
      return Array.from({ length }, () => popular(draw));
    },
  };
}

/** A draw of `items` with a Zipf-like popularity (s = 1): the first most often, the n-th 1/n as often. */
export function zipfDraw<T>(items: readonly T[]): (random: () => number) => T {
  const cumulative: number[] = [];
  let sum = 0;
  for (let rank = 0; rank < items.length; rank += 1) cumulative.push((sum += 1 / (rank + 1)));
  return (random) => {
    const target = random() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] as number) < target) low = middle + 1;
      else high = middle;
    }
    return items[low] as T;
  };
}
