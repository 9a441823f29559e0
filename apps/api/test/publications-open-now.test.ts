import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isOpenAt, weekdayAt, type OpeningHours } from '@eco/domain';
import { cacheLookupsOf } from '../src/db/cache-lookups.ts';
import { seeded } from './helpers/map-cells.ts';
import { readOpenIntervals } from '../src/modules/publications/open-now.ts';
import {
  createActors,
  createPublication,
  uploadImage,
  validForm,
  type Actors,
} from './helpers/publications.ts';
import { createOtherInstance, createTestApp, type OtherInstance, type TestApp } from './helpers/test-app.ts';

// open=now's answers are kept for the interval of the week between two opening or closing minutes, not for one minute
// (decision 062): each minute's answer exact, computed again only when a point opens or closes, or a write may
// change it, on every process. Both dialects.

type MapAnswer = { total: number; pins: { title: string }[] };
type Page = { publications: { title: string }[]; total: number };

// Wednesday 11 December 2030, Argentina's time (UTC−3); Colombia is two hours behind.
const DAY = '2030-12-11';
const WEDNESDAY = 3 * 24 * 60;
/** The instant at `time` (hh:mm) in Argentina on DAY. */
const argentina = (time: string) => new Date(`${DAY}T${time}:00-03:00`);
/** Minutes of Wednesday from midnight (Argentina's week minute, or Colombia's). */
const wednesday = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return WEDNESDAY + hours * 60 + minutes;
};

// A box around Posadas (Misiones).
const BOX = '-56,-27.5,-55.8,-27.3';
const MAP_URL = `/api/publications/map?bbox=${BOX}&zoom=14&typed=dots&open=now`;
const LIST_URL = `/api/publications?bbox=${BOX}&typed=dots&open=now`;

describe('open now between two boundaries', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let other: OtherInstance;
  let actors: Actors;

  beforeAll(async () => {
    subject = await createTestApp();
    app = subject.app;
    actors = await createActors(subject.database.db);
    other = await createOtherInstance(subject);
  });

  afterAll(async () => {
    await other.close();
    await subject.dispose();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** A published recycling point (a super user's), written through `through`, with the real clock (sessions are). */
  async function point(
    through: FastifyInstance,
    title: string,
    at: { lat: number; lng: number },
    country: 'arg' | 'col',
    opens: string,
    closes: string,
  ): Promise<void> {
    vi.useRealTimers();
    const image = (await uploadImage(through, actors.superUser)).url;
    await createPublication(through, actors.superUser, {
      ...validForm('dots', [image], {
        title,
        ...(country === 'col'
          ? { locationCountry: 'col', locationProvince: 'antioquia', locationCity: 'medellin' }
          : {}),
      }),
      locationLat: at.lat,
      locationLng: at.lng,
      openingHours: [{ day: weekdayAt(country, argentina('12:00')), opens, closes }],
    });
  }

  /** What the map and the list answer at `time` in Argentina, and how many of each were computed (not kept). */
  async function openAt(time: string): Promise<{ map: string[]; list: string[]; computed: number }> {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(argentina(time));
    const misses = cacheLookupsOf('map-answers').misses + cacheLookupsOf('list-answers').misses;
    const map = await app.inject({ method: 'GET', url: MAP_URL });
    expect(map.statusCode, map.body).toBe(200);
    const list = await app.inject({ method: 'GET', url: LIST_URL });
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json<Page>();
    expect(page.total).toBe(page.publications.length);
    return {
      map: map
        .json<MapAnswer>()
        .pins.map((pin) => pin.title)
        .sort(),
      list: page.publications.map((item) => item.title).sort(),
      computed: cacheLookupsOf('map-answers').misses + cacheLookupsOf('list-answers').misses - misses,
    };
  }

  it('reads the interval around each country minute from every point boundary', async () => {
    const db = subject.database.db;
    // No point has hours yet: the whole week.
    expect(await readOpenIntervals(db, { arg: 0, col: 0 })).toEqual({ arg: [0, 10080], col: [0, 10080] });
    await point(app, 'Punto limpio Posadas', { lat: -27.37, lng: -55.9 }, 'arg', '09:00', '10:00');
    // A boundary belongs to the interval it begins.
    expect(await readOpenIntervals(db, { arg: wednesday('09:00'), col: wednesday('07:00') })).toEqual({
      arg: [wednesday('09:00'), wednesday('10:00')],
      col: [0, wednesday('09:00')],
    });
    expect(await readOpenIntervals(db, { arg: wednesday('10:00'), col: wednesday('08:59') })).toEqual({
      arg: [wednesday('10:00'), 10080],
      col: [0, wednesday('09:00')],
    });
  });

  it('answers every minute exactly, computing again only when a point opens or closes or a write may change it', async () => {
    // Posadas is open 9:00–10:00 (the test before created it).
    expect(await openAt('08:59')).toEqual({ map: [], list: [], computed: 2 });
    expect(await openAt('09:00')).toEqual({
      map: ['Punto limpio Posadas'],
      list: ['Punto limpio Posadas'],
      computed: 2,
    });
    // The next minutes are the same interval: kept.
    expect(await openAt('09:01')).toEqual({
      map: ['Punto limpio Posadas'],
      list: ['Punto limpio Posadas'],
      computed: 0,
    });
    expect(await openAt('09:17')).toEqual({
      map: ['Punto limpio Posadas'],
      list: ['Punto limpio Posadas'],
      computed: 0,
    });

    // Another process adds a point in the box open 9:30–12:00: a boundary inside the kept interval, and a write to
    // what the answers may show, so they are dropped and the interval read again.
    await point(other.app, 'Ecopunto Villa Sarita', { lat: -27.38, lng: -55.91 }, 'arg', '09:30', '12:00');
    expect(await openAt('09:18')).toEqual({
      map: ['Punto limpio Posadas'],
      list: ['Punto limpio Posadas'],
      computed: 2,
    });
    expect(await openAt('09:29')).toEqual({
      map: ['Punto limpio Posadas'],
      list: ['Punto limpio Posadas'],
      computed: 0,
    });
    const both = ['Ecopunto Villa Sarita', 'Punto limpio Posadas'];
    expect(await openAt('09:30')).toEqual({ map: both, list: both, computed: 2 });
    expect(await openAt('09:35')).toEqual({ map: both, list: both, computed: 0 });

    // A point far from the box with a boundary inside the interval (Medellín, 7:38 in Colombia is 9:38 here): the
    // kept answers cannot change and stay; the others' intervals end there.
    await point(other.app, 'Punto limpio Medellín', { lat: 6.2442, lng: -75.5812 }, 'col', '07:38', '08:10');
    expect(await openAt('09:36')).toEqual({ map: both, list: both, computed: 0 });
    expect(await openAt('09:59')).toEqual({ map: both, list: both, computed: 0 });

    // Posadas closes at 10:00; Villa Sarita stays open until noon. Medellín's 8:10 (10:10 here) ends the interval.
    const sarita = ['Ecopunto Villa Sarita'];
    expect(await openAt('10:00')).toEqual({ map: sarita, list: sarita, computed: 2 });
    expect(await openAt('10:09')).toEqual({ map: sarita, list: sarita, computed: 0 });
    expect(await openAt('10:10')).toEqual({ map: sarita, list: sarita, computed: 2 });
    expect(await openAt('10:59')).toEqual({ map: sarita, list: sarita, computed: 0 });
    // Posadas's 9:00 is also a boundary of Colombia's minutes (11:00 here): every point's boundaries count in both
    // countries, so the interval ends there too.
    expect(await openAt('11:00')).toEqual({ map: sarita, list: sarita, computed: 2 });
    expect(await openAt('12:00')).toEqual({ map: [], list: [], computed: 2 });
    // An earlier interval asked again (a clock set back): kept all along, since nothing written since could change it.
    expect(await openAt('10:30')).toEqual({ map: sarita, list: sarita, computed: 0 });
  });

  it('gives the other process the same answers, each minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    for (const [time, titles] of [
      ['09:10', ['Punto limpio Posadas']],
      ['09:45', ['Ecopunto Villa Sarita', 'Punto limpio Posadas']],
      ['10:30', ['Ecopunto Villa Sarita']],
    ] as const) {
      vi.setSystemTime(argentina(time));
      const map = await other.app.inject({ method: 'GET', url: MAP_URL });
      expect(
        map
          .json<MapAnswer>()
          .pins.map((pin) => pin.title)
          .sort(),
      ).toEqual(titles);
    }
  });
});

describe('open now under random writes and clocks', () => {
  let subject: TestApp;
  let actors: Actors;

  beforeAll(async () => {
    subject = await createTestApp();
    actors = await createActors(subject.database.db);
  });

  afterAll(async () => {
    vi.useRealTimers();
    await subject.dispose();
  });

  it('answers as the hours say at every step', async () => {
    const { app } = subject;
    const random = seeded(62);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    // Inside the box (Posadas), elsewhere in Argentina (Córdoba), and in Colombia (Medellín).
    const places = [
      { inBox: true, country: 'arg', at: { lat: -27.37, lng: -55.9 }, form: {} },
      { inBox: false, country: 'arg', at: { lat: -31.4167, lng: -64.1836 }, form: {} },
      {
        inBox: false,
        country: 'col',
        at: { lat: 6.2442, lng: -75.5812 },
        form: { locationCountry: 'col', locationProvince: 'antioquia', locationCity: 'medellin' },
      },
    ] as const;
    const image = (await uploadImage(app, actors.superUser)).url;
    /** Hours on the test's Wednesday: one or two stretches, in ten-minute steps between 8:00 and 14:00. */
    const hours = (): OpeningHours => {
      const day = weekdayAt('arg', argentina('12:00'));
      const time = (step: number) => `${String(8 + Math.floor(step / 6)).padStart(2, '0')}:${step % 6}0`;
      const count = random() < 0.5 ? 2 : 4;
      const steps = new Set<number>();
      while (steps.size < count) steps.add(Math.floor(random() * 37));
      const sorted = [...steps].sort((a, b) => a - b);
      return Array.from({ length: count / 2 }, (_, index) => ({
        day,
        opens: time(sorted[2 * index] ?? 0),
        closes: time(sorted[2 * index + 1] ?? 0),
      }));
    };
    type Point = { id: string; title: string; place: (typeof places)[number]; hours: OpeningHours };
    const points: Point[] = [];
    const write = async (point: Point, method: 'POST' | 'PUT') => {
      vi.useRealTimers();
      const response = await app.inject({
        method,
        url: method === 'POST' ? '/api/publications' : `/api/publication/${point.id}`,
        headers: actors.superUser.headers,
        payload: {
          ...validForm('dots', [image], { title: point.title, ...point.place.form }),
          locationLat: point.place.at.lat,
          locationLng: point.place.at.lng,
          openingHours: point.hours,
          status: 1,
        },
      });
      expect(response.statusCode, response.body).toBe(method === 'POST' ? 201 : 200);
      point.id = response.json<{ publication: { _id: string } }>().publication._id;
    };

    let now = argentina('09:00');
    let checks = 0;
    for (let step = 0; step < 60; step += 1) {
      const roll = random();
      if (roll < 0.2 || points.length < 3) {
        const point = { id: '', title: `Punto ${points.length + 1}`, place: pick(places), hours: hours() };
        await write(point, 'POST');
        points.push(point);
      } else if (roll < 0.35) {
        const point = pick(points);
        point.hours = hours();
        await write(point, 'PUT');
      } else {
        // Mostly forward a few minutes, as a clock goes; sometimes anywhere in the morning.
        now =
          random() < 0.8
            ? new Date(now.getTime() + Math.floor(random() * 20) * 60_000)
            : argentina(
                `${String(8 + Math.floor(random() * 6)).padStart(2, '0')}:${String(Math.floor(random() * 60)).padStart(2, '0')}`,
              );
      }
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
      const open = (inBox: boolean | undefined) =>
        points
          .filter(
            (point) =>
              (inBox === undefined || point.place.inBox === inBox) &&
              isOpenAt(point.hours, point.place.country, now),
          )
          .map((point) => point.title)
          .sort();
      const map = (await app.inject({ method: 'GET', url: MAP_URL })).json<MapAnswer>();
      const list = await app.inject({
        method: 'GET',
        url: '/api/publications?typed=dots&open=now&pageSize=60',
      });
      const listed = list
        .json<Page>()
        .publications.map((item) => item.title)
        .sort();
      // The points in the box share one place: the map groups them in one cluster (or shows the one).
      expect({ step, at: now.toISOString(), onMap: map.total, listed }).toEqual({
        step,
        at: now.toISOString(),
        onMap: open(true).length,
        listed: open(undefined),
      });
      checks += 1;
    }
    expect(checks).toBe(60);
  });
});
