import { parseIsoDay } from '@eco/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agendaCriteriaOf } from '../src/modules/publications/agenda-criteria.ts';
import { dateConditions } from '../src/modules/publications/date-criteria.ts';
import { filtersOf } from '../src/modules/publications/list-repository.ts';
import { explainPlan, planScans } from './helpers/postgres-plans.ts';
import { createActors, storePublication } from './helpers/publications.ts';
import { sqlitePlanLines } from './helpers/sqlite-plans.ts';
import { agendaListCriteria } from './helpers/agenda-criteria.ts';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.ts';

// PostgreSQL answers the agenda's counts and pages from its indexes alone (migrations 0032, 0034): every column they
// name is a column of the index. The planner is told to take an index if it can (a few test rows would be read whole
// anyway); an index scan that must visit the table for a column would show as a plain "Index Scan".

/** December 2030 as the month view asks it. */
const DECEMBER = { from: parseIsoDay('2030-12-01')!, to: parseIsoDay('2030-12-31')! };

/** The agenda's first page of 20 for `query` (explore's parameters) as the list asks it, on 11 December 2030. */
const pageCriteria = (query: Parameters<typeof agendaListCriteria>[0]) =>
  agendaListCriteria(query, new Date('2030-12-11T15:00:00Z'));

/** Córdoba city, for the lists of one city (migration 0036). */
const CITY = { country: 'arg', province: 'cordoba', city: 'cba-city' } as const;

describe.runIf(testDialect === 'postgres')('the agenda on PostgreSQL', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp();
    const actors = await createActors(subject.database.db);
    for (let day = 1; day <= 20; day++) {
      await storePublication(subject.database.db, {
        typed: day % 2 === 0 ? 'events' : 'courses',
        title: `Taller ${day}`,
        calendaredAt: `2030-12-${String(day).padStart(2, '0')}T13:00:00.000Z`,
        ...(day % 3 === 0
          ? { calendaredUntil: `2030-12-${String(day + 2).padStart(2, '0')}T13:00:00.000Z` }
          : {}),
        country: 'arg',
        createdBy: actors.author.id,
        createdAt: '2030-11-01T10:00:00.000Z',
      });
    }
  });

  afterAll(async () => {
    await subject.dispose();
  });

  function planOf(query: { compile: () => { sql: string; parameters: readonly unknown[] } }) {
    return explainPlan(subject.database.db, query.compile(), { preferIndexes: true });
  }

  it.each([
    ['upcoming', { typed: 'events' }],
    ['upcoming in a province', { typed: 'courses', country: 'arg', province: 'cordoba' }],
    ['this weekend', { typed: 'events', when: 'weekend' }],
    ['past', { typed: 'events', past: true }],
    // Migration 0034: the labels too.
    ['with a material', { typed: 'events', labels: ['Vidrios', 'Plásticos'] }],
    [
      'of a month with a material',
      { typed: 'courses', labels: ['Vidrios'], from: DECEMBER.from, to: DECEMBER.to },
    ],
  ] as const)('counts and pages the %s list from an index alone', async (_name, query) => {
    const { db } = subject.database;
    const criteria = pageCriteria(query);
    const count = db
      .selectFrom('publications as p')
      .where(filtersOf(criteria, false, true, 'postgres'))
      .select((eb) => eb.fn.countAll().as('count'));
    const page = db
      .selectFrom('publications as p')
      .where(filtersOf(criteria, false, true, 'postgres'))
      .select('p.id')
      .orderBy(
        criteria.order === 'latest-ended'
          ? sql`coalesce(p.calendared_until, p.calendared_at)`
          : sql`p.calendared_at`,
      )
      .limit(20);
    for (const query of [count, page]) {
      const read = planScans(await planOf(query)).filter((node) =>
        node['Index Name']?.startsWith('publications_agenda'),
      );
      expect(read.length, JSON.stringify(await planOf(query))).toBeGreaterThan(0);
      expect(read.map((node) => node['Node Type'])).toEqual(read.map(() => 'Index Only Scan'));
    }
  });

  it.each([
    ['upcoming', { typed: 'events' }],
    ['of a month', { typed: 'courses', from: DECEMBER.from, to: DECEMBER.to }],
    ['with a material', { typed: 'events', labels: ['Vidrios'] }],
  ] as const)(
    "pages a city's %s list in date order from the place index alone, unsorted (migration 0036)",
    async (_name, query) => {
      const { db } = subject.database;
      const criteria = pageCriteria({ ...query, ...CITY });
      const page = db
        .selectFrom('publications as p')
        .where(filtersOf(criteria, false, true, 'postgres'))
        .select('p.id')
        .orderBy('p.calendared_at')
        .orderBy('p.id')
        .limit(20);
      const plan = await planOf(page);
      const read = planScans(plan).filter((node) => node['Index Name']?.startsWith('publications_agenda'));
      expect(
        read.map((node) => [node['Node Type'], node['Index Name']]),
        JSON.stringify(plan),
      ).toEqual([['Index Only Scan', 'publications_agenda_place_idx']]);
      expect(JSON.stringify(plan)).not.toContain('"Sort"');
    },
  );

  it("looks a text search's matches up for their dates from an index alone (migration 0035)", async () => {
    const { db } = subject.database;
    const criteria = agendaCriteriaOf({ typed: 'events', when: 'weekend' }, new Date('2030-12-11T15:00:00Z'));
    const dates = sql.join(dateConditions(criteria, 'p'), sql` and `);
    // As postgresDatedSearch asks it: the bitmaps' matches by `seq`, their dates checked.
    const lookup = sql`select count(*) from publications as p
      where p.seq = any(((select ${[1, 2, 3]}::bigint[]))::bigint[]) and ${dates}`;
    const plan = await planOf({ compile: () => lookup.compile(db) });
    const read = planScans(plan).filter((node) => node['Index Name'] === 'publications_dated_seq_idx');
    expect(
      read.map((node) => node['Node Type']),
      JSON.stringify(plan),
    ).toEqual(['Index Only Scan']);
  });
});

// SQLite takes a covering agenda index for a date-ordered list with a material (migration 0034): without the labels in
// it, no index covered such a query and the planner took one that looks every row up. A city's list reads the index
// that leads with the place (migration 0036).
describe.runIf(testDialect === 'sqlite')('the agenda with a material on SQLite', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp();
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it.each([
    ['upcoming', { typed: 'events', labels: ['Vidrios'] }],
    [
      'in a province',
      { typed: 'events', country: 'arg', province: 'mendoza', labels: ['Vidrios', 'Papel/Cartón'] },
    ],
    ['of a month', { typed: 'courses', labels: ['Vidrios'], from: DECEMBER.from, to: DECEMBER.to }],
    ['past', { typed: 'events', labels: ['Vidrios'], past: true }],
  ] as const)('reads the %s list with a material from a covering index', async (_name, query) => {
    const { db } = subject.database;
    const criteria = pageCriteria(query);
    const page = db
      .selectFrom('publications as p')
      .where(filtersOf(criteria, false, true, 'sqlite'))
      .select(['p.id', 'p.calendared_at', 'p.calendared_until', 'p.location_country'])
      .orderBy('p.calendared_at')
      .limit(20)
      .compile();
    const plan = await sqlitePlanLines(db, page);
    expect(plan.join('\n')).toMatch(/COVERING INDEX publications_agenda_(start|end)_idx/);
  });

  it.each([
    ['upcoming', { typed: 'events' }],
    ['of a month', { typed: 'courses', from: DECEMBER.from, to: DECEMBER.to }],
    ['with a material', { typed: 'events', labels: ['Vidrios'] }],
  ] as const)(
    "reads a city's %s list in date order from the place index, unsorted (migration 0036)",
    async (_name, query) => {
      const { db } = subject.database;
      const criteria = pageCriteria({ ...query, ...CITY });
      const page = db
        .selectFrom('publications as p')
        .where(filtersOf(criteria, false, true, 'sqlite'))
        .select('p.id')
        .orderBy('p.calendared_at')
        .orderBy('p.id')
        .limit(20)
        .compile();
      const plan = (await sqlitePlanLines(db, page)).join('\n');
      expect(plan).toMatch(/COVERING INDEX publications_agenda_place_idx/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    },
  );
});
