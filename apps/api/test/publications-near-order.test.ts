import { normalizeSearchTerms, type Point } from '@eco/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.ts';
import {
  createListMemory,
  listPublications,
  type ListCriteria,
} from '../src/modules/publications/list-repository.ts';
import { distanceSql } from '../src/modules/publications/place-sql.ts';
import { placeAround, seeded } from './helpers/map-cells.ts';
import { createActors, storePublication, type Actors } from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// Near-me is an order: every match with a point nearest first, then those without one newest first. It reads them
// three ways: a category and country with no point at all (tips) skip to those without one; few matches are ordered
// at once (on SQLite from the full-text index, up to five times as many with a term or labels: nearSmallTotal 4 puts
// some of these searches between the two); many are walked in growing boxes (forced here with nearSmallTotal 0).
// Each way gives the order of the list's own matches sorted by distance, on every page, counted or not, and after
// writes that give a tip a point, take points away, unpublish and suspend.

const FILTERS: Pick<ListCriteria, 'typed' | 'country' | 'labels' | 'bbox' | 'endsFrom'>[] = [
  {},
  { typed: 'tips' },
  { typed: 'tips', country: 'col' },
  { typed: 'dots' },
  { typed: 'barter' },
  { typed: 'events', endsFrom: '2026-06-01T00:00:00.000Z' },
  { typed: 'courses', country: 'col' },
  { country: 'arg', labels: ['Vidrios'] },
  { typed: 'tips', bbox: { minLat: -35, maxLat: -30, minLng: -66, maxLng: -57 } },
  { bbox: { minLat: -35, maxLat: -30, minLng: -66, maxLng: -57 } },
];
const TERMS = ['', 'vidrio', 'compost taller', 'zzzq'].map(normalizeSearchTerms);
const NEAR: Point[] = [
  { lat: -31.41, lng: -64.2 },
  { lat: -34.9, lng: -58.1 },
  { lat: 6.9, lng: -75.1 },
  // Far from everything (the boxes find nothing up to their last).
  { lat: -54.8, lng: -68.3 },
];

describe('near-me: matches with a point nearest first, then those without one', () => {
  let subject: TestApp;
  let db: DB;
  let actors: Actors;
  const random = seeded(27);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const ids = new Map<string, string[]>();

  beforeAll(async () => {
    subject = await createTestApp();
    db = subject.database.db;
    actors = await createActors(db);
    const places = [
      { lat: -31.42, lng: -64.18, country: 'arg', spread: 0.3 },
      { lat: -34.6, lng: -58.42, country: 'arg', spread: 0.2 },
      { lat: 6.24, lng: -75.58, country: 'col', spread: 0.2 },
    ];
    const words = ['vidrio', 'compost', 'taller', 'botellas', 'feria', 'huerta'];
    for (let index = 0; index < 220; index++) {
      const typed = pick(['dots', 'barter', 'market', 'tips', 'tips', 'events', 'courses']);
      const place = pick(places);
      const dated = typed === 'events' || typed === 'courses';
      const id = await storePublication(db, {
        typed,
        title: `${pick(words)} ${pick(words)}`,
        labels: random() < 0.4 ? [pick(['Vidrios', 'Plásticos'])] : [],
        status: random() < 0.1 ? 0 : 1,
        createdBy: random() < 0.2 ? actors.other.id : actors.author.id,
        createdAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
        country: place.country,
        calendaredAt: dated ? new Date(Date.UTC(2026, 4, 1) + index * 86_400_000).toISOString() : undefined,
      });
      ids.set(typed, [...(ids.get(typed) ?? []), id]);
      // Tips never have a point; half the barter and market, and a few of the others, have none either.
      const pointless =
        typed === 'tips' || ((typed === 'barter' || typed === 'market') && random() < 0.5) || random() < 0.05;
      if (!pointless) await placeAround(db, id, place, random);
    }
  }, 120_000);

  afterAll(async () => {
    await subject.dispose();
  });

  /** Every filter, term, point and page: the list's matches sorted by distance, whichever way near-me reads them. */
  async function expectNearInOrder(): Promise<number> {
    const dialect = subject.database.dialect;
    const memory = createListMemory(db);
    // The list's newest-first order: SQLite keeps it on the list's slim rows.
    const seqOf =
      dialect === 'sqlite'
        ? sql`join publication_search_rows as s on s.id = p.id`
        : sql`join publications as s on s.id = p.id`;
    let compared = 0;
    for (const filters of FILTERS) {
      for (const words of TERMS) {
        const base = { status: 'published' as const, ...filters, words, offset: 0, limit: 500 };
        const listed = await listPublications(db, dialect, base, memory);
        // Nothing matched and the list answered a corrected search: near-me corrects nothing.
        const matches = listed.deps.vocabulary.length > 0 ? [] : listed.rows.map((row) => row.id);
        for (const near of NEAR) {
          const expected =
            matches.length === 0
              ? []
              : (
                  await sql<{
                    id: string;
                  }>`select p.id from publications as p ${seqOf} where p.id in (${sql.join(matches)})
                    order by p.public_lat is null,
                      ${distanceSql(dialect, near, sql`p.public_lat`, sql`p.public_lng`)}, s.seq desc`.execute(
                    db,
                  )
                ).rows.map((row) => row.id);
          for (const [offset, limit] of [
            [0, 20],
            [20, 20],
            [5, 40],
          ] as const) {
            for (const nearSmallTotal of [undefined, 4, 0]) {
              for (const count of [undefined, false]) {
                const context = JSON.stringify([filters, words, near, offset, nearSmallTotal, count]);
                const nearest = await listPublications(
                  db,
                  dialect,
                  { ...base, near, offset, limit, count },
                  memory,
                  { nearSmallTotal },
                );
                expect(
                  nearest.rows.map((row) => row.id),
                  context,
                ).toEqual(expected.slice(offset, offset + limit));
                if (count === undefined)
                  expect(nearest.total, context).toBe(matches.length === 0 ? 0 : listed.total);
                // Distances only for those with a point.
                for (const row of nearest.rows) {
                  expect(nearest.distances?.has(row.id), context).toBe(row.public_lat !== null);
                }
                compared += nearest.rows.length;
              }
            }
          }
        }
      }
    }
    return compared;
  }

  it('orders every match by distance, those without a point last, on every page and every way', async () => {
    expect(await expectNearInOrder()).toBeGreaterThan(5000);
  }, 240_000);

  it('follows a tip given a point, points taken away, unpublishing and a suspended author', async () => {
    const update = (id: string, set: Record<string, unknown>) =>
      db.updateTable('publications').set(set).where('id', '=', id).execute();
    const tips = ids.get('tips') ?? [];
    // A tip with a point: tips are no longer all without one.
    await update(tips[0]!, { status: 1 });
    await placeAround(db, tips[0]!, { lat: -31.4, lng: -64.19, spread: 0.01 }, random);
    for (const id of (ids.get('dots') ?? []).slice(0, 5)) {
      await update(id, { public_lat: null, public_lng: null, location_lat: null, location_lng: null });
    }
    for (const id of (ids.get('barter') ?? []).slice(0, 5)) await update(id, { status: 0 });
    await expectNearInOrder();
    await db.updateTable('users').set({ is_active: 0 }).where('id', '=', actors.other.id).execute();
    await expectNearInOrder();
  }, 480_000);
});
