import { gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createActors,
  createPublication,
  storePublication,
  uploadImage,
  validForm,
  type Actors,
} from './helpers/publications.ts';
import { createOtherInstance, createTestApp, type OtherInstance, type TestApp } from './helpers/test-app.ts';
import { calendarFeedByLibrary, calendarFeedOf } from '../src/modules/publications/calendar-file.ts';

const PUBLIC_URL = 'https://eco.example.org';
const DAY = 24 * 60 * 60 * 1000;

/** An instant `days` from now (negative: in the past), to the second. */
function daysFromNow(days: number): string {
  return new Date(Math.floor((Date.now() + days * DAY) / 1000) * 1000).toISOString();
}

type FeedEvent = {
  uid: string;
  sequence: number;
  summary: string;
  start: string;
  end: string | null;
  url: string;
};

/** A feed read with a real iCalendar parser: its name and its events, soonest first. */
export function feedOf(response: LightMyRequestResponse): { name: string; events: FeedEvent[] } {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(response.body));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    expect(event.startDate.zone?.tzid).toBe('UTC');
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      end: vevent.hasProperty('dtend') ? event.endDate.toJSDate().toISOString() : null,
      url: String(vevent.getFirstPropertyValue('url')),
    };
  });
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), events };
}

const summariesOf = (response: LightMyRequestResponse) =>
  feedOf(response).events.map((event) => event.summary);

describe("GET /api/calendar.ics (a subscribable feed by explore's filters)", () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let actors: Actors;
  let other: OtherInstance;

  const feed = (query: string, target: FastifyInstance = app, headers: Record<string, string> = {}) =>
    target.inject({ method: 'GET', url: `/api/calendar.ics?${query}`, headers });

  beforeAll(async () => {
    subject = await createTestApp({ env: { PUBLIC_URL } });
    app = subject.app;
    await app.ready();
    actors = await createActors(subject.database.db);
    const db = subject.database.db;
    const antioquia = { country: 'col', province: 'antioquia', city: 'medellin' };
    const stored = (title: string, fields: Record<string, unknown>) =>
      storePublication(db, {
        typed: 'events',
        title,
        createdBy: actors.author.id,
        createdAt: daysFromNow(-60),
        ...antioquia,
        ...fields,
      });
    await stored('Feria de trueque en Medellín', {
      calendaredAt: daysFromNow(5),
      calendaredUntil: daysFromNow(5.2),
    });
    await stored('Taller de compostaje en Envigado', { calendaredAt: daysFromNow(2), city: 'envigado' });
    await stored('Limpieza de quebrada hace diez días', { calendaredAt: daysFromNow(-10) });
    await stored('Encuentro de hace dos meses', { calendaredAt: daysFromNow(-40) });
    await stored('Evento en revisión', { calendaredAt: daysFromNow(3), status: 0 });
    await stored('Curso de huerta en Medellín', { typed: 'courses', calendaredAt: daysFromNow(4) });
    await stored('Evento en Córdoba', {
      calendaredAt: daysFromNow(1),
      country: 'arg',
      province: 'cordoba',
      city: 'cba-city',
    });
    other = await createOtherInstance(subject);
  });

  afterAll(async () => {
    await other.close();
    await subject.dispose();
  });

  it('holds the published events of the filters, from the last 30 days on, soonest first, named in Spanish', async () => {
    const response = await feed('typed=events&country=col&province=antioquia');

    const { name, events } = feedOf(response);
    expect(name).toBe('Eventos en Antioquia');
    expect(events.map((event) => event.summary)).toEqual([
      'Limpieza de quebrada hace diez días',
      'Taller de compostaje en Envigado',
      'Feria de trueque en Medellín',
    ]);
    const fair = events[2]!;
    expect(fair.uid).toMatch(/^publication-[\w-]+@eco\.example\.org$/);
    expect(fair.url).toBe(
      `${PUBLIC_URL}/publications/${fair.uid.slice('publication-'.length).split('@')[0]}`,
    );
    expect(fair.end).not.toBeNull();
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('takes the same filters and search as explore: city, no category (events and courses), term, labels', async () => {
    expect(summariesOf(await feed('typed=events&country=col&province=antioquia&city=envigado'))).toEqual([
      'Taller de compostaje en Envigado',
    ]);
    const both = feedOf(await feed('country=col&province=antioquia&city=medellin'));
    expect(both.name).toBe('Eventos y cursos en Medellín');
    expect(both.events.map((event) => event.summary)).toEqual([
      'Limpieza de quebrada hace diez días',
      'Curso de huerta en Medellín',
      'Feria de trueque en Medellín',
    ]);
    // The search's stems: "compost" finds "compostaje".
    const searched = feedOf(await feed('typed=events&term=compost'));
    expect(searched.name).toBe('Eventos «compost» en EcoAnuncios');
    expect(searched.events.map((event) => event.summary)).toEqual(['Taller de compostaje en Envigado']);
    expect(summariesOf(await feed('typed=courses&labels=Vidrios'))).toEqual([]);
  });

  it('answers bad filters with 400 and a Spanish message', async () => {
    const cases: [string, string][] = [
      ['typed=market', 'Los calendarios son de eventos (events) o cursos (courses)'],
      ['typed=fiestas', 'El tipo de anuncio es incorrecto'],
      ['labels=Uranio', 'incorrect'],
      ['country=col&province=cordoba', 'provincia'],
    ];
    for (const [query, message] of cases) {
      const response = await feed(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message.toLowerCase(), query).toContain(
        message === 'incorrect' ? 'material' : message.toLowerCase(),
      );
    }
  });

  it('sends the same text in gzip (to any client taking it) or plain, with one ETag (remembered compressed only)', async () => {
    const query = 'typed=events&country=arg';
    const plain = await feed(query);
    const browser = await feed(query, app, { 'accept-encoding': 'gzip, deflate, br' });
    const gzipped = await feed(query, app, { 'accept-encoding': 'gzip' });
    const brotliOnly = await feed(query, app, { 'accept-encoding': 'br' });
    for (const answer of [plain, brotliOnly]) expect(answer.headers['content-encoding']).toBeUndefined();
    for (const answer of [browser, gzipped]) {
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.headers.vary).toBe('accept-encoding');
      expect(gunzipSync(answer.rawPayload).toString('utf8')).toBe(plain.body);
    }
    expect(plain.body).toContain('BEGIN:VEVENT');
    expect(brotliOnly.body).toBe(plain.body);
    expect(new Set([plain, browser, gzipped, brotliOnly].map((answer) => answer.headers.etag)).size).toBe(1);
  });

  it('shows a new event as soon as it is published, on this process and another one; ETag revalidation', async () => {
    const query = 'typed=events&country=col&province=antioquia';
    const before = await feed(query);
    const beforeOther = await feed(query, other.app);
    const etag = before.headers.etag as string;
    expect(beforeOther.headers.etag).toBe(etag);
    expect((await feed(query, app, { 'if-none-match': etag })).statusCode).toBe(304);

    const image = await uploadImage(app, actors.author);
    const created = await createPublication(
      app,
      actors.author,
      validForm('events', [image.url], {
        title: 'Siembra de árboles nativos',
        calendaredAt: daysFromNow(7).replace('.000Z', 'Z'),
        locationCountry: 'col',
        locationProvince: 'antioquia',
        locationCity: 'medellin',
      }),
    );
    // Awaiting review: not in the feed yet.
    expect((await feed(query, app, { 'if-none-match': etag })).statusCode).toBe(304);
    const published = await app.inject({
      method: 'PUT',
      url: `/api/publication/${created._id}`,
      headers: actors.superUser.headers,
      payload: { status: 1 },
    });
    expect(published.statusCode).toBe(200);

    for (const target of [app, other.app]) {
      const after = await feed(query, target, { 'if-none-match': etag });
      expect(after.headers.etag).not.toBe(etag);
      const event = feedOf(after).events.find((one) => one.summary === 'Siembra de árboles nativos');
      expect(event?.uid).toBe(`publication-${created._id}@eco.example.org`);
      expect(event?.sequence).toBe(1);
    }
  });
});

describe('a feed as written', () => {
  it('is byte for byte what ical-generator writes in one call, first and from its remembered blocks', async () => {
    const sources = [0, 1, 2].map((index) => ({
      _id: `id-${index}`,
      typed: 'events' as const,
      title: `Taller ${index}; con comas, y acentos: ñandú 🌱`,
      description:
        'Una descripción larga que pasa de los setenta y cinco octetos de una línea: ñandú, acción 🌱.\n'.repeat(
          3,
        ),
      calendaredAt: `2030-05-1${index}T17:00:00.000Z`,
      calendaredUntil: index === 1 ? '2030-05-12T20:00:00.000Z' : null,
      locationAddress: index === 2 ? null : 'Plaza San Martín',
      locationCountry: 'arg',
      locationProvince: 'cordoba',
      locationCity: 'cba-city',
      createdAt: '2030-01-01T10:00:00.000Z',
      updatedAt: '2030-01-02T10:00:00.000Z',
      revision: index,
    }));
    const expected = calendarFeedByLibrary(sources, 'Eventos en Córdoba', PUBLIC_URL);
    expect((await calendarFeedOf(sources, 'Eventos en Córdoba', PUBLIC_URL)).toString()).toBe(expected);
    expect((await calendarFeedOf(sources, 'Eventos en Córdoba', PUBLIC_URL)).toString()).toBe(expected);
    expect((await calendarFeedOf([], 'Cursos en Medellín', PUBLIC_URL)).toString()).toBe(
      calendarFeedByLibrary([], 'Cursos en Medellín', PUBLIC_URL),
    );
    // Many new blocks, written a few dozen per library call, between remembered ones.
    const many = Array.from({ length: 70 }, (_, index) => ({
      ...(sources[index % 3] as (typeof sources)[number]),
      _id: `many-${index}`,
      title: `Feria ${index}: BEGIN:VEVENT, comas; y acentos`,
      calendaredAt: `2030-06-${String(1 + (index % 28)).padStart(2, '0')}T17:00:00.000Z`,
    }));
    const expectedMany = calendarFeedByLibrary(many, 'Eventos en Córdoba', PUBLIC_URL);
    const some = many.filter((_, index) => index % 7 === 0);
    expect((await calendarFeedOf(some, 'Eventos', PUBLIC_URL)).toString()).toBe(
      calendarFeedByLibrary(some, 'Eventos', PUBLIC_URL),
    );
    expect((await calendarFeedOf(many, 'Eventos en Córdoba', PUBLIC_URL)).toString()).toBe(expectedMany);
    expect((await calendarFeedOf(many, 'Eventos en Córdoba', PUBLIC_URL)).toString()).toBe(expectedMany);
  });

  it('folds lines at 75 octets without splitting a character, ends every line with CRLF, and reads back exactly', async () => {
    const description =
      'Compostaje en la huerta comunitaria; traé tus residuos, ñandú y acción 🌱🌎.\nSegunda línea.'.repeat(
        4,
      );
    const source = {
      _id: 'folded',
      typed: 'events' as const,
      title: `Taller de compostaje con acentos, ñ y emojis 🌱🌎 ${'á'.repeat(60)}`,
      description,
      calendaredAt: '2030-05-10T17:00:00.000Z',
      calendaredUntil: null,
      locationAddress: 'Plaza San Martín; frente a la catedral',
      locationCountry: 'arg',
      locationProvince: 'cordoba',
      locationCity: 'cba-city',
      createdAt: '2030-01-01T10:00:00.000Z',
      updatedAt: '2030-01-02T10:00:00.000Z',
      revision: 3,
    };
    const text = (await calendarFeedOf([source], 'Eventos en Córdoba', PUBLIC_URL)).toString();
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    for (const line of lines) {
      expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
      expect(line.includes('\n') || line.includes('\r') || line.includes('\uFFFD')).toBe(false);
    }
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
    const event = new ICAL.Event(vevent!);
    expect(event.summary).toBe(source.title);
    expect(event.description).toBe(description);
    expect(event.location).toBe('Plaza San Martín; frente a la catedral, Córdoba, Córdoba, Argentina');
    expect(event.sequence).toBe(3);
    expect(vevent!.hasProperty('dtend')).toBe(false);
  });
});
