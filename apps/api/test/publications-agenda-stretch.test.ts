import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { relativeWhen, timeZoneOf } from '@eco/domain';
import { cacheLookupsOf } from '../src/db/cache-lookups.ts';
import { readAgendaStretch } from '../src/modules/publications/agenda-stretch.ts';
import { seeded } from './helpers/map-cells.ts';
import { createActors, storePublication, type Actors } from './helpers/publications.ts';
import { createOtherInstance, createTestApp, type OtherInstance, type TestApp } from './helpers/test-app.ts';

// An agenda is computed for the first minute of the stretch around the current one through which no start, end or
// midnight falls, and kept through it (decision 070): each minute's answer exact, its cards' "ahora", "hoy" and
// "mañana" the same as if said from the minute itself, computed again only when the clock reaches a boundary or a write
// may change it, on every process. Both dialects.

type Card = {
  title: string;
  calendaredAt: string;
  calendaredUntil?: string | null;
  locationCountry: string | null;
};
type Page = { publications: Card[]; total: number; asOf?: string };

// Thursday 12 December 2030. Argentina is UTC−3, Colombia UTC−5.
const DAY = '2030-12-12';
/** The instant at `time` (hh:mm) in Argentina on DAY (or on the day after, with `next`). */
const argentina = (time: string, next = false) => new Date(`${next ? '2030-12-13' : DAY}T${time}:00-03:00`);
const iso = (time: string, next = false) => argentina(time, next).toISOString();
/** Midnight in Bogotá on DAY: the later of the two zones' midnights, 02:00 in Argentina. */
const BOGOTA_MIDNIGHT = new Date(`${DAY}T00:00:00-05:00`).getTime();

describe('agenda answers kept through a stretch of minutes', () => {
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

  /** A published event (or another category's, or a draft), written through another process's connection. */
  async function event(
    title: string,
    start: string,
    until: string | null,
    extra: { typed?: string; status?: 0 | 1; country?: string } = {},
  ): Promise<string> {
    return storePublication(other.database.db, {
      typed: extra.typed ?? 'events',
      title,
      status: extra.status ?? 1,
      country: extra.country ?? 'arg',
      createdBy: actors.author.id,
      createdAt: new Date(BOGOTA_MIDNIGHT - 86_400_000).toISOString(),
      calendaredAt: start,
      calendaredUntil: until,
    });
  }

  /** The agenda of events at `instant`, through `instance`, and how many answers were computed (not kept). */
  async function agendaAt(
    instant: Date,
    query = 'typed=events&pageSize=50',
    instance: FastifyInstance = app,
  ): Promise<{ titles: string[]; computed: number; page: Page }> {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(instant);
    const misses = cacheLookupsOf('list-answers').misses;
    const response = await instance.inject({ method: 'GET', url: `/api/publications?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Page>();
    expect(page.total).toBe(page.publications.length);
    // Every card says the same from the answer's minute as from the clock's.
    const asOf = new Date(page.asOf ?? '');
    for (const card of page.publications) {
      const zone = timeZoneOf(card.locationCountry);
      const end = card.calendaredUntil ?? null;
      expect(relativeWhen(card.calendaredAt, end, zone, asOf), card.title).toBe(
        relativeWhen(card.calendaredAt, end, zone, instant),
      );
    }
    return {
      titles: page.publications.map((card) => card.title),
      computed: cacheLookupsOf('list-answers').misses - misses,
      page,
    };
  }

  it('reads the stretch around a minute from the starts, the ends and the midnights', async () => {
    const db = subject.database.db;
    // Nothing dated yet: from the later midnight to the next one.
    expect(await readAgendaStretch(db, 'events', argentina('17:30'))).toEqual({
      first: BOGOTA_MIDNIGHT,
      until: argentina('00:00', true).getTime(),
    });
    await event('Taller de compost', iso('18:00'), iso('20:00'));
    await event('Charla de reciclaje', iso('19:30'), null);
    // Neither a draft nor another category moves an events' stretch.
    await event('Borrador de feria', iso('17:40'), null, { status: 0 });
    await event('Curso de huerta', iso('17:50'), iso('18:10'), { typed: 'courses' });
    const stretch = async (time: string) => readAgendaStretch(db, 'events', argentina(time));
    expect(await stretch('17:30')).toEqual({ first: BOGOTA_MIDNIGHT, until: argentina('18:00').getTime() });
    // A start belongs to the minutes from it on.
    expect(await stretch('18:00')).toEqual({
      first: argentina('18:00').getTime(),
      until: argentina('19:30').getTime(),
    });
    // An event without an end ends at its start: its own minute is a stretch of one minute.
    expect(await stretch('19:30')).toEqual({
      first: argentina('19:30').getTime(),
      until: argentina('19:30').getTime() + 1,
    });
    // An end belongs to the minutes up to it: the workshop is still listed at 20:00.
    expect(await stretch('19:31')).toEqual({
      first: argentina('19:31').getTime(),
      until: argentina('20:00').getTime() + 1,
    });
    expect(await stretch('20:00')).toEqual({
      first: argentina('19:31').getTime(),
      until: argentina('20:00').getTime() + 1,
    });
    expect(await stretch('20:01')).toEqual({
      first: argentina('20:01').getTime(),
      until: argentina('00:00', true).getTime(),
    });
    // The courses have their own.
    expect(await readAgendaStretch(db, 'courses', argentina('18:05'))).toEqual({
      first: argentina('17:50').getTime(),
      until: argentina('18:10').getTime() + 1,
    });
  });

  it('answers every minute exactly, computing again only at a start, an end, a midnight or a write that may change it', async () => {
    // The workshop (18:00–20:00) and the talk (19:30) of the test before.
    const both = ['Taller de compost', 'Charla de reciclaje'];
    const first = await agendaAt(argentina('17:30'));
    expect(first).toMatchObject({ titles: both, computed: 1 });
    expect(first.page.asOf).toBe(new Date(BOGOTA_MIDNIGHT).toISOString());
    expect(await agendaAt(argentina('17:59'))).toMatchObject({ titles: both, computed: 0 });
    // The month view's marks follow the same stretch: kept through it, computed again when it ends.
    const days = async (time: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(argentina(time));
      const misses = cacheLookupsOf('calendar-days').misses;
      const response = await app.inject({
        method: 'GET',
        url: '/api/publications/days?typed=events&country=arg',
      });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<{ days: { day: string; count: number }[]; asOf: string }>();
      return { ...answer, computed: cacheLookupsOf('calendar-days').misses - misses };
    };
    const marks = [{ day: DAY, count: 2 }];
    expect(await days('17:30')).toEqual({
      days: marks,
      from: '2030-12-01',
      to: '2030-12-31',
      asOf: new Date(BOGOTA_MIDNIGHT).toISOString(),
      computed: 1,
    });
    expect(await days('17:59')).toMatchObject({ days: marks, computed: 0 });
    expect(await days('18:00')).toMatchObject({ days: marks, asOf: iso('18:00'), computed: 1 });
    // The workshop begins: its card says "ahora".
    const begun = await agendaAt(argentina('18:00'));
    expect(begun).toMatchObject({ titles: both, computed: 1 });
    expect(begun.page.asOf).toBe(iso('18:00'));
    expect(await agendaAt(argentina('19:29'))).toMatchObject({ titles: both, computed: 0 });
    expect(await agendaAt(argentina('19:30'))).toMatchObject({ titles: both, computed: 1 });
    expect(await agendaAt(argentina('19:31'))).toMatchObject({ titles: ['Taller de compost'], computed: 1 });
    expect(await agendaAt(argentina('20:00'))).toMatchObject({ titles: ['Taller de compost'], computed: 0 });
    expect(await agendaAt(argentina('20:01'))).toMatchObject({ titles: [], computed: 1 });
    // The other process keeps its own, from the same stretches.
    expect(await agendaAt(argentina('20:02'), undefined, other.app)).toMatchObject({
      titles: [],
      computed: 1,
    });
    expect(await agendaAt(argentina('20:30'), undefined, other.app)).toMatchObject({
      titles: [],
      computed: 0,
    });

    // Another process adds an event that starts and ends inside the stretch: seen at once, and gone after its end.
    await event('Limpieza de la costanera', iso('20:40'), iso('21:00'));
    expect(await agendaAt(argentina('20:35'))).toMatchObject({
      titles: ['Limpieza de la costanera'],
      computed: 1,
    });
    expect(await agendaAt(argentina('20:45'))).toMatchObject({
      titles: ['Limpieza de la costanera'],
      computed: 1,
    });
    expect(await agendaAt(argentina('20:59'))).toMatchObject({
      titles: ['Limpieza de la costanera'],
      computed: 0,
    });
    expect(await agendaAt(argentina('21:01'))).toMatchObject({ titles: [], computed: 1 });
    // A course inside the stretch cannot change the events' agenda: kept.
    await event('Curso nocturno', iso('21:30'), iso('22:00'), { typed: 'courses' });
    expect(await agendaAt(argentina('21:40'))).toMatchObject({ titles: [], computed: 0 });
    // An event under way since before the stretch that ends inside it: seen at once, gone after its end.
    await event('Jornada de limpieza', iso('20:00'), iso('22:00'));
    expect(await agendaAt(argentina('21:42'))).toMatchObject({
      titles: ['Jornada de limpieza'],
      computed: 1,
    });
    expect(await agendaAt(argentina('22:00'))).toMatchObject({
      titles: ['Jornada de limpieza'],
      computed: 0,
    });
    expect(await agendaAt(argentina('22:01'))).toMatchObject({ titles: [], computed: 1 });
    // An event of another day cannot move the stretch: the list is computed again with it, from the same stretch.
    const reads = cacheLookupsOf('agenda-stretches').misses;
    await event('Feria de fin de mes', '2030-12-28T13:00:00.000Z', null);
    const later = await agendaAt(argentina('22:10'));
    expect(later).toMatchObject({ titles: ['Feria de fin de mes'], computed: 1 });
    expect(later.page.asOf).toBe(iso('22:01'));
    expect(cacheLookupsOf('agenda-stretches').misses - reads).toBe(0);

    // "Hoy" changes at midnight: the list of today is computed again on the new day.
    await event('Feria de mañana', iso('10:00', true), null);
    const today = 'typed=events&when=today&country=arg';
    // (The fair at the month's end is not today.)
    expect(await agendaAt(argentina('23:59'), today)).toMatchObject({ titles: [], computed: 1 });
    expect(await agendaAt(argentina('00:00', true), today)).toMatchObject({
      titles: ['Feria de mañana'],
      computed: 1,
    });
    expect(await agendaAt(argentina('01:59', true), today)).toMatchObject({
      titles: ['Feria de mañana'],
      computed: 0,
    });
  });

  it('agrees with the clock on every process over random writes and minutes', async () => {
    const random = seeded(70);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    type Fixture = { title: string; start: number; end: number; published: boolean; country: string };
    const fixtures = new Map<string, Fixture>();
    // Starts on distinct minutes, so that the soonest-first order has no ties.
    const used = new Set<number>();
    let clock = argentina('08:00', true).getTime();
    let made = 0;
    const minute = 60_000;
    const offset = () => {
      for (;;) {
        const at = clock + Math.round((random() * 360 - 120) / 5) * 5 * minute;
        if (!used.has(at)) {
          used.add(at);
          return at;
        }
      }
    };
    for (let step = 0; step < 60; step += 1) {
      const action = random();
      if (action < 0.35 || fixtures.size === 0) {
        made += 1;
        const start = offset();
        const end = random() < 0.5 ? start : start + pick([30, 60, 90, 180]) * minute;
        const fixture = {
          title: `Evento ${made}`,
          start,
          end,
          published: random() < 0.85,
          country: pick(['arg', 'col']),
        };
        const id = await event(
          fixture.title,
          new Date(start).toISOString(),
          end === start ? null : new Date(end).toISOString(),
          { status: fixture.published ? 1 : 0, country: fixture.country },
        );
        fixtures.set(id, fixture);
      } else if (action < 0.5) {
        const [id, fixture] = pick([...fixtures]);
        const start = offset();
        const end = start + pick([0, 15, 45]) * minute;
        fixtures.set(id, { ...fixture, start, end });
        await pick([subject, other])
          .database.db.updateTable('publications')
          .set({
            calendared_at: new Date(start).toISOString(),
            calendared_until: end === start ? null : new Date(end).toISOString(),
          })
          .where('id', '=', id)
          .execute();
      } else {
        clock += pick([0, 1, 1, 2, 5, 13, 29]) * minute;
      }
      const now = new Date(clock);
      const expected = [...fixtures.values()]
        .filter((one) => one.published && one.end >= clock)
        .sort((a, b) => a.start - b.start)
        .map((one) => one.title);
      const ended = [...fixtures.values()]
        .filter((one) => one.published && one.end < clock)
        .map((one) => one.title)
        .sort();
      // The events of the tests before are left out: they ended, but for one dated this morning.
      const ours = (titles: string[]) => titles.filter((title) => title.startsWith('Evento '));
      for (const instance of [app, other.app]) {
        expect(ours((await agendaAt(now, undefined, instance)).titles), `step ${step}`).toEqual(expected);
        const past = await agendaAt(now, 'typed=events&past=1&pageSize=50', instance);
        expect(ours(past.titles).sort(), `step ${step}, past`).toEqual(ended);
      }
    }
  });
});
