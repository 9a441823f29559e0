import { normalizeSearchTerms } from '@eco/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.ts';
import {
  createListMemory,
  listPublications,
  type ListCriteria,
} from '../src/modules/publications/list-repository.ts';
import { seeded } from './helpers/map-cells.ts';
import { explainPlan, planNodes, probesBySeq, withStatementsKept } from './helpers/postgres-plans.ts';
import { createActors, storePublication, type Actors } from './helpers/publications.ts';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.ts';

// A text search with dates (the agenda with a term, "talleres este fin de semana") gives the matches of the same
// search without dates, in the same ranked order, less those outside the dates: SQLite reads the full-text index's
// facets, PostgreSQL the token bitmaps' tiers, and each looks the matches' dates up, tier by tier; the reference here
// is the search without dates.

const day = (offset: number) => new Date(Date.UTC(2026, 10, 1) + offset * 86_400_000).toISOString();
const DATES: Pick<ListCriteria, 'startsFrom' | 'startsBefore' | 'endsFrom' | 'endsBefore' | 'spans'>[] = [
  { endsFrom: day(20) },
  { endsBefore: day(20) },
  { startsFrom: day(10), startsBefore: day(30) },
  {
    spans: [
      { countries: ['arg'], from: day(5), until: day(12) },
      { otherThan: ['arg'], from: day(6), until: day(13) },
    ],
  },
];
const FILTERS: Pick<ListCriteria, 'typed' | 'country' | 'labels'>[] = [
  {},
  { typed: 'events' },
  { typed: 'courses', country: 'col' },
  { typed: 'events', labels: ['Vidrios', 'Plásticos'] },
];
const TERMS = ['taller', 'vidrio compost', 'ta', 'reciclaje'].map(normalizeSearchTerms);

describe('a text search with dates', () => {
  let subject: TestApp;
  let db: DB;
  let actors: Actors;
  const random = seeded(41);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const dates = new Map<string, { at: string | null; until: string | null; country: string }>();

  beforeAll(async () => {
    subject = await createTestApp();
    db = subject.database.db;
    actors = await createActors(db);
    const words = ['taller', 'vidrio', 'compost', 'reciclaje', 'huerta', 'tapitas'];
    for (let index = 0; index < 200; index++) {
      const typed = pick(['events', 'events', 'courses', 'market', 'dots']);
      const dated = typed === 'events' || typed === 'courses';
      const start = dated ? day(Math.floor(random() * 40)) : null;
      const until =
        start !== null && random() < 0.4 ? new Date(Date.parse(start) + 3 * 86_400_000).toISOString() : null;
      const country = pick(['arg', 'col']);
      const id = await storePublication(db, {
        typed,
        title: `${pick(words)} ${pick(words)}`,
        description: random() < 0.5 ? `Con ${pick(words)}` : undefined,
        labels: random() < 0.4 ? [pick(['Vidrios', 'Plásticos', 'Papel/Cartón'])] : [],
        status: random() < 0.1 ? 0 : 1,
        createdBy: random() < 0.2 ? actors.other.id : actors.author.id,
        createdAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
        country,
        calendaredAt: start ?? undefined,
        calendaredUntil: until ?? undefined,
      });
      dates.set(id, { at: start, until, country });
    }
    // A suspended author's events leave the search.
    await db.updateTable('users').set({ is_active: 0 }).where('id', '=', actors.other.id).execute();
  }, 120_000);

  afterAll(async () => {
    await subject.dispose();
  });

  /** Whether publication `id` passes the date criteria, as dateConditions says it. */
  function passes(id: string, criteria: (typeof DATES)[number]): boolean {
    const { at, until, country } = dates.get(id)!;
    if (at === null) return false;
    const end = until ?? at;
    if (criteria.startsFrom !== undefined && at < criteria.startsFrom) return false;
    if (criteria.startsBefore !== undefined && at >= criteria.startsBefore) return false;
    if (criteria.endsFrom !== undefined && end < criteria.endsFrom) return false;
    if (criteria.endsBefore !== undefined && end >= criteria.endsBefore) return false;
    if (criteria.spans !== undefined) {
      return criteria.spans.some(
        (span) =>
          (span.countries === undefined || span.countries.includes(country)) &&
          (span.otherThan === undefined || !span.otherThan.includes(country)) &&
          (span.until === null || at < span.until) &&
          (span.from === null || end >= span.from),
      );
    }
    return true;
  }

  /** Every filter, term and date criteria's pages and totals against the search without dates: rows compared. */
  async function compareWithUndated(): Promise<number> {
    const dialect = subject.database.dialect;
    const memory = createListMemory(db);
    let compared = 0;
    for (const filters of FILTERS) {
      for (const words of TERMS) {
        const base = { status: 'published' as const, ...filters, words, offset: 0, limit: 500 };
        const all = await listPublications(db, dialect, base, memory);
        for (const when of DATES) {
          const expected = all.rows.map((row) => row.id).filter((id) => passes(id, when));
          for (const [offset, limit] of [
            [0, 20],
            [20, 20],
            [3, 7],
          ] as const) {
            for (const count of [undefined, false]) {
              const context = JSON.stringify([filters, words, when, offset, count]);
              const found = await listPublications(
                db,
                dialect,
                { ...base, ...when, order: 'soonest', offset, limit, count },
                memory,
              );
              expect(
                found.rows.map((row) => row.id),
                context,
              ).toEqual(expected.slice(offset, offset + limit));
              if (count === undefined) expect(found.total, context).toBe(expected.length);
              compared += found.rows.length;
            }
          }
        }
      }
    }
    return compared;
  }

  it('gives the search without dates, in its order, less what falls outside them, on every page', async () => {
    expect(await compareWithUndated()).toBeGreaterThan(1000);
  }, 120_000);

  it('follows every write of a date, a country or a category, an addition and a removal', async () => {
    const ids = [...dates.keys()];
    const dated = ids.filter((id) => dates.get(id)!.at !== null);
    const undated = ids.filter((id) => dates.get(id)!.at === null);
    const [moved, lengthened, relocated, undatedNow, removed] = dated;
    const [datedNow] = undated;
    // Only the columns that change are set: a trigger on a column fires when the update names it.
    const change = async (
      id: string,
      values: { typed?: string; at: string | null; until: string | null; country: string },
    ) => {
      const before = dates.get(id)!;
      await db
        .updateTable('publications')
        .set({
          ...(values.typed === undefined ? {} : { typed: values.typed }),
          ...(values.at === before.at ? {} : { calendared_at: values.at }),
          ...(values.until === before.until ? {} : { calendared_until: values.until }),
          ...(values.country === before.country ? {} : { location_country: values.country }),
        })
        .where('id', '=', id)
        .execute();
      dates.set(id, { at: values.at, until: values.until, country: values.country });
    };
    await change(moved!, { ...dates.get(moved!)!, at: day(25), until: null });
    await change(lengthened!, { ...dates.get(lengthened!)!, until: day(38) });
    const { country } = dates.get(relocated!)!;
    await change(relocated!, { ...dates.get(relocated!)!, country: country === 'arg' ? 'col' : 'arg' });
    await change(undatedNow!, { typed: 'market', at: null, until: null, country: 'arg' });
    await change(datedNow!, { typed: 'events', at: day(21), until: day(23), country: 'col' });
    await db.deleteFrom('publications').where('id', '=', removed!).execute();
    dates.delete(removed!);
    const added = await storePublication(db, {
      typed: 'events',
      title: 'taller vidrio',
      createdBy: actors.author.id,
      createdAt: new Date(Date.UTC(2026, 1, 1)).toISOString(),
      country: 'col',
      calendaredAt: day(22),
    });
    dates.set(added, { at: day(22), until: null, country: 'col' });

    if (subject.database.dialect === 'sqlite') {
      // The dated rows (migration 0041) are exactly the dated publications' dates, by their slim row's seq.
      const mirrored = await sql<
        Record<string, unknown>
      >`select seq, calendared_at, calendared_until, location_country
        from publication_dates order by seq`.execute(db);
      const expected = await sql<Record<string, unknown>>`select r.seq, p.calendared_at, p.calendared_until,
        p.location_country from publication_search_rows as r join publications as p on p.id = r.id
        where p.calendared_at is not null order by r.seq`.execute(db);
      expect(mirrored.rows).toEqual(expected.rows);
      expect(mirrored.rows.length).toBe([...dates.values()].filter((one) => one.at !== null).length);
    }
    expect(await compareWithUndated()).toBeGreaterThan(1000);
  }, 120_000);

  it.runIf(testDialect === 'postgres')(
    'probes each match by its seq on PostgreSQL, never joining the whole dated index against them',
    async () => {
      await withStatementsKept(subject.config.databaseUrl, async (logged, sent) => {
        const criteria = {
          status: 'published' as const,
          typed: 'events',
          words: TERMS[0]!,
          endsFrom: day(20),
          order: 'soonest' as const,
          offset: 0,
          limit: 20,
        };
        const found = await listPublications(logged, 'postgres', criteria, createListMemory(logged));
        expect(found.total).toBeGreaterThan(0);
        const lookups = sent.filter((query) => /from publications as p\s+where p\.seq = any/.test(query.sql));
        // The count, and the page's tiers.
        expect(lookups.length).toBeGreaterThanOrEqual(2);
        for (const query of lookups) {
          const plan = await explainPlan(logged, query, { preferIndexes: true });
          const types = planNodes(plan).map((node) => node['Node Type']);
          expect(types, query.sql).not.toContain('Hash Join');
          expect(types, query.sql).not.toContain('Merge Join');
          expect(types, query.sql).not.toContain('Function Scan');
          // One probe per match (at scale the dated index's alone; with a few rows the planner may take the seq key).
          expect(probesBySeq(plan), JSON.stringify(planNodes(plan))).toBe(true);
        }
      });
    },
  );
});
