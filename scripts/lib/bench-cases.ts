import type { Dialect } from '../../apps/api/src/db/schema.ts';
import { agendaCases } from './bench-agenda.ts';
import { feedCases } from './bench-feeds.ts';
import { assistantCases } from './bench-assistant.ts';
import { createListMix, LIST_KINDS, mixKindsOf } from './bench-mix.ts';
import type { LoadRequest } from './load-test.ts';

// The cases of `npm run bench:api`. A case is a named sequence of requests replayed against the production
// server; its ceiling is the bare server answering the bytes of a typical answer of the same group. A feature
// adds its cases with a provider of its own (a module under scripts/lib/) appended to CASE_PROVIDERS.

/**
 * Which ceiling a case is measured against: JSON answers, pages, or calendar feeds (tens of kilobytes of gzip each,
 * whose bytes cost the load generator more than a list's: autocannon decodes every answer's body as text).
 */
export type CaseGroup = 'api' | 'page' | 'feed';

export type BenchCase = {
  name: string;
  group: CaseGroup;
  /** Replayed in order, over and over, by all connections together. */
  requests: LoadRequest[];
};

export type CaseContext = {
  url: string;
  dialect: Dialect;
  rows: number;
  /** `Authorization` header of a super user of the bench database. */
  superUserHeaders: Record<string, string>;
  superUserId: string;
  /** Published publications of the bench database but tips (their detail path redirects), newest first. */
  publicationIds: string[];
};

export type CaseProvider = (context: CaseContext) => Promise<BenchCase[]> | BenchCase[];

/** What a phone's browser sends with every request: the answers it accepts compressed. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/** Length of the replayed sequence of the list mix: the popular requests repeat, most of the others appear. */
const MIX_LENGTH = 20_000;
export const MIX_SEED = 2026;
/** The kinds of request the mix draws (BENCH_MIX_KINDS; all by default). */
const MIX_KINDS = mixKindsOf(process.env.BENCH_MIX_KINDS);

/**
 * GET /api/publications: the whole mix first (`mix`), on a server that has answered nothing yet, then one case per
 * kind of request of the mix.
 */
const asked = (path: string) => ({ path, headers: BROWSER_HEADERS });

/** The realistic mix of GET /api/publications as the `mix` case asks it (bench:reminders asks it too). */
export function listMixRequests(): LoadRequest[] {
  return createListMix(MIX_SEED, undefined, MIX_KINDS)
    .sequence(MIX_LENGTH)
    .map(({ path }) => asked(path));
}

export const listCases: CaseProvider = () => {
  const mix = createListMix(MIX_SEED, undefined, MIX_KINDS);
  const sequence = mix.sequence(MIX_LENGTH);
  const byKind = LIST_KINDS.map((kind) => ({
    name: `list: ${kind}`,
    group: 'api' as const,
    requests: sequence.filter((request) => request.kind === kind).map(({ path }) => asked(path)),
  }));
  return [
    { name: 'mix', group: 'api', requests: listMixRequests() },
    ...byKind.filter((item) => item.requests.length > 0),
  ];
};

/** The server-rendered pages a guest asks for most. */
export const pageCases: CaseProvider = ({ publicationIds }) => [
  { name: 'page: home', group: 'page', requests: [{ path: '/', headers: BROWSER_HEADERS }] },
  {
    name: 'page: explore',
    group: 'page',
    requests: ['market', 'dots', 'events', 'barter', 'courses'].map((what) => ({
      path: `/publications?what=${what}`,
      headers: BROWSER_HEADERS,
    })),
  },
  {
    name: 'page: detail',
    group: 'page',
    requests: publicationIds.map((id) => ({ path: `/publications/${id}`, headers: BROWSER_HEADERS })),
  },
  { name: 'page: about', group: 'page', requests: [{ path: '/about', headers: BROWSER_HEADERS }] },
];

export const CASE_PROVIDERS: CaseProvider[] = [listCases, pageCases, assistantCases, agendaCases, feedCases];
