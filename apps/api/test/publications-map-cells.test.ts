import { mapGridZoom, normalizeSearchTerms, type BoundingBox } from '@eco/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.ts';
import {
  createListMemory,
  listPublications,
  type ListCriteria,
} from '../src/modules/publications/list-repository.ts';
import { cellSize, countedAhead, mapCells, pointsAboutBox } from '../src/modules/publications/map-cells.ts';
import {
  createActors,
  createPublication,
  storePublication,
  uploadImage,
  validForm,
  type Actors,
} from './helpers/publications.ts';
import { placeAround, seeded, sortedCells } from './helpers/map-cells.ts';
import { createOtherInstance, createTestApp, type OtherInstance, type TestApp } from './helpers/test-app.ts';

// The map's cells counted ahead (migration 0029, decision 042) give the same answer as grouping every point in view,
// after every kind of write, on both dialects, whichever process wrote and whichever answers; and the counted table
// equals a recount of the points the public sees.

type MapAnswer = {
  total: number;
  clusters: { lat: number; lng: number; count: number }[];
  pins: { _id: string }[];
};

/** Viewports whose edges cut through the points (Córdoba, Buenos Aires), and the two countries. */
const VIEWPORTS: BoundingBox[] = [
  { minLng: -64.5, minLat: -31.7, maxLng: -63.9, maxLat: -31.1 },
  { minLng: -64.21, minLat: -31.47, maxLng: -64.02, maxLat: -31.33 },
  { minLng: -58.6, minLat: -34.8, maxLng: -58.25, maxLat: -34.45 },
  { minLng: -80, minLat: -40, maxLng: -55, maxLat: 12 },
  // Each edge through a crowd (the slivers along the edges hold points at every zoom).
  { minLng: -64.2, minLat: -40, maxLng: -50, maxLat: -20 },
  { minLng: -70, minLat: -31.4, maxLng: -64.15, maxLat: -10 },
  { minLng: -64.195, minLat: -31.405, maxLng: -64.0, maxLat: -31.2 },
  { minLng: -64.3, minLat: -31.6, maxLng: -64.1855, maxLat: -31.3951 },
];
const ZOOMS = [4, 6, 8, 10, 12];
const FILTERS: Pick<ListCriteria, 'typed' | 'country'>[] = [
  {},
  { typed: 'dots' },
  { typed: 'market', country: 'arg' },
  { country: 'col' },
];
const BANDS = 16;
/** Filters the counted cells do not carry: the grouped query answers. */
const TERM_AND_LABELS: Record<string, string>[] = [
  { term: 'punto' },
  { labels: 'Vidrios' },
  { term: 'feria', typed: 'dots' },
];

describe('the map cells counted ahead', () => {
  let subject: TestApp;
  let second: OtherInstance;
  let db: DB;
  let actors: Actors;
  let apps: FastifyInstance[];
  /** Publications made through the API, to edit through it. */
  const made: { id: string; who: keyof Actors; title: string; files: string[] }[] = [];

  beforeAll(async () => {
    subject = await createTestApp();
    db = subject.database.db;
    actors = await createActors(db);
    const random = seeded(24);
    const places = [
      { lat: -31.42, lng: -64.18, country: 'arg', spread: 0.3, n: 70 },
      { lat: -34.6, lng: -58.42, country: 'arg', spread: 0.2, n: 40 },
      { lat: 6.24, lng: -75.58, country: 'col', spread: 0.1, n: 20 },
      // A crowd in a few blocks.
      { lat: -31.4, lng: -64.19, country: 'arg', spread: 0.012, n: 50 },
    ];
    const types = ['dots', 'market', 'barter', 'events'];
    let index = 0;
    // Written as the demo loader and the bench write them (an insert, then the point set by an update).
    for (const place of places) {
      for (let one = 0; one < place.n; one++, index++) {
        const id = await storePublication(db, {
          typed: types[index % types.length],
          title: index % 2 === 0 ? `Punto ${index}` : `Feria ${index}`,
          labels: index % 3 === 0 ? ['Vidrios'] : [],
          status: index % 9 === 0 ? 0 : 1,
          createdBy: index % 5 === 0 ? actors.other.id : actors.author.id,
          createdAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
          country: place.country,
        });
        await placeAround(db, id, place, random);
      }
    }
    // Through the API: an author's (approximate point, published by the super user) and the super user's own.
    for (const [who, typed, lat, lng] of [
      ['author', 'market', -31.41, -64.19],
      ['author', 'dots', -31.4, -64.17],
      ['superUser', 'dots', -34.61, -58.4],
    ] as const) {
      const title = `Por la API ${made.length}`;
      const created = await createPublication(subject.app, actors[who], {
        ...validForm(typed, [(await uploadImage(subject.app, actors[who])).url], { title }),
        locationLat: lat,
        locationLng: lng,
      });
      if (who !== 'superUser') await setStatus(created._id, 1);
      made.push({ id: created._id, who, title, files: created.files.map((file) => file.url) });
    }
    // A second instance on the same database: its own connections, its own remembered answers. (Opened after the
    // direct inserts: on SQLite, a direct insert on the first connection once another is open fails with "no such
    // table: publications", on main too; the app's own writes do not.)
    second = await createOtherInstance(subject);
    apps = [subject.app, second.app];
  }, 120_000);

  afterAll(async () => {
    await second.close();
    await subject.dispose();
  });

  async function setStatus(id: string, status: 0 | 1) {
    const response = await subject.app.inject({
      method: 'PUT',
      url: `/api/publication/${id}`,
      headers: actors.superUser.headers,
      payload: { status },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** The counted table without its emptied rows, and a recount of the points the public sees, band by band. */
  async function countedAndRecount() {
    const counted = (
      await db.selectFrom('publication_map_cells').selectAll().where('n', '<>', 0).execute()
    ).map((row) => ({
      key: `${row.band}|${row.cell_lat}|${row.cell_lng}|${row.typed}|${row.country}`,
      sums: [Number(row.n), Number(row.sum_lat), Number(row.sum_lng)],
    }));
    const points = await db
      .selectFrom('publications as p')
      .innerJoin('users as u', 'u.id', 'p.created_by')
      .select(['p.typed', 'p.location_country', 'p.public_lat', 'p.public_lng'])
      .where('p.status', '=', 1)
      .where('u.is_active', '<>', 0)
      .where('p.public_lat', 'is not', null)
      .execute();
    const recount = new Map<string, number[]>();
    for (const point of points) {
      const lat = Number(point.public_lat);
      const lng = Number(point.public_lng);
      for (let band = 0; band < BANDS; band++) {
        const size = cellSize(band);
        const key = `${band}|${Math.floor(lat / size)}|${Math.floor(lng / size)}|${point.typed}|${point.location_country ?? ''}`;
        const sums = recount.get(key) ?? [0, 0, 0];
        recount.set(key, [sums[0]! + 1, sums[1]! + Math.round(lat * 1e7), sums[2]! + Math.round(lng * 1e7)]);
      }
    }
    const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
    return {
      counted: counted.sort(byKey),
      recount: [...recount].map(([key, sums]) => ({ key, sums })).sort(byKey),
    };
  }

  /**
   * An area's list ("Buscar en esta zona"), counted from the map's cells and walked either way on SQLite
   * (list-repository's boxPageByRow: the big viewports by row, the small ones from the R*Tree), against the
   * publications the public sees with a point in the box, newest first: the total and the first, third and last
   * pages of seven.
   */
  async function expectAreaLists() {
    // The lists' order, `seq`: on SQLite the slim rows'.
    const seq =
      subject.database.dialect === 'sqlite'
        ? sql<number>`(select s.seq from publication_search_rows as s where s.id = p.id)`
        : sql<number>`p.seq`;
    const points = await db
      .selectFrom('publications as p')
      .innerJoin('users as u', 'u.id', 'p.created_by')
      .select([
        'p.id',
        seq.as('seq'),
        'p.typed',
        'p.location_country',
        'p.labels',
        'p.public_lat',
        'p.public_lng',
      ])
      .where('p.status', '=', 1)
      .where('u.is_active', '<>', 0)
      .where('p.public_lat', 'is not', null)
      .execute();
    for (const bbox of VIEWPORTS) {
      for (const filters of [...FILTERS, { labels: 'Vidrios' }] as Record<string, string>[]) {
        const expected = points
          .filter((point) => {
            const lat = Number(point.public_lat);
            const lng = Number(point.public_lng);
            return (
              lat >= bbox.minLat &&
              lat <= bbox.maxLat &&
              lng >= bbox.minLng &&
              lng <= bbox.maxLng &&
              (filters.typed === undefined || point.typed === filters.typed) &&
              (filters.country === undefined || point.location_country === filters.country) &&
              (filters.labels === undefined || String(point.labels).includes(`"${filters.labels}"`))
            );
          })
          .sort((a, b) => Number(b.seq) - Number(a.seq))
          .map((point) => point.id);
        const last = Math.max(1, Math.ceil(expected.length / 7));
        for (const page of new Set([1, 3, last])) {
          const params = new URLSearchParams({
            bbox: [bbox.minLng, bbox.minLat, bbox.maxLng, bbox.maxLat].join(','),
            ...filters,
            page: String(page),
            pageSize: '7',
          });
          const response = await subject.app.inject({ method: 'GET', url: `/api/publications?${params}` });
          expect(response.statusCode, response.body).toBe(200);
          const answer = response.json<{ total: number; publications: { _id: string }[] }>();
          expect(answer.total, params.toString()).toBe(expected.length);
          expect(
            answer.publications.map((publication) => publication._id),
            params.toString(),
          ).toEqual(expected.slice((page - 1) * 7, page * 7));
        }
      }
    }
  }

  /** Every page of a list (pages of 60), its ids in order. */
  async function allIds(query: Record<string, string>): Promise<string[]> {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const params = new URLSearchParams({ ...query, page: String(page), pageSize: '60' });
      const response = await subject.app.inject({ method: 'GET', url: `/api/publications?${params}` });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<{ publications: { _id: string }[]; nextPage: number | null }>();
      ids.push(...answer.publications.map((publication) => publication._id));
      if (answer.nextPage === null) return ids;
    }
  }

  /**
   * A text search of an area on PostgreSQL with the walk allowed in any area (`areaWalkFrom` 0): the bitmaps'
   * matches looked up for their point where the words match fewer than the area's points, else the GiST index; both
   * are taken among the viewports (the test fails otherwise), each page and total the oracle's.
   */
  async function expectPostgresWalks(filters: Record<string, string>, bbox: BoundingBox, inside: string[]) {
    const criteria: ListCriteria = {
      status: 'published',
      typed: filters.typed,
      words: normalizeSearchTerms(filters.term ?? ''),
      bbox,
      offset: 0,
      limit: 7,
    };
    const points = await pointsAboutBox(db, 'postgres', { ...criteria, typed: undefined, words: [] });
    walks.add(everywhereCount(filters) < (points ?? 0));
    const ids: string[] = [];
    for (let offset = 0; ; offset += 7) {
      const page = await listPublications(db, 'postgres', { ...criteria, offset }, createListMemory(db), {
        areaWalkFrom: 0,
      });
      expect(page.total, JSON.stringify([bbox, filters])).toBe(inside.length);
      ids.push(...page.rows.map((row) => row.id));
      if (page.rows.length < 7) break;
    }
    expect(ids, JSON.stringify([bbox, filters])).toEqual(inside);
  }
  const walks = new Set<boolean>();
  const everywhereCounts = new Map<string, number>();
  const everywhereCount = (filters: Record<string, string>) =>
    everywhereCounts.get(JSON.stringify(filters)) ?? 0;

  /**
   * A text search of an area, ranked as the search everywhere ranks (titles, labels, the rest, each newest first),
   * read either way on each dialect (boxSearchByRow): the search everywhere, kept to the points in the box, is the
   * oracle.
   */
  async function expectAreaSearches() {
    const points = new Map(
      (
        await db
          .selectFrom('publications')
          .select(['id', 'public_lat', 'public_lng'])
          .where('public_lat', 'is not', null)
          .execute()
      ).map((row) => [row.id, { lat: Number(row.public_lat), lng: Number(row.public_lng) }]),
    );
    for (const filters of TERM_AND_LABELS) {
      const everywhere = await allIds(filters);
      everywhereCounts.set(JSON.stringify(filters), everywhere.length);
      for (const bbox of VIEWPORTS) {
        const inside = everywhere.filter((id) => {
          const point = points.get(id);
          return (
            point !== undefined &&
            point.lat >= bbox.minLat &&
            point.lat <= bbox.maxLat &&
            point.lng >= bbox.minLng &&
            point.lng <= bbox.maxLng
          );
        });
        const area = [bbox.minLng, bbox.minLat, bbox.maxLng, bbox.maxLat].join(',');
        expect(await allIds({ ...filters, bbox: area }), `${area} ${JSON.stringify(filters)}`).toEqual(
          inside,
        );
        if (subject.database.dialect === 'postgres' && filters.term !== undefined) {
          await expectPostgresWalks(filters, bbox, inside);
        }
      }
    }
    if (subject.database.dialect === 'postgres') expect([...walks].sort()).toEqual([false, true]);
  }

  /** Every viewport × zoom × filter: counted cells = grouped cells; the HTTP answers of both instances agree. */
  async function expectExact() {
    const { counted, recount } = await countedAndRecount();
    expect(counted).toEqual(recount);
    await expectAreaLists();
    await expectAreaSearches();
    let clustered = 0;
    for (const bbox of VIEWPORTS) {
      for (const zoom of ZOOMS) {
        for (const filters of FILTERS) {
          const criteria = { status: 'published' as const, ...filters, bbox, words: [], offset: 0, limit: 0 };
          expect(countedAhead(criteria, zoom)).toBe(true);
          const fast = await mapCells(db, subject.database.dialect, criteria, zoom, { counted: true });
          const grouped = await mapCells(db, subject.database.dialect, criteria, zoom, { counted: false });
          expect(sortedCells(fast), JSON.stringify([bbox, zoom, filters])).toEqual(sortedCells(grouped));
          clustered += grouped.filter((cell) => cell.count > 1).length;
          if (zoom % 4 !== 0) continue;
          // The answer as GET /api/publications/map gives it, from each instance.
          const params = new URLSearchParams({
            bbox: [bbox.minLng, bbox.minLat, bbox.maxLng, bbox.maxLat].join(','),
            zoom: String(zoom),
            ...filters,
          });
          // The route groups an area too wide for its zoom in a coarser grid (mapGridZoom).
          const grid = mapGridZoom(bbox, zoom);
          const answered =
            grid === zoom
              ? grouped
              : await mapCells(db, subject.database.dialect, criteria, grid, { counted: false });
          const expected = {
            total: answered.reduce((sum, cell) => sum + cell.count, 0),
            pins: answered
              .filter((cell) => cell.count === 1)
              .map((cell) => cell.id)
              .sort(),
            clusters: answered
              .filter((cell) => cell.count > 1)
              .map((cell) => cell.count)
              .sort(),
          };
          for (const app of apps) {
            const response = await app.inject({ method: 'GET', url: `/api/publications/map?${params}` });
            expect(response.statusCode, response.body).toBe(200);
            const answer = response.json<MapAnswer>();
            expect({
              total: answer.total,
              pins: answer.pins.map((pin) => pin._id).sort(),
              clusters: answer.clusters.map((cluster) => cluster.count).sort(),
            }).toEqual(expected);
          }
        }
      }
    }
    // The comparison means something: the views hold clusters, not only pins.
    expect(clustered).toBeGreaterThan(20);
    // A term or labels: grouped (on SQLite from the matches when zoomed out); as many as the list finds in the area.
    for (const bbox of VIEWPORTS.slice(0, 2)) {
      for (const zoom of [4, 8, 12]) {
        for (const filters of TERM_AND_LABELS) {
          const area = [bbox.minLng, bbox.minLat, bbox.maxLng, bbox.maxLat].join(',');
          const query = new URLSearchParams({ bbox: area, ...filters }).toString();
          const map = await subject.app.inject({
            method: 'GET',
            url: `/api/publications/map?zoom=${zoom}&${query}`,
          });
          const list = await second.app.inject({ method: 'GET', url: `/api/publications?${query}` });
          expect(map.json<MapAnswer>().total, query).toBe(list.json<{ total: number }>().total);
        }
      }
    }
  }

  /** PUT through the API (from one instance or the other), the form of category `typed`. */
  async function edit(index: number, changes: Record<string, unknown>, typed: 'market' | 'dots') {
    const one = made[index]!;
    const response = await apps[index % 2]!.inject({
      method: 'PUT',
      url: `/api/publication/${one.id}`,
      headers: actors[one.who].headers,
      payload: { ...validForm(typed, one.files, { title: one.title }), ...changes },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('equals the grouped points as filled', async () => {
    await expectExact();
  }, 120_000);

  it('follows a point moved, a category changed, an unpublished and approved one, a deletion', async () => {
    // Moved across a viewport's edge (the author's edit goes back to review: approved again).
    await edit(0, { locationLat: -31.335, locationLng: -64.03 }, 'market');
    await setStatus(made[0]!.id, 1);
    await expectExact();
    // Another category (the super user's point of Buenos Aires, a dot, now market: stays published).
    await edit(2, { locationLat: -34.61, locationLng: -58.4 }, 'market');
    await expectExact();
    await setStatus(made[1]!.id, 0);
    await expectExact();
    await setStatus(made[1]!.id, 1);
    await expectExact();
    const removed = await second.app.inject({
      method: 'DELETE',
      url: `/api/publication/${made[1]!.id}`,
      headers: actors.author.headers,
    });
    expect(removed.statusCode).toBe(204);
    await expectExact();
  }, 180_000);

  it('follows an author suspended and reinstated, and a point taken away', async () => {
    await db.updateTable('users').set({ is_active: 0 }).where('id', '=', actors.other.id).execute();
    await expectExact();
    await db.updateTable('users').set({ is_active: 1 }).where('id', '=', actors.other.id).execute();
    await expectExact();
    await db
      .updateTable('publications')
      .set({ public_lat: null, public_lng: null, location_lat: null, location_lng: null })
      .where('title', 'in', ['Punto 3', 'Punto 4', 'Punto 75'])
      .execute();
    await expectExact();
  }, 120_000);
});
