import { cities, MATERIAL_LABELS } from '@eco/domain';
import { BROWSER_HEADERS, type BenchCase, type CaseProvider } from './bench-cases.ts';
import { seededRandom, zipfDraw } from './bench-mix.ts';
import { TOPICS } from './bench-vocabulary.ts';

// The calendar feeds' cases of `npm run bench:api` (issue 25, decision 037): GET /api/calendar.ics by explore's
// filters (full answers, without the ETag a polling calendar app sends back: the worst case), and the month
// view's GET /api/publications/days; seeded, distinct requests asked with a Zipf-like popularity, like the agenda's.

const FEEDS_SEED = 3725;
const DISTINCT = 300;
const LENGTH = 6_000;

export const FEED_KINDS = ['feeds', 'month days'] as const;
type FeedKind = (typeof FEED_KINDS)[number];

function feedRequests(kind: FeedKind, seed: number): string[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const chance = (share: number) => random() < share;

  function request(): string {
    const params: [string, string][] = [];
    if (kind === 'month days' || chance(0.85)) params.push(['typed', chance(0.6) ? 'events' : 'courses']);
    if (chance(0.8)) {
      const city = pick(cities);
      const depth = random();
      params.push(['country', city.countryKey]);
      if (depth > 0.3) params.push(['province', city.provinceKey]);
      if (depth > 0.7) params.push(['city', city.key]);
    }
    if (chance(0.1)) params.push(['labels', pick(MATERIAL_LABELS)]);
    if (kind === 'feeds') {
      if (chance(0.1)) params.push(['term', pick(TOPICS).split(' ')[0] ?? 'taller']);
      return `/api/calendar.ics?${new URLSearchParams(params).toString()}`;
    }
    // This month or one of the next three, as people page through the month view.
    const month = new Date();
    month.setUTCDate(1);
    month.setUTCMonth(month.getUTCMonth() + Math.floor(random() * 4));
    const first = month.toISOString().slice(0, 10);
    const last = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0))
      .toISOString()
      .slice(0, 10);
    if (chance(0.5)) params.push(['from', first], ['to', last]);
    return `/api/publications/days?${new URLSearchParams(params).toString()}`;
  }

  const distinct = new Set<string>();
  for (let tries = 0; distinct.size < DISTINCT && tries < DISTINCT * 20; tries += 1) distinct.add(request());
  const popular = zipfDraw([...distinct]);
  return Array.from({ length: LENGTH }, () => popular(random));
}

export const feedCases: CaseProvider = (): BenchCase[] =>
  FEED_KINDS.map((kind, index) => ({
    name: `calendar: ${kind}`,
    group: kind === 'feeds' ? 'feed' : 'api',
    requests: feedRequests(kind, FEEDS_SEED + index).map((path) => ({ path, headers: BROWSER_HEADERS })),
  }));
