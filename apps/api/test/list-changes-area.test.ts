import type { FastifyInstance } from 'fastify';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { cacheLookupsOf } from '../src/db/cache-lookups.ts';
import { readChanges, type ListChange, type PublicationState } from '../src/db/list-changes.ts';
import { readListVersion } from '../src/db/list-versions.ts';
import { migrations } from '../src/db/migrations/index.ts';
import type { DB } from '../src/db/schema.ts';
import {
  createActors,
  createPublication,
  storePublication,
  uploadImage,
  validForm,
  type Actors,
} from './helpers/publications.ts';
import { createTestApp, createTestDatabase, type TestApp } from './helpers/test-app.ts';

// The change log carries the point everyone sees (migration 0031), so a remembered map answer or list of an area is
// kept across writes outside it and recomputed after one inside it (list-dependencies.ts), and what is kept equals
// what a server remembering nothing answers, after every kind of write, on both dialects.

/** A viewport over Bogotá, as the map and the list take it (minLng, minLat, maxLng, maxLat). */
const BOGOTA = { minLng: -74.3, minLat: 4.4, maxLng: -73.9, maxLat: 4.9 };
const BBOX = [BOGOTA.minLng, BOGOTA.minLat, BOGOTA.maxLng, BOGOTA.maxLat].join(',');
const IN_BOGOTA = { lat: 4.711, lng: -74.0721 };
const IN_CORDOBA = { lat: -31.4167, lng: -64.1836 };

/** Maps (counted ahead at zoom 8, grouped at 13) and lists of the viewport; market only, for a second filter. */
const MAPS = [
  `/api/publications/map?bbox=${BBOX}&zoom=8`,
  `/api/publications/map?bbox=${BBOX}&zoom=13`,
  `/api/publications/map?bbox=${BBOX}&zoom=8&typed=market`,
];
const LISTS = [`/api/publications?bbox=${BBOX}`, `/api/publications?bbox=${BBOX}&typed=market&pageSize=5`];

type Totals = { total: number };

describe('remembered answers of an area across writes outside and inside it', () => {
  let subject: TestApp;
  let db: DB;
  let actors: Actors;
  let app: FastifyInstance;
  /** Stored publications by name, placed by a direct update as the demo loader and the bench place them. */
  const stored = new Map<string, string>();

  beforeAll(async () => {
    subject = await createTestApp();
    db = subject.database.db;
    app = subject.app;
    actors = await createActors(db);
    const seeds = [
      ['bogota-dots-1', 'dots', 'col', { lat: 4.6, lng: -74.08 }],
      ['bogota-market-1', 'market', 'col', { lat: 4.65, lng: -74.1 }],
      ['bogota-market-2', 'market', 'col', { lat: 4.75, lng: -74.05 }],
      ['bogota-dots-2', 'dots', 'col', { lat: 4.702, lng: -74.031 }],
      ['cordoba-dots-1', 'dots', 'arg', { lat: -31.41, lng: -64.19 }],
      ['cordoba-market-1', 'market', 'arg', { lat: -31.43, lng: -64.17 }],
      ['cordoba-market-2', 'market', 'arg', { lat: -31.39, lng: -64.2 }],
      ['cordoba-dots-2', 'dots', 'arg', { lat: -31.4, lng: -64.21 }],
    ] as const;
    for (const [name, typed, country, point] of seeds) {
      const id = await storePublication(db, {
        typed,
        title: `Anuncio ${name}`,
        createdBy: actors.author.id,
        createdAt: new Date(Date.UTC(2026, 0, 1) + stored.size * 60_000).toISOString(),
        country,
      });
      await placeAt(id, point);
      stored.set(name, id);
    }
  }, 60_000);

  afterAll(async () => {
    await subject.dispose();
  });

  async function placeAt(id: string, point: { lat: number; lng: number } | null) {
    await db
      .updateTable('publications')
      .set({
        location_lat: point?.lat ?? null,
        location_lng: point?.lng ?? null,
        public_lat: point?.lat ?? null,
        public_lng: point?.lng ?? null,
        location_exact: point === null ? null : 1,
      })
      .where('id', '=', id)
      .execute();
  }

  function idOf(name: string): string {
    const id = stored.get(name);
    if (id === undefined) throw new Error(`No publication ${name}`);
    return id;
  }

  async function get(from: FastifyInstance, url: string): Promise<string> {
    const response = await from.inject({ method: 'GET', url });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.body;
  }

  /** Each URL's answer from the test app, and whether it was computed (a miss of its cache) or remembered. */
  async function answers(): Promise<Map<string, { body: string; computed: boolean }>> {
    const out = new Map<string, { body: string; computed: boolean }>();
    for (const url of [...MAPS, ...LISTS]) {
      const lookups = cacheLookupsOf(
        url.startsWith('/api/publications/map') ? 'map-answers' : 'list-answers',
      );
      const misses = lookups.misses;
      const body = await get(app, url);
      out.set(url, { body, computed: lookups.misses > misses });
    }
    return out;
  }

  /** Each URL's answer from a server on the same database that remembers nothing yet. */
  async function freshAnswers(): Promise<Map<string, string>> {
    const fresh = await buildApp(subject.config, { database: subject.database });
    try {
      const out = new Map<string, string>();
      for (const url of [...MAPS, ...LISTS]) out.set(url, await get(fresh, url));
      return out;
    } finally {
      await fresh.close();
    }
  }

  /** After a write: which answers were computed again, each answer exact, and their totals. */
  async function afterWrite(): Promise<{ computed: string[]; totals: Map<string, number> }> {
    const remembered = await answers();
    const fresh = await freshAnswers();
    const totals = new Map<string, number>();
    for (const [url, { body }] of remembered) {
      expect(JSON.parse(body), url).toEqual(JSON.parse(fresh.get(url) ?? ''));
      totals.set(url, (JSON.parse(body) as Totals).total);
    }
    const computed = [...remembered].filter(([, answer]) => answer.computed).map(([url]) => url);
    return { computed, totals };
  }

  async function setStatus(id: string, status: 0 | 1) {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/publication/${id}`,
      headers: actors.superUser.headers,
      payload: { status },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function changesSince(version: number): Promise<ListChange[]> {
    return (await readChanges(db, 'publications', version, await readListVersion(db, 'publications'))) ?? [];
  }

  it('logs the point everyone sees, exactly, before and after', async () => {
    const id = idOf('bogota-dots-1');
    const start = await readListVersion(db, 'publications');
    // Doubles whose shortest text has 16 and 17 digits: a rounded log would move them.
    const point = { lat: 4.6 + 1e-15, lng: -74.08 - 3e-15 };
    expect(String(point.lat).length).toBeGreaterThan(15);
    await placeAt(id, point);
    await placeAt(id, null);
    await placeAt(id, { lat: 4.6, lng: -74.08 });
    const moves = (await changesSince(start)).map((change) => {
      if (change.kind !== 'publication') throw new Error(change.kind);
      const at = (state: PublicationState | null) => [state?.lat, state?.lng];
      return [at(change.before), at(change.after)];
    });
    expect(moves).toEqual([
      [
        [4.6, -74.08],
        [point.lat, point.lng],
      ],
      [
        [point.lat, point.lng],
        [null, null],
      ],
      [
        [null, null],
        [4.6, -74.08],
      ],
    ]);

    // A member's barter: the logged point is the public (approximate) one, not where its author is.
    const author = await createPublication(app, actors.author, {
      ...validForm('barter', [(await uploadImage(app, actors.author)).url], { title: 'Trueque en Córdoba' }),
      locationLat: IN_CORDOBA.lat,
      locationLng: IN_CORDOBA.lng,
    });
    const row = await db
      .selectFrom('publications')
      .select(['public_lat', 'public_lng'])
      .where('id', '=', author._id)
      .executeTakeFirstOrThrow();
    // Moved at least 150 m, so one coordinate at least differs after rounding to four decimals (the other may not:
    // a move due east keeps the latitude).
    expect([row.public_lat, row.public_lng]).not.toEqual([IN_CORDOBA.lat, IN_CORDOBA.lng]);
    stored.set('cordoba-barter', author._id);
    const beforePublish = await readListVersion(db, 'publications');
    await setStatus(author._id, 1);
    const published = (await changesSince(beforePublish)).find((change) => change.kind === 'publication');
    expect(published).toMatchObject({
      before: { status: 0, lat: row.public_lat, lng: row.public_lng },
      after: { status: 1, lat: row.public_lat, lng: row.public_lng },
    });
  });

  it('keeps a map and a list of Bogotá across writes in Córdoba, recomputes them after one inside, exactly', async () => {
    const all = [...MAPS, ...LISTS];
    const market = [MAPS[2], LISTS[1]];
    const notMarket = all.filter((url) => !market.includes(url));
    const first = await afterWrite();
    expect(first.computed.sort()).toEqual([...all].sort());
    expect(first.totals.get(MAPS[0]!)).toBe(4);
    expect(first.totals.get(LISTS[0]!)).toBe(4);
    // Remembered now: asked again, nothing is computed.
    expect((await afterWrite()).computed).toEqual([]);

    // A super user publishes in Córdoba, a member's publication there is published: nothing over Bogotá changes.
    await createPublication(app, actors.superUser, {
      ...validForm('dots', [(await uploadImage(app, actors.superUser)).url], { title: 'Punto en Córdoba' }),
      locationLat: IN_CORDOBA.lat,
      locationLng: IN_CORDOBA.lng,
    });
    expect((await afterWrite()).computed).toEqual([]);
    const member = await createPublication(app, actors.author, {
      ...validForm('market', [(await uploadImage(app, actors.author)).url], { title: 'Venta en Córdoba' }),
      locationLat: IN_CORDOBA.lat + 0.01,
      locationLng: IN_CORDOBA.lng,
    });
    await setStatus(member._id, 1);
    expect((await afterWrite()).computed).toEqual([]);

    // A super user publishes a recycling point in Bogotá: every answer but the market ones is computed again, and
    // counts it.
    await createPublication(app, actors.superUser, {
      ...validForm('dots', [(await uploadImage(app, actors.superUser)).url], {
        title: 'Punto limpio en Bogotá',
        locationCountry: 'col',
        locationProvince: 'boyaca',
        locationCity: null,
      }),
      locationLat: IN_BOGOTA.lat,
      locationLng: IN_BOGOTA.lng,
    });
    const inside = await afterWrite();
    expect(inside.computed.sort()).toEqual([...notMarket].sort());
    expect(inside.totals.get(MAPS[0]!)).toBe(5);
    expect(inside.totals.get(MAPS[1]!)).toBe(5);
    expect(inside.totals.get(LISTS[0]!)).toBe(5);
    expect(inside.totals.get(MAPS[2]!)).toBe(2);

    // A market publication moved from Córdoba onto the viewport's corner: inside (edges included).
    await placeAt(idOf('cordoba-market-1'), { lat: BOGOTA.maxLat, lng: BOGOTA.minLng });
    const corner = await afterWrite();
    expect(corner.computed.sort()).toEqual([...all].sort());
    expect(corner.totals.get(MAPS[2]!)).toBe(3);
    // …and one moved from Córdoba to just past the viewport's edge: outside, kept.
    await placeAt(idOf('cordoba-market-2'), { lat: 4.900000000000001, lng: -74 });
    const pastEdge = await afterWrite();
    expect(pastEdge.computed).toEqual([]);
    expect(pastEdge.totals.get(MAPS[2]!)).toBe(3);
    // From there to elsewhere outside, and a point taken away in Córdoba: kept.
    await placeAt(idOf('cordoba-market-2'), { lat: -34.6, lng: -58.42 });
    await placeAt(idOf('cordoba-dots-1'), null);
    expect((await afterWrite()).computed).toEqual([]);
    // A statement of several rows, all outside (PostgreSQL logs them from its transition tables): kept.
    await db
      .updateTable('publications')
      .set({ title: 'Anuncio en Argentina' })
      .where('location_country', '=', 'arg')
      .where('id', '<>', idOf('cordoba-market-1'))
      .execute();
    expect((await afterWrite()).computed).toEqual([]);
    // …and with the one moved onto the corner: computed again.
    await db
      .updateTable('publications')
      .set({ title: 'Anuncio en la esquina' })
      .where('location_country', '=', 'arg')
      .execute();
    expect((await afterWrite()).computed.sort()).toEqual([...all].sort());
    // Remembered again at once.
    expect((await afterWrite()).computed).toEqual([]);
    // Unpublished and deleted in Córdoba: kept.
    await setStatus(idOf('cordoba-barter'), 0);
    await db.deleteFrom('publications').where('id', '=', idOf('cordoba-dots-2')).execute();
    expect((await afterWrite()).computed).toEqual([]);

    // A Bogotá point taken away, a market publication moved out of Bogotá, one deleted there: all computed again.
    await placeAt(idOf('bogota-dots-2'), null);
    const noPoint = await afterWrite();
    expect(noPoint.computed.sort()).toEqual([...notMarket].sort());
    expect(noPoint.totals.get(MAPS[0]!)).toBe(5);
    await placeAt(idOf('bogota-market-1'), IN_CORDOBA);
    const out = await afterWrite();
    expect(out.computed.sort()).toEqual([...all].sort());
    expect(out.totals.get(MAPS[2]!)).toBe(2);
    await db.deleteFrom('publications').where('id', '=', idOf('bogota-market-2')).execute();
    const deleted = await afterWrite();
    expect(deleted.computed.sort()).toEqual([...all].sort());
    expect(deleted.totals.get(MAPS[0]!)).toBe(3);
    expect(deleted.totals.get(LISTS[1]!)).toBe(1);
  });
});

describe('migration 0031 down and up again', () => {
  it('logs no point below it (unknown), and the point again above it', async () => {
    const subject = await createTestDatabase();
    try {
      const { db } = subject.database;
      const actors = await createActors(db);
      const id = await storePublication(db, {
        title: 'Frascos',
        createdBy: actors.author.id,
        createdAt: '2026-01-01T00:00:00.000Z',
      });
      const move = async (lat: number) => {
        const start = await readListVersion(db, 'publications');
        await db
          .updateTable('publications')
          .set({ public_lat: lat, public_lng: -64 })
          .where('id', '=', id)
          .execute();
        const changes = await readChanges(
          db,
          'publications',
          start,
          await readListVersion(db, 'publications'),
        );
        const change = changes?.[0];
        if (change?.kind !== 'publication' || changes?.length !== 1) throw new Error(JSON.stringify(changes));
        return change.after;
      };
      expect(await move(-31)).toMatchObject({ id, lat: -31, lng: -64 });
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const down = await migrator.migrateTo('0030-saved-search-places');
      expect(down.error).toBeUndefined();
      expect(down.results?.map((result) => result.migrationName)).toContain('0031-list-changes-point');
      const unknown = await move(-32);
      expect(unknown).toMatchObject({ id, status: 1, visible: true });
      expect(unknown).not.toHaveProperty('lat');
      expect(unknown).not.toHaveProperty('lng');
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await move(-33)).toMatchObject({ id, lat: -33, lng: -64 });
    } finally {
      await subject.dispose();
    }
  });
});
