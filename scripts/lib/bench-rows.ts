import { cities, type CategoryKey, type City, type MaterialLabel } from '@eco/domain';
import type { NewPublication, NewPublicationFile, NewUser } from '../../apps/api/src/db/schema.ts';
import { searchStemsOf } from '../../apps/api/src/modules/publications/search-stems.ts';
import { DEVELOPMENT_SECRET_KEY } from '../../apps/api/src/config.ts';
import {
  approximationKey,
  openingRangeRows,
  placeColumnsOf,
} from '../../apps/api/src/modules/publications/place-columns.ts';
import { cityCenter, type OpeningRange } from '@eco/domain';
import {
  FIRST_NAMES,
  LAST_NAMES,
  MATERIALS,
  PRODUCTS,
  QUALITIES,
  SENTENCES,
  STREETS,
  TITLES,
  TOPICS,
} from './bench-vocabulary.ts';
import { seededRandom } from './seeded-random.ts';

const DAY_MS = 86_400_000;
const TITLE_MAX = 75;

/** Share of each category among the rows, in percent. */
const CATEGORY_WEIGHTS: readonly (readonly [CategoryKey, number])[] = [
  ['dots', 22],
  ['events', 16],
  ['courses', 10],
  ['market', 26],
  ['barter', 24],
  ['tips', 2],
];
const PUBLISHED_SHARE = 0.95;
const SECOND_IMAGE_SHARE = 0.3;

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Cuts at the last word that fits, like a person shortening a title to the form's limit. */
function fitTitle(title: string): string {
  if (title.length <= TITLE_MAX) return title;
  return title.slice(0, TITLE_MAX + 1).replace(/\s+\S*$/, '');
}

export type PublicationWithFiles = {
  publication: NewPublication;
  files: NewPublicationFile[];
  /** A recycling point's open stretches (migration 0024). */
  openingRanges?: { publication_id: string; opens_at: number; closes_at: number }[];
};

/** The bench server's key (it runs without SECRET_KEY): barter and market homes are moved as the API moves them. */
const BENCH_PLACE_KEY = approximationKey(DEVELOPMENT_SECRET_KEY);

const WEEKDAYS = [1, 2, 3, 4, 5];
/** Recycling points' usual weeks: weekdays, with Saturday morning, every day, split shifts on half hours. */
const BENCH_WEEKS: readonly OpeningRange[][] = [
  WEEKDAYS.map((day) => ({ day, opens: '09:00', closes: '18:00' }) as OpeningRange),
  [
    ...WEEKDAYS.map((day) => ({ day, opens: '08:00', closes: '16:00' }) as OpeningRange),
    { day: 6, opens: '09:00', closes: '13:00' },
  ],
  [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '08:00', closes: '20:00' }) as OpeningRange),
  // Split shifts and half hours, as many points keep: an open=now answer holds between two boundaries (decision 062),
  // so the bench's must be as dense as a real city's.
  [
    ...WEEKDAYS.flatMap((day) => [
      { day, opens: '08:30', closes: '12:30' } as OpeningRange,
      { day, opens: '14:30', closes: '18:30' } as OpeningRange,
    ]),
    { day: 6, opens: '09:30', closes: '12:30' },
  ],
  [...WEEKDAYS, 6].map((day) => ({ day, opens: '10:00', closes: '19:30' }) as OpeningRange),
  [
    ...WEEKDAYS.flatMap((day) => [
      { day, opens: '07:30', closes: '11:00' } as OpeningRange,
      { day, opens: '15:30', closes: '20:30' } as OpeningRange,
    ]),
  ],
];

/**
 * A point within 12 km of the city's center, spread by the golden angle over the rows: derived from the row's number,
 * with no draw of the seeded generator (the rest of the rows stay as they were).
 */
function benchPoint(city: City, made: number) {
  const center = cityCenter(city.key);
  if (center === null) return null;
  const angle = made * 2.399963;
  const km = 12 * Math.sqrt(((made * 7919) % 10_007) / 10_007);
  return {
    lat: Math.round((center.lat + (km * Math.cos(angle)) / 111.2) * 1e6) / 1e6,
    lng:
      Math.round(
        (center.lng + (km * Math.sin(angle)) / (111.2 * Math.cos((center.lat * Math.PI) / 180))) * 1e6,
      ) / 1e6,
  };
}

/** How far back the generated publications go. */
const HISTORY_DAYS = 730;

/**
 * Makes benchmark users and publications from the vocabulary, deterministically for a given seed. Publications are
 * dated in the order they are made, as a site's are added, spread over the last two years: `publications` of them
 * (1,000,000 by default) fill the two years.
 */
export function createRowFactory(seed: number, now = new Date(), publications = 1_000_000) {
  const random = seededRandom(seed);
  const integer = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const chance = (share: number) => random() < share;
  /** `count` distinct items, in random order (a partial Fisher–Yates shuffle). */
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const copy = [...items];
    for (let index = 0; index < Math.min(count, copy.length); index += 1) {
      const other = integer(index, copy.length - 1);
      [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
    }
    return copy.slice(0, count);
  };
  const totalWeight = CATEGORY_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  const category = (): CategoryKey => {
    let left = random() * totalWeight;
    for (const [key, weight] of CATEGORY_WEIGHTS) {
      left -= weight;
      if (left < 0) return key;
    }
    return 'market';
  };
  const iso = (time: number) => new Date(time).toISOString();
  /** A UUID-shaped id from the seeded generator: the same seed fills the same ids on both dialects. */
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
  };

  function fill(template: string, words: Record<string, string>): string {
    return template.replace(/\{(\w+)\}/g, (_, name: string) => words[name] ?? name);
  }

  /** Publications made so far. */
  let made = 0;

  function place(city: City) {
    return {
      location_country: city.countryKey,
      location_province: city.provinceKey,
      location_city: city.key,
    };
  }

  return {
    user(index: number, passwordHash: string): NewUser {
      const city = pick(cities);
      const timestamp = iso(now.getTime() - integer(30, 900) * DAY_MS);
      return {
        id: uuid(),
        email: `autor-${index}@bench.ecoanuncios.local`,
        name: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
        password_hash: passwordHash,
        picture_url: null,
        phone: chance(0.8) ? `549${integer(2_000_000_000, 3_999_999_999)}` : null,
        is_super_user: 0,
        is_active: 1,
        activated_at: timestamp,
        location_address: null,
        ...place(city),
        payment_details: null,
        created_at: timestamp,
        updated_at: timestamp,
      };
    },

    publication(authorIds: readonly string[], imageUrls: readonly string[]): PublicationWithFiles {
      const typed = category();
      const city = pick(cities);
      const [material, label] = pick(MATERIALS);
      const [otherMaterial, otherLabel] = pick(MATERIALS);
      const words = {
        m: material,
        m2: otherMaterial,
        t: pick(TOPICS),
        p: pick(PRODUCTS),
        q: pick(QUALITIES),
        city: city.name,
      };
      const sentences = sample(SENTENCES[typed], 3);
      const labels: MaterialLabel[] =
        typed === 'dots' || typed === 'barter'
          ? [...new Set([label, ...(chance(0.3) ? [otherLabel] : [])])]
          : [];
      const priced = typed === 'market' || typed === 'courses';
      const scheduled = typed === 'events' || typed === 'courses';
      const located = typed === 'dots' || scheduled;
      // Each publication in its own slot of the history, at a random moment of it: later ones are newer.
      const slot = (HISTORY_DAYS * DAY_MS) / publications;
      const createdAt = iso(now.getTime() - HISTORY_DAYS * DAY_MS + Math.floor((made + random()) * slot));
      made += 1;
      const id = uuid();
      const title = fitTitle(capitalize(fill(pick(TITLES[typed]), words)));
      const description = sentences.map((sentence) => fill(sentence, words)).join(' ');
      const labelsJson = JSON.stringify(labels);
      // Over the past month and the next three (the agenda's lists); a third with an end a few hours later (no
      // random draw of its own: the rest of the rows stay as they were).
      const startsAt = scheduled ? now.getTime() + integer(-30, 90) * DAY_MS : null;
      const endsAt = startsAt !== null && made % 3 === 0 ? startsAt + ((made % 5) + 1) * 3_600_000 : null;
      // Points: every recycling point, event and course; every other barter and market home (shown approximately).
      const point = located || (typed !== 'tips' && made % 2 === 0) ? benchPoint(city, made) : null;
      const hours = typed === 'dots' ? (BENCH_WEEKS[made % BENCH_WEEKS.length] ?? null) : null;
      const placeColumns = placeColumnsOf(
        id,
        {
          typed,
          locationLat: point?.lat ?? null,
          locationLng: point?.lng ?? null,
          locationUrl: null,
          locationExact: null,
          openingHours: hours,
        },
        BENCH_PLACE_KEY,
      );
      const publication: NewPublication = {
        id,
        typed,
        title,
        description,
        calendared_at: startsAt === null ? null : iso(startsAt),
        calendared_until: endsAt === null ? null : iso(endsAt),
        quantity: priced || chance(0.4) ? integer(1, 200) : null,
        price: priced ? integer(0, 1500) * 100 : null,
        discount_rate: priced && chance(0.2) ? integer(1, 6) * 5 : null,
        location_address: located ? `${pick(STREETS)} ${integer(100, 4999)}, ${city.name}` : null,
        location_url: null,
        ...place(city),
        ...placeColumns,
        labels: labelsJson,
        ...searchStemsOf({ title, description, labels: labelsJson }),
        status: chance(PUBLISHED_SHARE) ? 1 : 0,
        created_by: pick(authorIds),
        created_at: createdAt,
        updated_at: createdAt,
      };
      const count = chance(SECOND_IMAGE_SHARE) ? 2 : 1;
      const files = Array.from({ length: count }, (_, position) => ({
        publication_id: id,
        position,
        url: imageUrls[(position + integer(0, imageUrls.length - 1)) % imageUrls.length] as string,
      }));
      return { publication, files, openingRanges: openingRangeRows(id, hours) };
    },
  };
}
