import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createActors,
  createPublication,
  uploadImage,
  validForm,
  type Actors,
  type PublicationBody,
} from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const PUBLIC_URL = 'https://eco.example.org';
const NOT_FOUND = { statusCode: 404, error: 'Not Found', message: 'El anuncio no existe' };
const NOT_CALENDARED = {
  statusCode: 404,
  error: 'Not Found',
  message: 'Solo los eventos y los cursos se pueden agregar al calendario',
};
// Accents, commas, semicolons, a backslash and line breaks: each must be escaped in the file and read back as is.
const DESCRIPTION = 'Traé tu compost; hay mate, galletitas y ñandú.\nSegunda línea, con comas.\n\nC:\\ruta';

type Who = 'guest' | keyof Actors;

/** The one event of a calendar file, read with a real iCalendar parser. */
function eventOf(response: LightMyRequestResponse) {
  const calendar = new ICAL.Component(ICAL.parse(response.body));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const vevent = events[0]!;
  const event = new ICAL.Event(vevent);
  return {
    uid: event.uid,
    sequence: event.sequence,
    summary: event.summary,
    description: event.description,
    location: event.location,
    url: vevent.getFirstPropertyValue('url'),
    start: event.startDate,
    end: vevent.hasProperty('dtend') ? event.endDate : null,
  };
}

describe('GET /api/publication/{id}/calendar.ics', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let actors: Actors;

  function calendar(id: string, who: Who = 'guest') {
    return app.inject({
      method: 'GET',
      url: `/api/publication/${id}/calendar.ics`,
      ...(who === 'guest' ? {} : { headers: actors[who].headers }),
    });
  }

  /** A publication of the author, published by the super user when asked. */
  async function authorPublication(
    typed: 'events' | 'courses' | 'market',
    overrides: Record<string, unknown>,
    published = true,
  ): Promise<PublicationBody> {
    const image = await uploadImage(app, actors.author);
    const created = await createPublication(app, actors.author, validForm(typed, [image.url], overrides));
    if (!published) return created;
    const response = await app.inject({
      method: 'PUT',
      url: `/api/publication/${created._id}`,
      headers: actors.superUser.headers,
      payload: { status: 1 },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ publication: PublicationBody }>().publication;
  }

  beforeAll(async () => {
    subject = await createTestApp({ env: { PUBLIC_URL } });
    app = subject.app;
    actors = await createActors(subject.database.db);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('answers an Argentine event as an attachment: start and end as UTC instants, place, page and texts', async () => {
    const published = await authorPublication('events', {
      title: 'Taller de compostaje, en la plaza',
      description: DESCRIPTION,
      calendaredAt: '2030-05-10T14:00:00-03:00',
      calendaredUntil: '2030-05-10T17:30:00-03:00',
    });
    expect(published).toMatchObject({
      calendaredAt: '2030-05-10T17:00:00.000Z',
      calendaredUntil: '2030-05-10T20:30:00.000Z',
    });

    const response = await calendar(published._id);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="taller-de-compostaje-en-la-plaza.ics"',
    );
    const event = eventOf(response);
    expect(event).toMatchObject({
      uid: `publication-${published._id}@eco.example.org`,
      summary: 'Taller de compostaje, en la plaza',
      description: DESCRIPTION,
      location: 'Plaza San Martín, Centro, Córdoba, Córdoba, Argentina',
      url: `${PUBLIC_URL}/publications/${published._id}`,
    });
    // 14:00 in Buenos Aires (UTC−3) is 17:00 UTC; times are written as UTC (…Z), never floating.
    expect(event.start.zone?.tzid).toBe('UTC');
    expect(event.start.toJSDate().toISOString()).toBe('2030-05-10T17:00:00.000Z');
    expect(event.end?.zone?.tzid).toBe('UTC');
    expect(event.end?.toJSDate().toISOString()).toBe('2030-05-10T20:30:00.000Z');
  });

  it('answers a Colombian course at its instant (UTC−5), without an end when none was given', async () => {
    const published = await authorPublication('courses', {
      title: 'Curso de huerta urbana',
      locationCountry: 'col',
      locationProvince: 'antioquia',
      locationCity: 'medellin',
      locationAddress: 'Parque Explora',
      calendaredAt: '2030-06-01T09:00:00-05:00',
    });

    const event = eventOf(await calendar(published._id));

    expect(event.start.toJSDate().toISOString()).toBe('2030-06-01T14:00:00.000Z');
    expect(event.end).toBeNull();
    expect(event.location).toBe('Parque Explora, Medellín, Antioquia, Colombia');
  });

  it('keeps the UID and raises the SEQUENCE on each change', async () => {
    const published = await authorPublication('events', { title: 'Limpieza del río' });
    const first = eventOf(await calendar(published._id));

    const changed = await app.inject({
      method: 'PUT',
      url: `/api/publication/${published._id}`,
      headers: actors.superUser.headers,
      payload: validForm('events', [published.files[0]!.url], {
        title: 'Limpieza del río',
        calendaredAt: '2030-05-11T10:00:00-03:00',
        calendaredUntil: '2030-05-11T12:00:00-03:00',
        status: 1,
      }),
    });
    expect(changed.statusCode).toBe(200);
    const second = eventOf(await calendar(published._id));

    expect(second.uid).toBe(first.uid);
    expect(second.sequence).toBeGreaterThan(first.sequence);
    expect(second.start.toJSDate().toISOString()).toBe('2030-05-11T13:00:00.000Z');
    expect(second.end?.toJSDate().toISOString()).toBe('2030-05-11T15:00:00.000Z');
    // Asked again without a change, the file is the same event at the same sequence.
    expect(eventOf(await calendar(published._id)).sequence).toBe(second.sequence);
  });

  describe('who may download it: as GET /api/publication/{id}', () => {
    const matrix: [Who, boolean, number][] = [
      ['guest', true, 200],
      ['author', true, 200],
      ['other', true, 200],
      ['superUser', true, 200],
      ['guest', false, 404],
      ['author', false, 200],
      ['other', false, 404],
      ['superUser', false, 200],
    ];
    const ids = new Map<boolean, string>();

    beforeAll(async () => {
      for (const published of [true, false]) {
        ids.set(published, (await authorPublication('events', { title: 'Feria de trueque' }, published))._id);
      }
    });

    it.each(matrix)('%s, published %s: %i', async (who, published, status) => {
      const id = ids.get(published)!;
      const response = await calendar(id, who);
      const sibling = await app.inject({
        method: 'GET',
        url: `/api/publication/${id}`,
        ...(who === 'guest' ? {} : { headers: actors[who].headers }),
      });

      expect(response.statusCode).toBe(status);
      expect(sibling.statusCode).toBe(status);
      if (status === 404) expect(response.json()).toEqual(NOT_FOUND);
      else expect(eventOf(response).summary).toBe('Feria de trueque');
      // What only some may see is not kept by shared caches.
      if (!published && status === 200) expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  it('answers 404 with a Spanish message for a publication that is not an event or a course', async () => {
    const published = await authorPublication('market', {});

    const response = await calendar(published._id);

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_CALENDARED);
  });

  it('answers an unknown or malformed id as GET /api/publication/{id} does, never a 500', async () => {
    for (const id of ['no-existe', encodeURIComponent('ñ%;,'), 'x'.repeat(101)]) {
      const response = await calendar(id);
      const sibling = await app.inject({ method: 'GET', url: `/api/publication/${id}` });
      expect(response.statusCode).toBe(sibling.statusCode);
      expect(response.json()).toEqual(sibling.json());
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});
