import { normalizeSearchTerms, type BoundingBox } from '@eco/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.ts';
import {
  createListMemory,
  listPublications,
  placedSearch,
  type ListCriteria,
} from '../src/modules/publications/list-repository.ts';
import { mapCells } from '../src/modules/publications/map-cells.ts';
import { distanceSql } from '../src/modules/publications/place-sql.ts';
import { ftsPlacedMatches } from '../src/modules/publications/placed-fts.ts';
import { searchStemsOf } from '../src/modules/publications/search-stems.ts';
import { placeAround, seeded, sortedCells } from './helpers/map-cells.ts';
import { createActors, storePublication, type Actors } from './helpers/publications.ts';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.ts';

// The map and near-me with a term read the search's matches from the index and their points by `seq`: on PostgreSQL
// the token bitmaps (placedSearch, migration 0033), on SQLite the full-text index's facets and publication_points
// (ftsPlacedMatches, migration 0042). They give the same cells, counts and pins as filtering the publications (or the
// list rows) with their words (or, labels alone, their labels) in the area, for terms of one and two words,
// prefixes, every filter the index carries and areas of every size, and after the writes that change what matches.

const WORDS = [
  'vidrio',
  'vidrieria',
  'carton',
  'cartonero',
  'ropa',
  'usada',
  'compost',
  'taller',
  'botellas',
  'feria',
];
/** As the map's `term=` gives them (normalizeSearchTerms: stems). */
const TERMS: string[][] = [
  'vidrio',
  'vid',
  'cart',
  'ropa usada',
  'taller comp',
  'feria',
  'co',
  'zzzq',
  'botellas vi',
  // No term: labels alone read the bitmaps too.
  '',
].map(normalizeSearchTerms);
const FILTERS: Pick<ListCriteria, 'typed' | 'country' | 'province' | 'labels'>[] = [
  {},
  { typed: 'dots' },
  { country: 'arg' },
  { labels: ['Vidrios'] },
  { labels: ['Vidrios', 'Plásticos'] },
  { typed: 'market', country: 'arg', labels: ['Vidrios', 'Plásticos'] },
  { country: 'arg', province: 'cordoba' },
];
const ZOOMS = [3, 4, 6, 8, 10, 13];

describe(`the map and near-me with a term (${testDialect})`, () => {
  let subject: TestApp;
  let db: DB;
  let actors: Actors;
  const random = seeded(33);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const ids: string[] = [];

  /** Some words of the pool. */
  const text = (count: number) => Array.from({ length: count }, () => pick(WORDS)).join(' ');

  /** A random viewport: the world, a country, a province, a city, a few blocks. */
  function viewport(): BoundingBox {
    const center = pick([
      { lat: -31.42, lng: -64.18 },
      { lat: -34.6, lng: -58.42 },
      { lat: 6.24, lng: -75.58 },
    ]);
    const half = pick([90, 20, 4, 0.5, 0.05, 0.005]) * (0.5 + random());
    const lat = center.lat + (random() - 0.5) * half;
    const lng = center.lng + (random() - 0.5) * half;
    return {
      minLat: Math.max(-85, lat - half / 2),
      maxLat: Math.min(85, lat + half / 2),
      minLng: Math.max(-180, lng - half),
      maxLng: Math.min(180, lng + half),
    };
  }

  beforeAll(async () => {
    subject = await createTestApp();
    db = subject.database.db;
    actors = await createActors(db);
    const places = [
      { lat: -31.42, lng: -64.18, country: 'arg', province: 'cordoba', spread: 0.4 },
      { lat: -31.4, lng: -64.19, country: 'arg', province: 'cordoba', spread: 0.01 },
      { lat: -34.6, lng: -58.42, country: 'arg', province: 'buenos-aires', spread: 0.3 },
      { lat: 6.24, lng: -75.58, country: 'col', province: 'antioquia', spread: 0.2 },
    ];
    for (let index = 0; index < 240; index++) {
      const place = pick(places);
      const id = await storePublication(db, {
        typed: pick(['dots', 'market', 'barter', 'events']),
        title: text(1 + Math.floor(random() * 3)),
        description: text(Math.floor(random() * 4)),
        labels: random() < 0.4 ? [pick(['Vidrios', 'Plásticos', 'Papel/Cartón'])] : [],
        status: random() < 0.1 ? 0 : 1,
        createdBy: random() < 0.2 ? actors.other.id : actors.author.id,
        createdAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
        country: place.country,
        province: place.province,
      });
      ids.push(id);
      // A few without a point (near-me lists them last; the map never).
      if (index % 17 === 0) continue;
      await placeAround(db, id, place, random);
    }
  }, 120_000);

  afterAll(async () => {
    await subject.dispose();
  });

  /** `rounds` random viewports × zooms × terms × filters: the bitmaps' cells equal the tsvectors'. */
  async function expectSameCells(rounds: number) {
    const dialect = subject.database.dialect;
    let matched = 0;
    for (let round = 0; round < rounds; round++) {
      const bbox = viewport();
      for (const words of TERMS) {
        const filters =
          words.length > 0 ? pick(FILTERS) : pick(FILTERS.filter((one) => one.labels !== undefined));
        const zoom = pick(ZOOMS);
        const criteria = { status: 'published' as const, ...filters, bbox, words, offset: 0, limit: 0 };
        // The index answers these criteria (else the comparison would compare the rows' filters with themselves).
        const groups = words.map((word) => [word]);
        expect(
          dialect === 'postgres'
            ? await placedSearch(db, dialect, criteria, groups)
            : await ftsPlacedMatches(db, criteria, bbox, groups),
        ).not.toBeNull();
        const vectors = await mapCells(db, dialect, criteria, zoom, { fromIndex: false });
        // PostgreSQL: every chunk's matches looked up one by one, and every chunk read whole (a chunk here has too
        // few for it).
        for (const denseFrom of dialect === 'postgres' ? [Infinity, -1] : [undefined]) {
          const bits = await mapCells(db, dialect, criteria, zoom, { denseFrom });
          expect(sortedCells(bits), JSON.stringify([bbox, zoom, words, filters, denseFrom])).toEqual(
            sortedCells(vectors),
          );
        }
        const bits = await mapCells(db, dialect, criteria, zoom);
        matched += bits.reduce((sum, cell) => sum + cell.count, 0);
      }
    }
    // The comparisons mean something: many matches were in view.
    expect(matched).toBeGreaterThan(200);
  }

  /**
   * Near-me with a term: every match, nearest first (without a point last, newest first), as the list finds them;
   * uncounted too (`count: false`), which walks the growing boxes (from 50 km, the bitmaps' matches).
   */
  async function expectNearInOrder() {
    const dialect = subject.database.dialect;
    const memory = createListMemory(db);
    // The list's order: SQLite numbers its list rows, PostgreSQL its publications.
    const seqOf =
      dialect === 'sqlite'
        ? sql`(select s.seq from publication_search_rows as s where s.id = p.id)`
        : sql`p.seq`;
    for (const near of [
      { lat: -31.41, lng: -64.2 },
      { lat: -34.9, lng: -58.1 },
      { lat: 6.9, lng: -75.1 },
    ]) {
      for (const words of TERMS) {
        for (const filters of FILTERS.slice(0, 4)) {
          const base = { status: 'published' as const, ...filters, words, offset: 0, limit: 500 };
          const listed = await listPublications(db, dialect, base, memory);
          // Nothing matched and the list answered a corrected search: near-me corrects nothing.
          const matches = listed.deps.vocabulary.length > 0 ? [] : listed.rows.map((row) => row.id);
          const { rows } =
            matches.length === 0
              ? { rows: [] }
              : await sql<{
                  id: string;
                }>`select p.id from publications as p where p.id in (${sql.join(matches)})
                order by p.public_lat is null,
                  ${distanceSql(dialect, near, sql`p.public_lat`, sql`p.public_lng`)}, ${seqOf} desc
                limit 30`.execute(db);
          for (const count of [undefined, false]) {
            const nearest = await listPublications(db, dialect, { ...base, near, limit: 30, count }, memory);
            if (count === undefined) expect(nearest.total).toBe(matches.length === 0 ? 0 : listed.total);
            expect(
              nearest.rows.map((row) => row.id),
              JSON.stringify([near, words, filters, count]),
            ).toEqual(rows.map((row) => row.id));
          }
        }
      }
    }
  }

  /** SQLite: publication_points holds the public point of every placed list row, as the R*Tree does. */
  async function expectPointsKept() {
    if (subject.database.dialect !== 'sqlite') return;
    const { rows: kept } = await sql<{
      seq: number;
      lat: number;
      lng: number;
    }>`select seq, lat, lng from publication_points order by seq`.execute(db);
    const { rows: expected } = await sql<{ seq: number; lat: number; lng: number }>`select r.seq,
        p.public_lat as lat, p.public_lng as lng
      from publication_search_rows as r join publications as p on p.id = r.id
      where p.public_lat is not null order by r.seq`.execute(db);
    const { rows: tree } = await sql<{
      seq: number;
      lat: number;
      lng: number;
    }>`select id as seq, lat, lng from publication_places order by id`.execute(db);
    expect(kept.length).toBeGreaterThan(100);
    expect(kept).toEqual(expected);
    expect(kept).toEqual(tree);
  }

  it('gives the same cells as the rows, and near-me the same order', async () => {
    await expectPointsKept();
    await expectSameCells(12);
    await expectNearInOrder();
  }, 120_000);

  it.runIf(testDialect === 'sqlite')('leaves a map without a term or labels to the R*Tree', async () => {
    const bbox = { minLat: -40, maxLat: 10, minLng: -80, maxLng: -50 };
    const criteria = { status: 'published' as const, bbox, words: [], offset: 0, limit: 0 };
    // A category or a place alone holds too many matches for the index's way.
    expect(await ftsPlacedMatches(db, { ...criteria, typed: 'dots' }, bbox, [])).toBeNull();
    expect(await ftsPlacedMatches(db, { ...criteria, country: 'arg' }, bbox, [])).toBeNull();
    expect(await ftsPlacedMatches(db, { ...criteria, labels: ['Vidrios'] }, bbox, [])).not.toBeNull();
  });

  it('follows publishing, unpublishing, edited words, a moved point and a suspended author', async () => {
    const update = (id: string, set: Record<string, unknown>) =>
      db.updateTable('publications').set(set).where('id', '=', id).execute();
    // Words changed: new ones, and others gone.
    for (const id of ids.slice(0, 30)) {
      const title = text(2);
      const description = 'botellas usadas de vidrio';
      await update(id, {
        title,
        description,
        ...searchStemsOf({ title, description, labels: '[]' }),
        labels: '[]',
      });
    }
    // Unpublished and published.
    for (const id of ids.slice(30, 60)) await update(id, { status: 0 });
    for (const id of ids.slice(60, 90)) await update(id, { status: 1 });
    // Moved across the country, and one point taken away.
    await update(ids[90]!, { public_lat: 6.25, public_lng: -75.6, location_lat: 6.25, location_lng: -75.6 });
    await update(ids[91]!, { public_lat: null, public_lng: null, location_lat: null, location_lng: null });
    // One given a point, and one removed.
    await update(ids[0]!, { public_lat: -31.5, public_lng: -64.1, location_lat: -31.5, location_lng: -64.1 });
    await db.deleteFrom('publications').where('id', '=', ids[92]!).execute();
    await expectPointsKept();
    await expectSameCells(6);
    await expectNearInOrder();
    await db.updateTable('users').set({ is_active: 0 }).where('id', '=', actors.other.id).execute();
    await expectSameCells(6);
    await db.updateTable('users').set({ is_active: 1 }).where('id', '=', actors.other.id).execute();
    await expectSameCells(4);
    await expectNearInOrder();
  }, 180_000);
});
