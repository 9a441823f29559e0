import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APPROXIMATE_RADIUS_M, distanceKm, weekdayAt } from '@eco/domain';
import {
  createActors,
  createPublication,
  uploadImage,
  validForm,
  type Actors,
  type PublicationBody,
} from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// Places (issue 24): points, approximate points for others, near, bbox, open=now and the map, on both dialects.

type Who = 'guest' | keyof Actors;
type Placed = PublicationBody & {
  locationLat: number | null;
  locationLng: number | null;
  locationApproximate: boolean;
  locationExact: boolean | null;
  openingHours: { day: number; opens: string; closes: string }[] | null;
  distanceKm?: number;
};
type Page = { publications: Placed[]; total: number };
type MapAnswer = {
  total: number;
  clusters: { lat: number; lng: number; count: number }[];
  pins: { _id: string; title: string; lat: number; lng: number; approximate: boolean }[];
};

// Córdoba: Plaza San Martín, and a home in Nueva Córdoba, 1.5 km away; Medellín far away.
const PLAZA = { lat: -31.4167, lng: -64.1836 };
const HOME = { lat: -31.4286, lng: -64.1884 };
const MEDELLIN = { lat: 6.2442, lng: -75.5812 };
/** Córdoba's center as a phone's map shows it at zoom 16 or so: the plaza, the home and the feria. */
const CENTRO = '-64.21,-31.445,-64.17,-31.4';

describe('places', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let actors: Actors;
  let image: string;
  let dot: Placed;
  let barter: Placed;
  let exactBarter: Placed;

  function request(who: Who, options: InjectOptions) {
    const headers = who === 'guest' ? {} : actors[who].headers;
    return app.inject({ ...options, headers: { ...headers, ...options.headers } });
  }
  const get = (who: Who, url: string) => request(who, { method: 'GET', url });
  async function page(who: Who, url: string): Promise<Page> {
    const response = await get(who, url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  }
  async function detail(who: Who, id: string): Promise<Placed> {
    const response = await get(who, `/api/publication/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ publication: Placed }>().publication;
  }
  async function create(who: keyof Actors, form: Record<string, unknown>): Promise<Placed> {
    const created = (await createPublication(app, actors[who], form)) as Placed;
    if (who !== 'superUser') await publish(created._id);
    return created;
  }
  async function publish(id: string) {
    const response = await request('superUser', {
      method: 'PUT',
      url: `/api/publication/${id}`,
      payload: { status: 1 },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  beforeAll(async () => {
    subject = await createTestApp();
    app = subject.app;
    actors = await createActors(subject.database.db);
    image = (await uploadImage(app, actors.author)).url;
    const superImage = (await uploadImage(app, actors.superUser)).url;
    // Open every day, all day: open whenever the test runs.
    const always = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '00:00', closes: '24:00' }));
    dot = await create('superUser', {
      ...validForm('dots', [superImage], { title: 'Punto Verde Plaza San Martín' }),
      locationLat: PLAZA.lat,
      locationLng: PLAZA.lng,
      openingHours: always,
    });
    barter = await create('author', {
      ...validForm('barter', [image], { title: 'Frascos de vidrio para trueque' }),
      locationLat: HOME.lat,
      locationLng: HOME.lng,
    });
    exactBarter = await create('author', {
      ...validForm('barter', [(await uploadImage(app, actors.author)).url], { title: 'Trueque en la feria' }),
      // A Google Maps link only: the point comes from it.
      locationUrl:
        'https://www.google.com/maps/place/Feria/@-31.4201,-64.1888,17z/data=!3m1!4b1!4m6!3m5!8m2!3d-31.42!4d-64.19',
      locationExact: true,
    });
    // No point at all: near-me lists it last.
    await create(
      'superUser',
      validForm('market', [(await uploadImage(app, actors.superUser)).url], { title: 'Compost sin lugar' }),
    );
    await create('superUser', {
      ...validForm('dots', [(await uploadImage(app, actors.superUser)).url], {
        title: 'Punto limpio Medellín',
        locationCountry: 'col',
        locationProvince: 'antioquia',
        locationCity: 'medellin',
      }),
      locationLat: MEDELLIN.lat,
      locationLng: MEDELLIN.lng,
      // Open only on a day that is not today anywhere near now (two days ahead).
      openingHours: [{ day: (weekdayAt('col', new Date()) + 2) % 7, opens: '09:00', closes: '10:00' }],
    });
  }, 60_000);

  afterAll(async () => {
    await subject.dispose();
  });

  it('keeps the point a publication is sent with, or takes it from its maps link', () => {
    expect([dot.locationLat, dot.locationLng, dot.locationApproximate]).toEqual([
      PLAZA.lat,
      PLAZA.lng,
      false,
    ]);
    expect(dot.openingHours).toHaveLength(7);
    expect([exactBarter.locationLat, exactBarter.locationLng, exactBarter.locationExact]).toEqual([
      -31.42,
      -64.19,
      true,
    ]);
    // Its author gets the exact point back.
    expect([barter.locationLat, barter.locationLng, barter.locationApproximate]).toEqual([
      HOME.lat,
      HOME.lng,
      false,
    ]);
  });

  it('shows a barter home exactly to its author and super users, approximately to everyone else', async () => {
    for (const who of ['author', 'superUser'] as const) {
      const seen = await detail(who, barter._id);
      expect([seen.locationLat, seen.locationLng, seen.locationApproximate], who).toEqual([
        HOME.lat,
        HOME.lng,
        false,
      ]);
    }
    const seenByGuest = await detail('guest', barter._id);
    const seenByOther = await detail('other', barter._id);
    expect(seenByOther).toMatchObject({
      locationLat: seenByGuest.locationLat,
      locationLng: seenByGuest.locationLng,
    });
    expect(seenByGuest.locationApproximate).toBe(true);
    const shown = { lat: seenByGuest.locationLat!, lng: seenByGuest.locationLng! };
    expect(shown).not.toEqual(HOME);
    const metres = distanceKm(HOME, shown) * 1000;
    expect(metres).toBeGreaterThan(100);
    expect(metres).toBeLessThan(APPROXIMATE_RADIUS_M);
    // The author's choice of the exact place is everyone's.
    const exact = await detail('guest', exactBarter._id);
    expect([exact.locationLat, exact.locationLng, exact.locationApproximate]).toEqual([
      -31.42,
      -64.19,
      false,
    ]);
  });

  it('never lets the exact home leak through lists, near, bbox, the map or favorites', async () => {
    // A leak is the exact pair in one object (a publication, a pin): an approximate point moved due north or east
    // keeps one of the home's coordinates, and a prefix of a number is not the number.
    const holdsHome = (value: unknown): boolean => {
      if (Array.isArray(value)) return value.some(holdsHome);
      if (typeof value !== 'object' || value === null) return false;
      const numbers = Object.values(value).filter((item) => typeof item === 'number');
      if (numbers.includes(HOME.lat) && numbers.includes(HOME.lng)) return true;
      return Object.values(value).some(holdsHome);
    };
    const leaks = (body: string) => holdsHome(JSON.parse(body));
    const urls = [
      '/api/publications',
      '/api/publications?typed=barter',
      `/api/publications?near=${HOME.lat},${HOME.lng}`,
      '/api/publications?bbox=-64.3,-31.5,-64.1,-31.3',
      '/api/publications/map?bbox=-64.3,-31.5,-64.1,-31.3&zoom=18',
      '/api/publications/map?bbox=-64.3,-31.5,-64.1,-31.3&zoom=4',
    ];
    for (const who of ['guest', 'other'] as const) {
      for (const url of urls) {
        const response = await get(who, url);
        expect(response.statusCode, url).toBe(200);
        expect(leaks(response.body), `${who} ${url}`).toBe(false);
      }
    }
    const saved = await request('other', { method: 'PUT', url: `/api/publication/${barter._id}/favorite` });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const favorites = await get('other', '/api/favorites');
    expect(favorites.body).toContain(barter._id);
    expect(leaks(favorites.body)).toBe(false);
    // Another member's export names what they saved, never where it is.
    const othersExport = await get('other', '/api/me/export');
    expect(othersExport.statusCode).toBe(200);
    expect(othersExport.body).toContain(barter._id);
    expect(leaks(othersExport.body)).toBe(false);
    // The author's own list and export have it.
    expect(leaks((await get('author', '/api/my-publications')).body)).toBe(true);
    const ownExport = (await get('author', '/api/me/export')).json<{
      publications: { id: string; locationLat: number; locationLng: number }[];
    }>();
    expect(ownExport.publications.find((item) => item.id === barter._id)).toMatchObject({
      locationLat: HOME.lat,
      locationLng: HOME.lng,
    });
  });

  it('lists the nearest first with their distances, with the other filters, the term and paging', async () => {
    const near = await page('guest', `/api/publications?near=${PLAZA.lat},${PLAZA.lng}`);
    expect(near.publications.map((item) => item.title)).toEqual([
      'Punto Verde Plaza San Martín',
      'Trueque en la feria',
      'Frascos de vidrio para trueque',
      'Punto limpio Medellín',
      // An order, not a filter: what has no point comes last, without a distance.
      'Compost sin lugar',
    ]);
    expect(near.total).toBe(5);
    expect(near.publications[4]?.distanceKm).toBeUndefined();
    const distances = near.publications.slice(0, 4).map((item) => item.distanceKm ?? -1);
    expect(distances[0]).toBe(0);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[3]).toBeGreaterThan(4000);
    // Paged past the points.
    const last = await page('guest', `/api/publications?near=${PLAZA.lat},${PLAZA.lng}&pageSize=2&page=3`);
    expect(last.publications.map((item) => item.title)).toEqual(['Compost sin lugar']);
    const barters = await page(
      'guest',
      `/api/publications?near=${PLAZA.lat},${PLAZA.lng}&typed=barter&pageSize=1&page=2`,
    );
    expect(barters.publications.map((item) => item.title)).toEqual(['Frascos de vidrio para trueque']);
    expect(barters.total).toBe(2);
    const term = await page('guest', `/api/publications?near=${MEDELLIN.lat},${MEDELLIN.lng}&term=punto`);
    expect(term.publications.map((item) => item.title)).toEqual([
      'Punto limpio Medellín',
      'Punto Verde Plaza San Martín',
    ]);
    // Without near, no distance.
    expect(
      (await page('guest', '/api/publications')).publications.every((item) => item.distanceKm === undefined),
    ).toBe(true);
  });

  it('keeps what lies inside a box, and the points open now', async () => {
    const cordoba = await page('guest', '/api/publications?bbox=-64.3,-31.5,-64.1,-31.3');
    expect(cordoba.publications.map((item) => item.title).sort()).toEqual([
      'Frascos de vidrio para trueque',
      'Punto Verde Plaza San Martín',
      'Trueque en la feria',
    ]);
    const dots = await page(
      'guest',
      '/api/publications?bbox=-64.3,-31.5,-64.1,-31.3&typed=dots&labels=Vidrios',
    );
    expect(dots.publications.map((item) => item.title)).toEqual(['Punto Verde Plaza San Martín']);
    const open = await page('guest', '/api/publications?open=now&typed=dots');
    expect(open.publications.map((item) => item.title)).toEqual(['Punto Verde Plaza San Martín']);
    expect(open.total).toBe(1);
  });

  it('answers the map as clusters when zoomed out and pins when zoomed in', async () => {
    const out = (await get('guest', '/api/publications/map?bbox=-80,-40,-60,10&zoom=3')).json<MapAnswer>();
    expect(out.total).toBe(4);
    expect(out.clusters).toEqual([expect.objectContaining({ count: 3 })]);
    expect(out.pins.map((pin) => pin.title)).toEqual(['Punto limpio Medellín']);
    const zoomed = (await get('guest', `/api/publications/map?bbox=${CENTRO}&zoom=16`)).json<MapAnswer>();
    expect(zoomed.clusters).toEqual([]);
    expect(zoomed.pins.map((pin) => pin.title).sort()).toEqual([
      'Frascos de vidrio para trueque',
      'Punto Verde Plaza San Martín',
      'Trueque en la feria',
    ]);
    expect(zoomed.pins.find((pin) => pin._id === barter._id)?.approximate).toBe(true);
    const filtered = (
      await get('guest', '/api/publications/map?bbox=-80,-40,-60,10&zoom=3&typed=dots&term=punto')
    ).json<MapAnswer>();
    expect(filtered.total).toBe(2);
  });

  it('groups an area too wide for its zoom in a coarser grid, as zoomed out, instead of failing', async () => {
    // The world at zoom 16 (a request written by hand, or a tilted map's horizon) is grouped in zoom 4's grid: every
    // point its own cell would be a pin each to look up, more than a database takes at once on a big site.
    const world = '/api/publications/map?bbox=-180,-85,180,85';
    const wide = await get('guest', `${world}&zoom=16`);
    expect(wide.statusCode, wide.body).toBe(200);
    expect(wide.json<MapAnswer>()).toEqual((await get('guest', `${world}&zoom=4`)).json<MapAnswer>());
    expect(wide.json<MapAnswer>().total).toBe(4);
    expect(wide.json<MapAnswer>().clusters).toEqual([expect.objectContaining({ count: 3 })]);
  });

  it('answers a map of what is open now for its minute only, remembered within it', async () => {
    // A recycling point in Posadas open 9:00–10:00 (Argentina) on the day of `before`, created now (sessions are
    // real); then only Date is faked.
    const before = new Date('2030-12-11T12:59:30Z');
    const after = new Date('2030-12-11T13:00:05Z');
    await create('superUser', {
      ...validForm('dots', [(await uploadImage(app, actors.superUser)).url], {
        title: 'Punto limpio Posadas',
      }),
      locationLat: -27.37,
      locationLng: -55.9,
      openingHours: [{ day: weekdayAt('arg', before), opens: '09:00', closes: '10:00' }],
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(before);
      const url = '/api/publications/map?bbox=-56,-27.5,-55.8,-27.3&zoom=14&open=now';
      const titles = async () => (await get('guest', url)).json<MapAnswer>().pins.map((pin) => pin.title);
      // Computed, then remembered: the same answer within the minute.
      expect(await titles()).toEqual(['Punto limpio Posadas']);
      expect(await titles()).toEqual(['Punto limpio Posadas']);
      // Closed from 10:00, with nothing written in between: the remembered answer is not given again.
      vi.setSystemTime(after);
      expect(await titles()).toEqual([]);
      expect(await titles()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses bad coordinates, areas and zooms with Spanish messages', async () => {
    const cases: [string, string][] = [
      ['/api/publications?near=-31.4', 'El punto de búsqueda tiene un formato incorrecto'],
      ['/api/publications?near=-95,-64', 'La latitud debe estar entre -90 y 90'],
      ['/api/publications?near=40.41,-3.70', 'El punto debe estar en Argentina o Colombia'],
      [
        '/api/publications?bbox=-63,-32,-65,-30',
        'El área del mapa está invertida: el mínimo supera al máximo',
      ],
      ['/api/publications?bbox=-63,-32', 'El área del mapa tiene un formato incorrecto'],
      ['/api/publications?open=later', 'El horario es incorrecto'],
      ['/api/publications/map?bbox=-65,-32,-63,-30&zoom=30', 'El zoom debe estar entre 0 y 22'],
      ['/api/publications/map?zoom=3', 'El área del mapa es obligatoria'],
    ];
    for (const [url, message] of cases) {
      const response = await get('guest', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.body, url).toContain(message);
    }
    const outside = await request('author', {
      method: 'POST',
      url: '/api/publications',
      payload: { ...validForm('dots', [image]), locationLat: 40.41, locationLng: -3.7 },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.body).toContain('El punto debe estar en Argentina o Colombia');
  });

  it('moves a point everywhere at once after its author changes it', async () => {
    const before = await page('guest', '/api/publications?bbox=-64.3,-31.5,-64.1,-31.3&typed=barter');
    expect(before.total).toBe(2);
    const mapUrl = `/api/publications/map?bbox=${CENTRO}&zoom=16&typed=barter`;
    const pinsOf = async () =>
      (await get('guest', mapUrl))
        .json<MapAnswer>()
        .pins.map((pin) => pin.title)
        .sort();
    expect(await pinsOf()).toEqual(['Frascos de vidrio para trueque', 'Trueque en la feria']);
    const moved = await request('superUser', {
      method: 'PUT',
      url: `/api/publication/${exactBarter._id}`,
      payload: {
        ...validForm('barter', [exactBarter.files[0]!.url], { title: exactBarter.title }),
        locationLat: -34.6037,
        locationLng: -58.3816,
        locationExact: true,
        status: 1,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The map remembered before the move is not served after it.
    expect(await pinsOf()).toEqual(['Frascos de vidrio para trueque']);
    const after = await page('guest', '/api/publications?bbox=-64.3,-31.5,-64.1,-31.3&typed=barter');
    expect(after.publications.map((item) => item.title)).toEqual(['Frascos de vidrio para trueque']);
    expect(after.total).toBe(1);
    const near = await page('guest', `/api/publications?near=-34.6,-58.38&pageSize=1`);
    expect(near.publications[0]?.title).toBe('Trueque en la feria');
    // Deleted: gone from the index at once.
    const removed = await request('author', { method: 'DELETE', url: `/api/publication/${exactBarter._id}` });
    expect(removed.statusCode).toBe(204);
    const afterDelete = await page('guest', `/api/publications?near=-34.6,-58.38`);
    expect(afterDelete.publications.map((item) => item.title)).not.toContain('Trueque en la feria');
    const map = (await get('guest', '/api/publications/map?bbox=-60,-35,-58,-34&zoom=10')).json<MapAnswer>();
    expect(map.total).toBe(0);
  });
});
