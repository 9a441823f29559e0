import { parseIsoDay } from '@eco/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.ts';
import { endOf } from '../src/modules/publications/date-criteria.ts';
import { labelledCandidates } from '../src/modules/publications/dated-probes.ts';
import { searchStemsOf } from '../src/modules/publications/search-stems.ts';
import {
  createListMemory,
  filtersOf,
  listPublications,
  type ListCriteria,
} from '../src/modules/publications/list-repository.ts';
import { seeded } from './helpers/map-cells.ts';
import { explainPlan, planNodes, probesBySeq, withStatementsKept } from './helpers/postgres-plans.ts';
import { createActors, storePublication, type Actors } from './helpers/publications.ts';
import { agendaListCriteria } from './helpers/agenda-criteria.ts';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.ts';

// An agenda with a material (explore's events with labels, a material's calendar feed): on PostgreSQL the token
// bitmaps give the public publications of the category, place and labels, and only those are probed for their
// dates (dated-probes.ts); more than LABELLED_PROBES of them, or on SQLite, the agenda's indexes are read as without
// labels. Either way, every page and total is the one query's, soonest first or, for past ones, the latest ended
// first, before and after writes that change a publication's labels, status or author.

/** Wednesday 11 December 2030, 15:00 UTC. */
const NOW = new Date('2030-12-11T15:00:00Z');
const DAY_MS = 86_400_000;
const LABELS = ['Vidrios', 'Plásticos', 'Papel/Cartón'];

/** Explore's agenda queries with labels, with and without a country (its zone's spans). */
const QUERIES = [
  { typed: 'events', labels: ['Vidrios'] },
  { typed: 'events', labels: ['Vidrios', 'Plásticos'], country: 'arg' },
  { typed: 'courses', labels: ['Papel/Cartón'], when: 'month' },
  { typed: 'events', labels: ['Plásticos', 'Vidrios'], when: 'week', country: 'col' },
  { typed: 'events', labels: ['Vidrios'], from: parseIsoDay('2030-12-20')!, to: parseIsoDay('2031-01-10')! },
  { typed: 'events', labels: ['Vidrios'], past: true },
  { typed: 'courses', labels: ['Plásticos', 'Papel/Cartón'], past: true, country: 'arg' },
] as const;

describe('the agenda with labels', () => {
  let subject: TestApp;
  let db: DB;
  let actors: Actors;
  const ids: string[] = [];

  beforeAll(async () => {
    subject = await createTestApp();
    db = subject.database.db;
    actors = await createActors(db);
    const random = seeded(2031);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    let start = NOW.getTime();
    let length: number | null = null;
    for (let index = 0; index < 160; index++) {
      // One in four starts and ends with the one before: the order's ties, which the id breaks.
      if (random() >= 0.25) {
        start = NOW.getTime() + Math.round((random() * 90 - 45) * 24 * 60) * 60_000;
        length = pick([null, 2 * 3_600_000, 3 * DAY_MS, 20 * DAY_MS]);
      }
      ids.push(
        await storePublication(db, {
          typed: pick(['events', 'events', 'courses']),
          title: `Encuentro ${index}`,
          labels: random() < 0.6 ? [pick(LABELS)] : random() < 0.5 ? [...LABELS].slice(0, 2) : [],
          status: random() < 0.1 ? 0 : 1,
          country: pick(['arg', 'col', null]),
          calendaredAt: new Date(start).toISOString(),
          calendaredUntil: length === null ? null : new Date(start + length).toISOString(),
          createdBy: random() < 0.15 ? actors.other.id : actors.author.id,
          createdAt: new Date(NOW.getTime() - DAY_MS + index * 60_000).toISOString(),
        }),
      );
    }
    // A suspended author's events leave the agenda.
    await db.updateTable('users').set({ is_active: 0 }).where('id', '=', actors.other.id).execute();
  }, 120_000);

  afterAll(async () => {
    await subject.dispose();
  });

  function criteriaOf(query: (typeof QUERIES)[number], offset: number, limit: number): ListCriteria {
    return agendaListCriteria(query, NOW, { offset, limit });
  }

  /** The one query: every match in the list's order. */
  async function oneQuery(criteria: ListCriteria): Promise<string[]> {
    const query = db
      .selectFrom('publications as p')
      .where(filtersOf(criteria, false, true, testDialect))
      .select('p.id');
    const rows = await (
      criteria.order === 'latest-ended'
        ? query.orderBy(endOf('p'), 'desc').orderBy('p.id', 'desc')
        : query.orderBy('p.calendared_at').orderBy('p.id')
    ).execute();
    return rows.map((row) => row.id);
  }

  async function expectExact(query: (typeof QUERIES)[number]): Promise<number> {
    const expected = await oneQuery(criteriaOf(query, 0, 1_000));
    const pages: string[] = [];
    for (let offset = 0; offset < expected.length + 6; offset += 6) {
      const page = await listPublications(db, testDialect, criteriaOf(query, offset, 6), createListMemory());
      expect(page.total, JSON.stringify([query, offset])).toBe(expected.length);
      pages.push(...page.rows.map((row) => row.id));
    }
    expect(pages, JSON.stringify(query)).toEqual(expected);
    return expected.length;
  }

  it.each(QUERIES.map((query) => [JSON.stringify(query), query] as const))(
    'pages and counts %s exactly as one query does',
    async (_name, query) => {
      const found = await expectExact(query);
      // The seeds give every query matches.
      expect(found).toBeGreaterThan(0);
    },
  );

  it('stays exact after a publication gains or loses a label, is unpublished, or its author comes back', async () => {
    // As the app writes labels: with their search stems.
    const relabel = async (index: number, labels: string[]) => {
      const stems = searchStemsOf({
        title: `Encuentro ${index}`,
        description: 'Sin más detalles por ahora.',
        labels: JSON.stringify(labels),
      });
      await db
        .updateTable('publications')
        .set({ labels: JSON.stringify(labels), ...stems })
        .where('id', '=', ids[index]!)
        .execute();
    };
    for (let index = 0; index < 10; index++) await relabel(index, ['Vidrios']);
    for (let index = 10; index < 20; index++) await relabel(index, []);
    await db.updateTable('publications').set({ status: 0 }).where('id', 'in', ids.slice(20, 25)).execute();
    await db.updateTable('users').set({ is_active: 1 }).where('id', '=', actors.other.id).execute();
    try {
      for (const query of QUERIES) await expectExact(query);
    } finally {
      await db.updateTable('users').set({ is_active: 0 }).where('id', '=', actors.other.id).execute();
    }
  });

  it.runIf(testDialect === 'postgres')(
    'takes the candidates from the bitmaps when they can say, and probes each by its seq on PostgreSQL',
    async () => {
      const criteria = criteriaOf(QUERIES[1], 0, 6);
      const candidates = await labelledCandidates(db, criteria);
      expect(candidates?.length).toBeGreaterThan(0);
      // Over the limit, with an author, or with words: the agenda's indexes instead.
      expect(await labelledCandidates(db, criteria, (candidates?.length ?? 0) - 1)).toBeNull();
      expect(await labelledCandidates(db, { ...criteria, authorId: actors.author.id })).toBeNull();
      expect(await labelledCandidates(db, { ...criteria, words: ['encuentro'] })).toBeNull();
      // A label no dated publication has: no candidate, nothing probed.
      expect(await labelledCandidates(db, { ...criteria, labels: ['Telgopor'] })).toEqual([]);

      await withStatementsKept(subject.config.databaseUrl, async (logged, sent) => {
        const found = await listPublications(logged, 'postgres', criteria, createListMemory(logged));
        expect(found.total).toBeGreaterThan(0);
        const probes = sent.filter((query) => /from publications as p\s+where p\.seq = any/.test(query.sql));
        // The page and the count; no statement tests the labels' text.
        expect(probes).toHaveLength(2);
        expect(sent.some((query) => /labels like/.test(query.sql))).toBe(false);
        for (const query of probes) {
          const plan = await explainPlan(logged, query, { preferIndexes: true });
          expect(probesBySeq(plan), JSON.stringify(planNodes(plan))).toBe(true);
        }
      });
    },
  );
});
