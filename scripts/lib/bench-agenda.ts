import { AGENDA_WHEN, cities } from '@eco/domain';
import { BROWSER_HEADERS, type BenchCase, type CaseProvider } from './bench-cases.ts';
import { seededRandom, zipfDraw } from './bench-mix.ts';
import { TOPICS } from './bench-vocabulary.ts';

// The agenda's cases of `npm run bench:api` (issue 25, decision 032): GET /api/publications of events and courses,
// drawn like the list mix: seeded, distinct requests asked with a Zipf-like popularity. Upcoming (soonest first),
// the quick periods, ranges of days and past ones, each with places, a few words and pages as people ask them.
// Their answers depend on the clock: they are remembered per minute, so each minute starts them cold again.

const AGENDA_SEED = 2532;
const DISTINCT = 400;
const LENGTH = 6_000;
const DAY_MS = 86_400_000;

export const AGENDA_KINDS = ['upcoming', 'periods', 'ranges', 'past'] as const;
type AgendaKind = (typeof AGENDA_KINDS)[number];

function agendaRequests(kind: AgendaKind, seed: number): string[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const chance = (share: number) => random() < share;
  const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

  function request(): string {
    const params: [string, string][] = [['typed', chance(0.6) ? 'events' : 'courses']];
    if (chance(0.6)) {
      const city = pick(cities);
      const depth = random();
      params.push(['country', city.countryKey]);
      if (depth > 0.3) params.push(['province', city.provinceKey]);
      if (depth > 0.7) params.push(['city', city.key]);
    }
    if (chance(0.15)) params.push(['term', pick(TOPICS).split(' ')[0] ?? 'taller']);
    switch (kind) {
      case 'upcoming':
        break;
      case 'periods':
        params.push(['when', pick(AGENDA_WHEN)]);
        break;
      case 'ranges': {
        const from = Math.floor(random() * 60);
        params.push(['from', day(from)], ['to', day(from + 1 + Math.floor(random() * 14))]);
        break;
      }
      case 'past':
        params.push(['past', '1']);
        if (chance(0.3)) params.push(['when', 'month']);
        break;
    }
    const page = chance(0.75) ? 1 : 2 + Math.floor(random() * 4);
    if (page > 1) params.push(['page', String(page)]);
    return `/api/publications?${new URLSearchParams(params).toString()}`;
  }

  const distinct = new Set<string>();
  for (let tries = 0; distinct.size < DISTINCT && tries < DISTINCT * 20; tries += 1) distinct.add(request());
  const popular = zipfDraw([...distinct]);
  return Array.from({ length: LENGTH }, () => popular(random));
}

export const agendaCases: CaseProvider = (): BenchCase[] =>
  AGENDA_KINDS.map((kind, index) => ({
    name: `agenda: ${kind}`,
    group: 'api',
    requests: agendaRequests(kind, AGENDA_SEED + index).map((path) => ({ path, headers: BROWSER_HEADERS })),
  }));
