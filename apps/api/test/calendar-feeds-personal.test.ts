import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActors, storePublication, type Actor, type Actors } from './helpers/publications.ts';
import { createOtherInstance, createTestApp, type OtherInstance, type TestApp } from './helpers/test-app.ts';

const PUBLIC_URL = 'https://eco.example.org';
const DAY = 24 * 60 * 60 * 1000;
const UNAUTHORIZED = { statusCode: 401, error: 'Unauthorized', message: 'Necesita autorización' };
const FEED_NOT_FOUND = {
  statusCode: 404,
  error: 'Not Found',
  message: 'Este calendario no existe o su enlace cambió',
};
const LINK = /^https:\/\/eco\.example\.org\/api\/calendar\/([A-Za-z0-9_-]{43})\.ics$/;

type Links = { createdAt: string; url: string; webcalUrl: string; googleUrl: string };

const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** The summaries of a feed read with a real iCalendar parser, and its name. */
function agendaOf(response: LightMyRequestResponse): { name: string; summaries: string[] } {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(response.body));
  return {
    name: String(calendar.getFirstPropertyValue('x-wr-calname')),
    summaries: calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent).summary),
  };
}

describe('The personal calendar feed: GET /api/calendar/{secret}.ics and its link in settings', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let actors: Actors;
  let other: OtherInstance;

  const pathOf = (url: string) => new URL(url).pathname;
  const rotate = (who?: Actor) =>
    app.inject({ method: 'POST', url: '/api/me/calendar-feed', ...(who ? { headers: who.headers } : {}) });
  const state = (who?: Actor) =>
    app.inject({ method: 'GET', url: '/api/me/calendar-feed', ...(who ? { headers: who.headers } : {}) });
  const links = async (who: Actor): Promise<Links> => {
    const response = await rotate(who);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json<{ feed: Links }>().feed;
  };

  beforeAll(async () => {
    subject = await createTestApp({ env: { PUBLIC_URL } });
    app = subject.app;
    await app.ready();
    const db = subject.database.db;
    actors = await createActors(db);
    const store = (title: string, createdBy: string, fields: Record<string, unknown> = {}) =>
      storePublication(db, {
        typed: 'events',
        title,
        createdBy,
        createdAt: daysFromNow(-50),
        country: 'arg',
        calendaredAt: daysFromNow(3),
        ...fields,
      });
    const author = actors.author.id;
    const someoneElse = actors.other.id;
    await store('Mi taller publicado', author);
    await store('Mi curso en revisión', author, {
      typed: 'courses',
      status: 0,
      calendaredAt: daysFromNow(6),
    });
    await store('Mi feria de hace una semana', author, { calendaredAt: daysFromNow(-7) });
    await store('Mi feria de hace dos meses', author, { calendaredAt: daysFromNow(-60) });
    await store('Mis botellas', author, { typed: 'market', calendaredAt: null });
    const saved = await store('Evento guardado de otra persona', someoneElse, {
      calendaredAt: daysFromNow(1),
    });
    const savedHidden = await store('Evento guardado y despublicado', someoneElse, { status: 0 });
    const savedMarket = await store('Producto guardado', someoneElse, {
      typed: 'market',
      calendaredAt: null,
    });
    await store('Evento ajeno no guardado', someoneElse);
    await db
      .insertInto('favorites')
      .values(
        [saved, savedHidden, savedMarket].map((id) => ({
          user_id: author,
          publication_id: id,
          created_at: daysFromNow(-1),
        })),
      )
      .execute();
    other = await createOtherInstance(subject);
  });

  afterAll(async () => {
    await other.close();
    await subject.dispose();
  });

  it('refuses guests the settings routes', async () => {
    for (const response of [
      await state(),
      await rotate(),
      await app.inject({ method: 'DELETE', url: '/api/me/calendar-feed' }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(UNAUTHORIZED);
    }
  });

  it("makes a secret link (shown once) that answers the member's agenda without signing in", async () => {
    expect((await state(actors.author)).json()).toEqual({ feed: null });

    const feed = await links(actors.author);

    expect(feed.url).toMatch(LINK);
    expect(feed.webcalUrl).toBe(feed.url.replace('https://', 'webcal://'));
    expect(feed.googleUrl).toBe(
      `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(feed.webcalUrl)}`,
    );
    // Settings say there is one, never the link again (only its hash is stored).
    const described = await state(actors.author);
    expect(described.json()).toEqual({ feed: { createdAt: feed.createdAt } });
    expect(described.body).not.toContain(LINK.exec(feed.url)![1]);
    const stored = await subject.database.db.selectFrom('calendar_feeds').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(LINK.exec(feed.url)![1]);

    const response = await app.inject({ method: 'GET', url: pathOf(feed.url) });
    const agenda = agendaOf(response);
    expect(agenda.name).toBe('Mi agenda en EcoAnuncios');
    expect(agenda.summaries).toEqual([
      'Mi feria de hace una semana',
      'Evento guardado de otra persona',
      'Mi taller publicado',
      'Mi curso en revisión',
    ]);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const etag = response.headers.etag as string;
    expect(
      (await app.inject({ method: 'GET', url: pathOf(feed.url), headers: { 'if-none-match': etag } }))
        .statusCode,
    ).toBe(304);
    // A signed-in request reads the same feed: the secret is what counts, not the session.
    expect(
      agendaOf(await app.inject({ method: 'GET', url: pathOf(feed.url), headers: actors.other.headers }))
        .summaries,
    ).toEqual(agenda.summaries);
  });

  it('answers 404 for unknown, malformed and replaced secrets, at once on every process', async () => {
    for (const path of [
      '/api/calendar/' + 'A'.repeat(43) + '.ics',
      '/api/calendar/corto.ics',
      '/api/calendar/x',
    ]) {
      const response = await app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(404);
      if (path.endsWith('.ics')) expect(response.json()).toEqual(FEED_NOT_FOUND);
    }

    const before = await links(actors.author);
    expect(
      agendaOf(await other.app.inject({ method: 'GET', url: pathOf(before.url) })).summaries,
    ).toHaveLength(4);
    const after = await links(actors.author);

    expect(after.url).not.toBe(before.url);
    for (const target of [app, other.app]) {
      const old = await target.inject({ method: 'GET', url: pathOf(before.url) });
      expect(old.statusCode).toBe(404);
      expect(old.json()).toEqual(FEED_NOT_FOUND);
      expect(agendaOf(await target.inject({ method: 'GET', url: pathOf(after.url) })).summaries).toHaveLength(
        4,
      );
    }
  });

  it("rotates only one's own link: another member and a super user get links of their own", async () => {
    const mine = await links(actors.author);
    const theirs = await links(actors.other);
    const admins = await links(actors.superUser);

    expect(agendaOf(await app.inject({ method: 'GET', url: pathOf(mine.url) })).summaries).toHaveLength(4);
    expect(agendaOf(await app.inject({ method: 'GET', url: pathOf(theirs.url) })).summaries).toEqual([
      'Evento guardado de otra persona',
      'Evento guardado y despublicado',
      'Evento ajeno no guardado',
    ]);
    expect(agendaOf(await app.inject({ method: 'GET', url: pathOf(admins.url) })).summaries).toEqual([]);
    const removed = await app.inject({
      method: 'DELETE',
      url: '/api/me/calendar-feed',
      headers: actors.other.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: pathOf(theirs.url) })).statusCode).toBe(404);
    expect(agendaOf(await app.inject({ method: 'GET', url: pathOf(mine.url) })).summaries).toHaveLength(4);
  });

  it('is named in the data export without its secret, and goes with the account', async () => {
    const feed = await links(actors.author);
    const exported = await app.inject({
      method: 'GET',
      url: '/api/me/export',
      headers: actors.author.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.json<{ calendarFeed: unknown }>().calendarFeed).toEqual({
      exists: true,
      linkCreatedAt: feed.createdAt,
    });
    expect(exported.body).not.toContain(LINK.exec(feed.url)![1]);

    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: actors.author.headers,
      payload: { password: 'clave-secreta' },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: pathOf(feed.url) })).statusCode).toBe(404);
    const rows = await subject.database.db
      .selectFrom('calendar_feeds')
      .select('user_id')
      .where('user_id', '=', actors.author.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
