import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AGENDA_MESSAGES } from '@eco/domain';
import {
  createActors,
  pageOf,
  storePublication,
  titlesOf,
  type Actors,
  type StoredPublication,
} from './helpers/publications.ts';
import { createOtherInstance, createTestApp, type OtherInstance, type TestApp } from './helpers/test-app.ts';

// The agenda of GET /api/publications (issue 25): what has not ended, soonest first; `past`; the quick periods and
// ranges of days in each country's time zone; exact as writes happen and as the clock moves, on every process.

// Wednesday 11 December 2030, 15:00 UTC: 12:00 in Buenos Aires, 10:00 in Bogotá.
const NOW = new Date('2030-12-11T15:00:00Z');

type Event = Omit<StoredPublication, 'createdBy' | 'createdAt'>;

const EVENTS: Record<string, Event> = {
  ended: { title: 'Feria que ya pasó', calendaredAt: '2030-12-10T13:00:00.000Z', country: 'arg' },
  endedEarlier: { title: 'Taller de noviembre', calendaredAt: '2030-11-20T13:00:00.000Z', country: 'arg' },
  underWay: {
    title: 'Jornada de tres días',
    calendaredAt: '2030-12-10T13:00:00.000Z',
    calendaredUntil: '2030-12-13T13:00:00.000Z',
    country: 'arg',
  },
  soon: { title: 'Limpieza de plaza hoy', calendaredAt: '2030-12-11T15:30:00.000Z', country: 'arg' },
  // Friday 22:00 in Buenos Aires: not yet the weekend.
  fridayNight: { title: 'Peña del viernes', calendaredAt: '2030-12-14T01:00:00.000Z', country: 'arg' },
  // Sunday 23:30 in Bogotá (Monday 04:30 UTC): this weekend there.
  bogotaSunday: { title: 'Compostaje en Medellín', calendaredAt: '2030-12-16T04:30:00.000Z', country: 'col' },
  // The next instant in Buenos Aires is Monday 01:45: not the weekend.
  mondayNight: { title: 'Trasnoche en Rosario', calendaredAt: '2030-12-16T04:45:00.000Z', country: 'arg' },
  nextMonth: { title: 'Huerta en enero', calendaredAt: '2031-01-10T13:00:00.000Z', country: 'arg' },
  unpublished: { title: 'Borrador de evento', calendaredAt: '2030-12-12T13:00:00.000Z', status: 0 },
};

const UPCOMING = [
  'Jornada de tres días',
  'Limpieza de plaza hoy',
  'Peña del viernes',
  'Compostaje en Medellín',
  'Trasnoche en Rosario',
  'Huerta en enero',
];

describe('GET /api/publications: the agenda', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let second: OtherInstance;
  let actors: Actors;

  const get = (query: string, instance: FastifyInstance = app, headers?: Record<string, string>) =>
    instance.inject({ method: 'GET', url: `/api/publications?${query}`, ...(headers ? { headers } : {}) });
  const titles = async (query: string, instance?: FastifyInstance) => titlesOf(await get(query, instance));

  beforeAll(async () => {
    // Only Date is faked: timers, the database and the reader threads run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    subject = await createTestApp();
    app = subject.app;
    second = await createOtherInstance(subject);
    actors = await createActors(subject.database.db);
    let minute = 0;
    for (const event of Object.values(EVENTS)) {
      minute += 1;
      await storePublication(subject.database.db, {
        typed: 'events',
        createdBy: actors.author.id,
        createdAt: new Date(NOW.getTime() - 86_400_000 + minute * 60_000).toISOString(),
        ...event,
      });
    }
    await storePublication(subject.database.db, {
      typed: 'courses',
      title: 'Curso de reciclaje hoy',
      calendaredAt: '2030-12-11T20:00:00.000Z',
      country: 'arg',
      createdBy: actors.author.id,
      createdAt: NOW.toISOString(),
    });
    await storePublication(subject.database.db, {
      typed: 'market',
      title: 'Frascos de vidrio',
      createdBy: actors.author.id,
      createdAt: NOW.toISOString(),
    });
  });

  afterAll(async () => {
    await second.close();
    await subject.dispose();
    vi.useRealTimers();
  });

  it('lists the events that have not ended, soonest first, the one under way first; asOf names the stretch', async () => {
    const response = await get('typed=events');
    expect(titlesOf(response)).toEqual(UPCOMING);
    expect(pageOf(response).total).toBe(UPCOMING.length);
    // The first minute of the stretch the list holds through (agenda-stretch.ts): no event began or ended since
    // midnight in Bogotá, the latest of the zones' midnights.
    expect(response.json<{ asOf?: string }>().asOf).toBe('2030-12-11T05:00:00.000Z');
    expect(await titles('typed=courses')).toEqual(['Curso de reciclaje hoy']);
    // past=0 asks the agenda of every dated category (a member's profile).
    expect(await titles(`past=0&author=${actors.author.id}&pageSize=3`)).toEqual([
      'Jornada de tres días',
      'Limpieza de plaza hoy',
      'Curso de reciclaje hoy',
    ]);
    // Other categories stay newest first, without a clock.
    const market = await get('typed=market');
    expect(titlesOf(market)).toEqual(['Frascos de vidrio']);
    expect(market.json<{ asOf?: string }>().asOf).toBeUndefined();
  });

  it('past=1 lists what has ended, the latest first', async () => {
    expect(await titles('typed=events&past=1')).toEqual(['Feria que ya pasó', 'Taller de noviembre']);
  });

  it('"today" is what happens today, started or not, in the country’s zone', async () => {
    expect(await titles('typed=events&when=today')).toEqual([
      'Jornada de tres días',
      'Limpieza de plaza hoy',
    ]);
    expect(await titles('when=today')).toEqual([
      'Jornada de tres días',
      'Limpieza de plaza hoy',
      'Curso de reciclaje hoy',
    ]);
  });

  it('the weekend is Saturday and Sunday in each publication’s zone: 23:30 on Sunday in Bogotá is in it', async () => {
    expect(await titles('typed=events&when=weekend')).toEqual(['Compostaje en Medellín']);
    expect(await titles('typed=events&when=weekend&country=col')).toEqual(['Compostaje en Medellín']);
    expect(await titles('typed=events&when=weekend&country=arg')).toEqual([]);
  });

  it('the next 7 days, the month and ranges of days', async () => {
    expect(await titles('typed=events&when=week')).toEqual(UPCOMING.slice(0, 5));
    expect(await titles('typed=events&when=month')).toEqual(UPCOMING.slice(0, 5));
    expect(await titles('typed=events&from=2031-01-01&to=2031-01-31')).toEqual(['Huerta en enero']);
    expect(await titles('typed=events&from=2030-12-14&to=2030-12-15&country=col')).toEqual([
      'Compostaje en Medellín',
    ]);
    expect(await titles('typed=events&to=2030-12-13')).toEqual(UPCOMING.slice(0, 3));
    expect(await titles('typed=events&from=2030-11-01&to=2030-11-30&past=1')).toEqual([
      'Taller de noviembre',
    ]);
  });

  it('combines with the other filters and the search term', async () => {
    expect(await titles('typed=events&country=col')).toEqual(['Compostaje en Medellín']);
    expect(await titles('typed=events&term=compostaje')).toEqual(['Compostaje en Medellín']);
    expect(await titles('typed=events&term=feria')).toEqual([]);
    expect(await titles('typed=events&term=feria&past=1')).toEqual(['Feria que ya pasó']);
    expect(await titles('typed=events&term=plaza&when=today&country=arg')).toEqual(['Limpieza de plaza hoy']);
  });

  it('answers 400 with Spanish messages for bad periods and ranges', async () => {
    const cases: [string, string][] = [
      ['when=tomorrow', AGENDA_MESSAGES.when],
      ['from=2030-02-30', AGENDA_MESSAGES.from],
      ['to=31/12/2030', AGENDA_MESSAGES.to],
      ['from=2030-12-31&to=2030-12-01', AGENDA_MESSAGES.order],
      ['when=today&from=2030-12-01', AGENDA_MESSAGES.both],
      ['past=yes', AGENDA_MESSAGES.past],
    ];
    for (const [query, message] of cases) {
      const response = await get(`typed=events&${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toContain(message);
    }
  });

  it('keeps the visibility rules: unpublished events only for super users asking for them', async () => {
    expect(await titles('typed=events&when=week')).not.toContain('Borrador de evento');
    expect((await get('typed=events&status=all')).statusCode).toBe(403);
    const superUser = await get('typed=events&status=all&when=week', app, actors.superUser.headers);
    expect(titlesOf(superUser)).toContain('Borrador de evento');
    const pending = await get('typed=events&status=pending', app, actors.superUser.headers);
    expect(titlesOf(pending)).toEqual(['Borrador de evento']);
  });

  it('leaves the members’ own list newest first', async () => {
    const mine = await app.inject({
      method: 'GET',
      url: '/api/my-publications?typed=events',
      headers: actors.author.headers,
    });
    // The last added first, ended ones included.
    expect(titlesOf(mine)[0]).toBe('Borrador de evento');
    expect(pageOf(mine).total).toBe(Object.keys(EVENTS).length);
    expect(mine.json<{ asOf?: string }>().asOf).toBeUndefined();
  });

  it('says on one event whether it has ended', async () => {
    const [ended] = pageOf(await get('typed=events&past=1')).publications;
    const [upcoming] = pageOf(await get('typed=events')).publications;
    const read = async (id: string) =>
      (await app.inject({ method: 'GET', url: `/api/publication/${id}` })).json<{
        publication: { ended?: boolean };
      }>().publication.ended;
    expect(await read(ended!._id)).toBe(true);
    expect(await read(upcoming!._id)).toBe(false);
  });

  it('stays exact as the clock moves: a remembered answer is not kept past its minute', async () => {
    const query = 'typed=events&when=today';
    // Asked twice: the second answer comes from memory (the URL's name), on both processes.
    for (const instance of [app, second.app, app, second.app]) {
      expect(await titles(query, instance)).toEqual(['Jornada de tres días', 'Limpieza de plaza hoy']);
    }
    // 15:30 is the start of the event without an end: at 15:30:59 it has not ended in the current minute…
    vi.setSystemTime(new Date('2030-12-11T15:30:59Z'));
    expect(await titles(query)).toEqual(['Jornada de tres días', 'Limpieza de plaza hoy']);
    // …and from 15:31 it has, on every process, with nothing written in between.
    vi.setSystemTime(new Date('2030-12-11T15:31:00Z'));
    for (const instance of [app, second.app, app]) {
      expect(await titles(query, instance)).toEqual(['Jornada de tres días']);
      expect(await titles('typed=events&past=1', instance)).toEqual([
        'Limpieza de plaza hoy',
        'Feria que ya pasó',
        'Taller de noviembre',
      ]);
    }
    vi.setSystemTime(NOW);
  });

  it('stays exact after a write, on every process', async () => {
    const query = 'typed=events&when=weekend';
    expect(await titles(query, second.app)).toEqual(['Compostaje en Medellín']);
    expect(await titles(query, app)).toEqual(['Compostaje en Medellín']);
    const id = await storePublication(subject.database.db, {
      typed: 'events',
      title: 'Sábado verde',
      calendaredAt: '2030-12-14T13:00:00.000Z',
      country: 'arg',
      createdBy: actors.author.id,
      createdAt: NOW.toISOString(),
    });
    expect(await titles(query, second.app)).toEqual(['Sábado verde', 'Compostaje en Medellín']);
    expect(await titles(query, app)).toEqual(['Sábado verde', 'Compostaje en Medellín']);
    // Its end moves it out of the weekend (a change the change log tells without the end).
    await subject.database.db
      .updateTable('publications')
      .set({ calendared_at: '2030-12-12T13:00:00.000Z', calendared_until: '2030-12-12T15:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    expect(await titles(query, second.app)).toEqual(['Compostaje en Medellín']);
    expect(await titles(query, app)).toEqual(['Compostaje en Medellín']);
    // An end alone, later, brings an ongoing event back into "today".
    await subject.database.db
      .updateTable('publications')
      .set({ calendared_at: '2030-12-10T13:00:00.000Z', calendared_until: '2030-12-10T15:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    expect(await titles('typed=events&when=today', app)).not.toContain('Sábado verde');
    await subject.database.db
      .updateTable('publications')
      .set({ calendared_until: '2030-12-11T18:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    expect(await titles('typed=events&when=today', app)).toContain('Sábado verde');
    expect(await titles('typed=events&when=today', second.app)).toContain('Sábado verde');
    await subject.database.db.deleteFrom('publication_files').where('publication_id', '=', id).execute();
    await subject.database.db.deleteFrom('publications').where('id', '=', id).execute();
  });
});
