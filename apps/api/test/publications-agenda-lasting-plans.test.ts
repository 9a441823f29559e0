import { randomUUID } from 'node:crypto';
import { parseIsoDay } from '@eco/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byStart, withSpanBounds } from '../src/modules/publications/date-criteria.ts';
import { filtersOf, soonestArm, type ListCriteria } from '../src/modules/publications/list-repository.ts';
import { searchStemsOf } from '../src/modules/publications/search-stems.ts';
import { explainPlan, planScans } from './helpers/postgres-plans.ts';
import { createActors } from './helpers/publications.ts';
import { sqlitePlan } from './helpers/sqlite-plans.ts';
import { agendaListCriteria } from './helpers/agenda-criteria.ts';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.ts';

// The planners' free choice for the agenda's reads (migration 0039), on statistics of a realistic spread: 4,000 events
// and courses of a few hours over the past 40 days and the next 60, and 40 lasting ones (fairs of days, courses of
// weeks). A soonest-first list is read in three arms by start: the lasting ones still under way, from their own small
// index; what started from two days before its earliest end until its latest, and what starts later, each from a range
// of the start index (or of the place index, for a city), the last one without the end's bounds, which it passes
// anyway and which PostgreSQL misjudged (decision 045); a list with spans says their outer bounds outright, so that no
// planner ORs per country.

/** Wednesday 11 December 2030, 15:00 UTC. */
const NOW = new Date('2030-12-11T15:00:00Z');
const DAY_MS = 86_400_000;
const DECEMBER = { from: parseIsoDay('2030-12-01')!, to: parseIsoDay('2030-12-31')! };
const CITY = { country: 'arg', province: 'cordoba', city: 'cba-city' } as const;

const pageCriteria = (query: Parameters<typeof agendaListCriteria>[0]) => agendaListCriteria(query, NOW);

const QUERIES = [
  ['upcoming', { typed: 'events' }, 'start'],
  ['this weekend', { typed: 'events', when: 'weekend' }, 'start'],
  ['of a month with a material', { typed: 'courses', labels: ['Vidrios'], ...DECEMBER }, 'start'],
  ["of a city's month", { typed: 'courses', ...DECEMBER, ...CITY }, 'place'],
] as const;

describe('the agenda in three arms by start, as the planners choose', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp();
    const { db } = subject.database;
    const { author } = await createActors(db);
    const rows = Array.from({ length: 4_040 }, (_, index) => {
      const lasting = index % 101 === 0;
      const start = NOW.getTime() + ((index * 37) % 100) * DAY_MS - 40 * DAY_MS + (index % 24) * 3_600_000;
      const until = start + (lasting ? (3 + (index % 30)) * DAY_MS : 2 * 3_600_000);
      const title = `Encuentro ${index}`;
      const description = 'Sin más detalles por ahora.';
      const labels = JSON.stringify(index % 7 === 0 ? ['Vidrios'] : []);
      const city = index % 5 === 0 ? CITY : { country: 'arg', province: 'mendoza', city: 'mendoza-city' };
      return {
        id: randomUUID(),
        typed: index % 2 === 0 ? 'events' : 'courses',
        title,
        description,
        labels,
        ...searchStemsOf({ title, description, labels }),
        status: 1,
        location_country: city.country,
        location_province: city.province,
        location_city: city.city,
        calendared_at: new Date(start).toISOString(),
        calendared_until: new Date(until).toISOString(),
        created_by: author.id,
        created_at: '2030-11-01T10:00:00.000Z',
        updated_at: '2030-11-01T10:00:00.000Z',
      };
    });
    for (let offset = 0; offset < rows.length; offset += 200) {
      await db
        .insertInto('publications')
        .values(rows.slice(offset, offset + 200))
        .execute();
    }
    // Statistics, and on PostgreSQL the visibility map that lets a scan skip the table, as autovacuum keeps them.
    await (testDialect === 'postgres' ? sql`vacuum analyze publications` : sql`analyze`).execute(db);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  /** An arm's first page, as the list reads it. */
  const armOf = (criteria: ListCriteria | undefined, reach = 20) =>
    soonestArm(subject.database.db, testDialect, criteria as ListCriteria, reach);

  /** A past month's first page, latest end first, the spans' bounds said beside them, as the list asks it. */
  const pastMonthPage = () =>
    subject.database.db
      .selectFrom('publications as p')
      .where(
        filtersOf(
          withSpanBounds(pageCriteria({ typed: 'events', past: true, ...DECEMBER })),
          false,
          true,
          testDialect,
        ),
      )
      .select('p.id')
      .orderBy(sql`coalesce(p.calendared_until, p.calendared_at)`, 'desc')
      .limit(20);

  describe.runIf(testDialect === 'postgres')('on PostgreSQL', () => {
    async function readsOf(query: { compile: () => { sql: string; parameters: readonly unknown[] } }) {
      const plan = await explainPlan(subject.database.db, query.compile());
      return planScans(plan)
        .filter((node) => node['Index Name']?.startsWith('publications_'))
        .map((node) => [node['Node Type'], node['Index Name']]);
    }

    it.each(QUERIES)(
      'reads the %s list in three arms, each from an index alone',
      async (_name, query, index) => {
        const [earlier, recent, later] = byStart(pageCriteria(query)) ?? [];
        // A city's few entries may as well be walked in its place index.
        const lasting = index === 'place' ? ['lasting', 'place'] : ['lasting'];
        const [read, ...others] = await readsOf(armOf(earlier));
        expect(others).toEqual([]);
        expect(read?.[0]).toBe('Index Only Scan');
        expect(lasting.map((name) => `publications_agenda_${name}_idx`)).toContain(read?.[1]);
        for (const arm of [recent, later]) {
          expect(await readsOf(armOf(arm))).toEqual([
            ['Index Only Scan', `publications_agenda_${index}_idx`],
          ]);
        }
        // A deep page (the 15th of 20) too.
        expect(await readsOf(armOf(later, 300))).toEqual([
          ['Index Only Scan', `publications_agenda_${index}_idx`],
        ]);
      },
    );

    it("pages a past month's list from the end index alone", async () => {
      const page = pastMonthPage();
      expect(await readsOf(page)).toEqual([['Index Only Scan', 'publications_agenda_end_idx']]);
    });
  });

  describe.runIf(testDialect === 'sqlite')('on SQLite', () => {
    const planOf = (query: Parameters<typeof sqlitePlan>[1]) => sqlitePlan(subject.database.db, query);

    it.each(QUERIES)(
      'reads the %s list in three arms, each from a covering index',
      async (_name, query, index) => {
        const [earlier, recent, later] = byStart(pageCriteria(query)) ?? [];
        expect(await planOf(armOf(earlier))).toMatch(/COVERING INDEX publications_agenda_lasting_idx/);
        for (const arm of [recent, later, later]) {
          expect(await planOf(armOf(arm))).toMatch(
            new RegExp(`COVERING INDEX publications_agenda_${index}_idx`),
          );
        }
      },
    );

    it("reads a past month's list from the end index", async () => {
      const page = pastMonthPage();
      expect(await planOf(page)).toMatch(/COVERING INDEX publications_agenda_end_idx/);
    });
  });
});
