import { parseIsoDay } from '@eco/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byStart, lastingOf } from '../src/modules/publications/date-criteria.ts';
import {
  createListMemory,
  filtersOf,
  listDates,
  listPublications,
  type ListCriteria,
} from '../src/modules/publications/list-repository.ts';
import { createActors, storePublication } from './helpers/publications.ts';
import { agendaListCriteria } from './helpers/agenda-criteria.ts';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.ts';

// A soonest-first agenda is read in three arms by start (date-criteria.ts `byStart`, migration 0039): what started
// earlier than two days before the list's earliest end and is still under way, from the small index of lasting
// publications; what started from then until its latest end bound (the zones' spans differ by two hours), from a range
// of the start index; and what starts later, from a range of the start index without the end's bounds, which it
// passes anyway. These check that the arms together are exactly the one query they replace, page by page and in total,
// for events of every length: none, hours, overnight, across a month's end, a weekend, weeks, and starts from two
// months ago to two months ahead; with the last arm starting at the earliest bound, the ranges without a country fail.

/** Wednesday 11 December 2030, 15:00 UTC. */
const NOW = new Date('2030-12-11T15:00:00Z');
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long the seeded events last: none, hours, overnight, just under and over two days, a weekend, weeks. */
const LENGTHS_MS = [
  null,
  2 * HOUR_MS,
  20 * HOUR_MS,
  47 * HOUR_MS,
  49 * HOUR_MS,
  3 * DAY_MS,
  15 * DAY_MS,
  70 * DAY_MS,
];

/** A small seeded generator, so that a failure names the same events every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Where the queries' ends begin: now, and the first days of their ranges in Buenos Aires and Bogotá. */
const BOUNDS = [
  NOW.toISOString(),
  '2030-12-20T03:00:00.000Z',
  '2030-12-20T05:00:00.000Z',
  '2030-12-30T03:00:00.000Z',
  '2031-01-05T03:00:00.000Z',
  '2031-01-20T05:00:00.000Z',
];

/** The queries checked: every agenda parameter of explore, with and without a country. */
const QUERIES = [
  { typed: 'events' },
  { typed: 'courses', country: 'arg' },
  { typed: 'events', when: 'today' },
  { typed: 'events', when: 'weekend', country: 'col' },
  { typed: 'courses', when: 'week' },
  { typed: 'events', when: 'month' },
  { typed: 'events', from: parseIsoDay('2030-12-20')!, to: parseIsoDay('2030-12-22')! },
  { typed: 'courses', from: parseIsoDay('2031-01-05')!, to: parseIsoDay('2031-01-31')! },
  { typed: 'events', from: parseIsoDay('2030-12-30')!, to: parseIsoDay('2031-01-02')!, country: 'arg' },
  { typed: 'events', from: parseIsoDay('2031-01-20')! },
  { typed: 'events', to: parseIsoDay('2030-12-15')! },
] as const;

describe('the agenda read in three arms by start', () => {
  let subject: TestApp;
  /** Publications that end two days or more after they start, seeded. */
  let lasting = 0;

  beforeAll(async () => {
    subject = await createTestApp();
    const { db } = subject.database;
    const { author } = await createActors(db);
    const random = seeded(2030);
    // Around the month's end too: a start at 31 December 22:00 UTC that ends two hours later is in January.
    const starts = [Date.parse('2030-12-31T22:00:00Z'), Date.parse('2030-11-30T23:30:00Z')];
    for (let index = 0; index < 40; index++) {
      starts.push(NOW.getTime() + Math.round((random() * 120 - 60) * 24 * 60) * 60_000);
    }
    const seeds = starts.map((start, index) => ({
      start,
      length: LENGTHS_MS[index % LENGTHS_MS.length] ?? null,
    }));
    // And at the edges: of every length, one that ends half an hour after a bound the queries ask (now, and a day's
    // start in each zone) and one that ends half an hour before it.
    for (const bound of BOUNDS) {
      for (const length of LENGTHS_MS) {
        for (const side of [1, -1]) {
          seeds.push({ start: Date.parse(bound) - (length ?? 0) + side * 30 * 60_000, length });
        }
      }
    }
    let index = 0;
    for (const { start, length } of seeds) {
      for (const typed of ['events', 'courses']) {
        for (const country of ['arg', 'col', null]) {
          index += 1;
          if (length !== null && length >= 2 * DAY_MS) lasting += 1;
          await storePublication(db, {
            typed,
            title: `Encuentro ${index}`,
            country,
            calendaredAt: iso(start),
            calendaredUntil: length === null ? null : iso(start + length),
            createdBy: author.id,
            createdAt: iso(NOW.getTime() - DAY_MS + index * 60_000),
          });
        }
      }
    }
  });

  afterAll(async () => {
    await subject.dispose();
  });

  /** The criteria of explore's query at NOW, with a page. */
  function criteriaOf(query: (typeof QUERIES)[number], offset: number, limit: number): ListCriteria {
    return agendaListCriteria(query, NOW, { offset, limit });
  }

  /** The one query the arms replace: every match in start order. */
  async function oneQuery(criteria: ListCriteria): Promise<string[]> {
    const rows = await subject.database.db
      .selectFrom('publications as p')
      .where(filtersOf(criteria, false, true, testDialect))
      .select('p.id')
      .orderBy('p.calendared_at')
      .orderBy('p.id')
      .execute();
    return rows.map((row) => row.id);
  }

  it('seeds lasting publications, which the partial index holds', async () => {
    const { db } = subject.database;
    const held = await db
      .selectFrom('publications as p')
      .where(lastingOf('p'))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    // Every one that lasts two days or more, and the 47-hour ones whose dates are two days apart.
    expect(Number(held.n)).toBeGreaterThanOrEqual(lasting);
    expect(lasting).toBeGreaterThan(40);
  });

  it.each(QUERIES.map((query) => [JSON.stringify(query), query] as const))(
    'pages and counts %s exactly as one query does',
    async (_name, query) => {
      const expected = await oneQuery(criteriaOf(query, 0, 1_000));
      expect(byStart(criteriaOf(query, 0, 7))).toBeDefined();
      const pages: string[] = [];
      for (let offset = 0; offset < expected.length + 7; offset += 7) {
        const page = await listPublications(
          subject.database.db,
          testDialect,
          criteriaOf(query, offset, 7),
          createListMemory(),
        );
        expect(page.total).toBe(expected.length);
        pages.push(...page.rows.map((row) => row.id));
      }
      expect(pages).toEqual(expected);
    },
  );

  it("marks a month's days from every arm (the month view)", async () => {
    const query = {
      typed: 'courses',
      from: parseIsoDay('2030-12-01')!,
      to: parseIsoDay('2030-12-31')!,
    } as const;
    const criteria = criteriaOf(query, 0, 1_000);
    const expected = await subject.database.db
      .selectFrom('publications as p')
      .where(filtersOf(criteria, false, true, testDialect))
      .select(['p.calendared_at', 'p.calendared_until'])
      .orderBy('p.calendared_at')
      .orderBy('p.id')
      .execute();
    const dates = await listDates(subject.database.db, testDialect, criteria);
    expect(dates.map((row) => [row.start, row.end])).toEqual(
      expected.map((row) => [row.calendared_at, row.calendared_until]),
    );
    expect(expected.some((row) => row.calendared_at !== null && row.calendared_at < '2030-11-29')).toBe(true);
  });
});
