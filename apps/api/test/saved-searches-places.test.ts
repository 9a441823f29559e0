import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekdayAt, type BoundingBox, type Point } from '@eco/domain';
import { MATCH_JOB } from '../src/modules/searches/alerts.ts';
import {
  actor,
  createActors,
  createPublication,
  uploadImage,
  validForm,
  type Actor,
  type Actors,
  type PublicationBody,
} from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// Saved searches with explore's place criteria (issue 26 after the places issue, decision 041): the map area filters
// the alerts as it filters explore, on the point everyone sees; "Cerca de mí" only orders and open=now is a moment,
// so neither changes the alerts; all three are kept, so that opening the search runs it.

type Who = 'guest' | keyof Actors | 'member';
type Search = {
  _id: string;
  name: string;
  query: string;
  bbox: BoundingBox | null;
  near: Point | null;
  open: 'now' | null;
};
type Placed = PublicationBody & { locationLat: number | null; locationLng: number | null };

// Córdoba: a home in Nueva Córdoba (shown approximately to others) and the Plaza; Medellín far away.
const HOME = { lat: -31.4286, lng: -64.1884 };
const PLAZA = { lat: -31.4167, lng: -64.1836 };
const MEDELLIN = { lat: 6.2442, lng: -75.5812 };
const CORDOBA_BOX = '-64.3,-31.5,-64.1,-31.3';

/** A box of about 100 m around a point: a point moved 150 m or more from it lies outside. */
function boxAround(point: Point): string {
  const d = 0.0005;
  return [point.lng - d, point.lat - d, point.lng + d, point.lat + d]
    .map((value) => value.toFixed(6))
    .join(',');
}

describe('saved searches with a map area, a near point and open=now', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let actors: Actors;
  let member: Actor;

  function request(who: Who, options: InjectOptions) {
    const headers = who === 'guest' ? {} : who === 'member' ? member.headers : actors[who].headers;
    return app.inject({ ...options, headers: { ...headers, ...options.headers } });
  }

  async function saveSearch(who: Who, payload: Record<string, unknown>): Promise<Search> {
    const response = await request(who, { method: 'POST', url: '/api/searches', payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Search>();
  }

  async function matchQueued() {
    const queued = async () =>
      (await subject.database.db.selectFrom('jobs').select('id').where('kind', '=', MATCH_JOB).execute())
        .length;
    await expect.poll(queued, { timeout: 60_000, interval: 50 }).toBe(0);
  }

  async function matchedSearches(publicationId: string): Promise<Set<string>> {
    const hits = await subject.database.db
      .selectFrom('saved_search_hits')
      .select('search_id')
      .where('publication_id', '=', publicationId)
      .execute();
    return new Set(hits.map((hit) => hit.search_id));
  }

  /** Whether explore (GET /api/publications with this query) lists the publication. */
  async function exploreLists(query: string, id: string): Promise<boolean> {
    const response = await request('guest', { method: 'GET', url: `/api/publications?${query}&pageSize=60` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ publications: { _id: string }[] }>().publications.some((item) => item._id === id);
  }

  async function publishedBySuperUser(form: Record<string, unknown>): Promise<Placed> {
    return (await createPublication(app, actors.superUser, form)) as Placed;
  }

  beforeAll(async () => {
    subject = await createTestApp({ env: { JOBS_POLL_MS: '100' } });
    app = subject.app;
    actors = await createActors(subject.database.db);
    member = await actor(subject.database.db, 'member@example.com', 'Marina');
  });

  afterAll(async () => {
    await subject?.dispose();
  });

  it('keeps bbox, near and open, answers them and writes them into explore’s query', async () => {
    const search = await saveSearch('member', {
      name: 'Frascos en esta zona',
      term: 'frascos',
      bbox: CORDOBA_BOX,
      near: `${PLAZA.lat},${PLAZA.lng}`,
      open: 'now',
    });
    expect(search).toMatchObject({
      bbox: { minLng: -64.3, minLat: -31.5, maxLng: -64.1, maxLat: -31.3 },
      near: PLAZA,
      open: 'now',
    });
    expect(new URLSearchParams(search.query).toString()).toBe(
      new URLSearchParams({
        term: 'frascos',
        near: `${PLAZA.lat},${PLAZA.lng}`,
        bbox: CORDOBA_BOX,
        open: 'now',
      }).toString(),
    );
    // The query is one explore accepts.
    expect(
      (await request('guest', { method: 'GET', url: `/api/publications?${search.query}` })).statusCode,
    ).toBe(200);
    const listed = await request('member', { method: 'GET', url: '/api/searches' });
    expect(listed.json<{ searches: Search[] }>().searches[0]).toEqual(search);

    // A map area alone is a search; a near point alone is not (it filters nothing).
    const area = await saveSearch('member', { name: 'Todo en esta zona', bbox: CORDOBA_BOX });
    expect(area).toMatchObject({
      near: null,
      open: null,
      query: new URLSearchParams({ bbox: CORDOBA_BOX }).toString(),
    });
    const nearOnly = await request('member', {
      method: 'POST',
      url: '/api/searches',
      payload: { name: 'Cerca', near: `${PLAZA.lat},${PLAZA.lng}` },
    });
    expect(nearOnly.statusCode).toBe(400);
    expect(nearOnly.json<{ message: string }>().message).toContain(
      'Escribí qué buscás o elegí algún filtro para guardar la búsqueda',
    );

    // Only the owner sees them: others (super users too) do not list them and get 404.
    for (const who of ['other', 'superUser'] as const) {
      const theirs = await request(who, { method: 'GET', url: '/api/searches' });
      expect(theirs.json<{ searches: Search[] }>().searches.map((item) => item._id)).not.toContain(
        search._id,
      );
      const renamed = await request(who, {
        method: 'PUT',
        url: `/api/search/${search._id}`,
        payload: { name: 'Mía' },
      });
      expect(renamed.statusCode).toBe(404);
    }
    // A rename keeps the place criteria.
    const renamed = await request('member', {
      method: 'PUT',
      url: `/api/search/${area._id}`,
      payload: { name: 'Córdoba centro' },
    });
    expect(renamed.json<Search>()).toMatchObject({
      name: 'Córdoba centro',
      bbox: area.bbox,
      query: area.query,
    });
  });

  it('refuses bad areas, points and open values with explore’s Spanish messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ bbox: '-63,-32,-65,-30' }, 'El área del mapa está invertida: el mínimo supera al máximo'],
      [{ bbox: '-63,-32' }, 'El área del mapa tiene un formato incorrecto'],
      [{ bbox: '-200,-32,-63,-30' }, 'La longitud debe estar entre -180 y 180'],
      [{ term: 'frascos', near: '-31.4' }, 'El punto de búsqueda tiene un formato incorrecto'],
      [{ term: 'frascos', near: '40.41,-3.70' }, 'El punto debe estar en Argentina o Colombia'],
      [{ term: 'frascos', open: 'later' }, 'El horario es incorrecto'],
    ];
    for (const [payload, message] of cases) {
      const response = await request('member', {
        method: 'POST',
        url: '/api/searches',
        payload: { name: 'Mal', ...payload },
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message, JSON.stringify(payload)).toContain(message);
      // Explore says the same of the same value.
      const query = new URLSearchParams(payload as Record<string, string>).toString();
      const explore = await request('guest', { method: 'GET', url: `/api/publications?${query}` });
      expect(explore.statusCode).toBe(400);
      expect(explore.body).toContain(message);
    }
  });

  it('an alert matches a map area as explore does, on the point everyone sees, never on the exact one', async () => {
    const image = await uploadImage(app, actors.author);
    const home = (await createPublication(
      app,
      actors.author,
      validForm('barter', [image.url], {
        title: 'Frascos de vidrio para trueque',
        locationLat: HOME.lat,
        locationLng: HOME.lng,
      }),
    )) as Placed;
    // Published, others see a point moved a few hundred metres; unpublished again until the searches are saved.
    const setStatus = (status: number) =>
      request('superUser', { method: 'PUT', url: `/api/publication/${home._id}`, payload: { status } });
    await setStatus(1);
    const shown = (await request('guest', { method: 'GET', url: `/api/publication/${home._id}` })).json<{
      publication: Placed;
    }>().publication;
    const seen = { lat: shown.locationLat!, lng: shown.locationLng! };
    expect(seen).not.toEqual(HOME);
    await setStatus(0);
    await matchQueued();

    const searches = {
      city: await saveSearch('member', { name: 'Frascos en Córdoba', term: 'frascos', bbox: CORDOBA_BOX }),
      aroundSeen: await saveSearch('member', { name: 'Lo de la esquina', bbox: boxAround(seen) }),
      aroundExact: await saveSearch('member', { name: 'La casa exacta', bbox: boxAround(HOME) }),
      medellin: await saveSearch('member', {
        name: 'Frascos en Medellín',
        term: 'frascos',
        bbox: boxAround(MEDELLIN),
      }),
      nearFar: await saveSearch('member', {
        name: 'Frascos cerca de Medellín',
        term: 'frascos',
        near: `${MEDELLIN.lat},${MEDELLIN.lng}`,
      }),
      openNow: await saveSearch('member', { name: 'Frascos abiertos', term: 'frascos', open: 'now' }),
    };
    await setStatus(1);
    await matchQueued();
    const matched = await matchedSearches(home._id);
    expect(
      Object.entries(searches)
        .filter(([, search]) => matched.has(search._id))
        .map(([name]) => name)
        .sort(),
    ).toEqual(['aroundSeen', 'city', 'nearFar', 'openNow']);
    // Exactly what explore lists for the same criteria; open=now is a moment, not asked of the alerts.
    for (const [name, search] of Object.entries(searches)) {
      const query = new URLSearchParams(search.query);
      query.delete('open');
      expect(await exploreLists(query.toString(), home._id), name).toBe(matched.has(search._id));
    }

    // Without a point, a search with a map area never matches; the others still do.
    const pointless = await publishedBySuperUser(
      validForm('market', [(await uploadImage(app, actors.superUser)).url], { title: 'Frascos sin lugar' }),
    );
    await matchQueued();
    const pointlessMatched = await matchedSearches(pointless._id);
    expect(pointlessMatched.has(searches.city._id)).toBe(false);
    expect(pointlessMatched.has(searches.nearFar._id)).toBe(true);
  });

  it('a recycling point closed right now still matches a saved open=now search (the alert is not about the moment)', async () => {
    const search = await saveSearch('member', {
      name: 'Puntos abiertos en Córdoba',
      typed: 'dots',
      bbox: CORDOBA_BOX,
      open: 'now',
    });
    const closed = await publishedBySuperUser({
      ...validForm('dots', [(await uploadImage(app, actors.superUser)).url], {
        title: 'Punto Verde de la plaza',
      }),
      locationLat: PLAZA.lat,
      locationLng: PLAZA.lng,
      // Open only on a day two days from today.
      openingHours: [{ day: (weekdayAt('arg', new Date()) + 2) % 7, opens: '09:00', closes: '10:00' }],
    });
    await matchQueued();
    expect((await matchedSearches(closed._id)).has(search._id)).toBe(true);
    // Opened now, explore does not list it; opened later (without open=now), it does.
    expect(await exploreLists(search.query, closed._id)).toBe(false);
    const later = new URLSearchParams(search.query);
    later.delete('open');
    expect(await exploreLists(later.toString(), closed._id)).toBe(true);
  });

  it('the API description has the fields, in the body and in the answer', async () => {
    const response = await request('guest', { method: 'GET', url: '/api/docs/json' });
    type Schema = { properties?: Record<string, { description?: string }> };
    const document = response.json<{
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema: Schema }> };
            responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
          }
        >
      >;
    }>();
    const post = document.paths['/api/searches']?.post;
    const body = post?.requestBody?.content['application/json']?.schema.properties ?? {};
    const answer = post?.responses['201']?.content?.['application/json']?.schema.properties ?? {};
    for (const field of ['bbox', 'near', 'open']) {
      expect(body[field]?.description, field).toBeTruthy();
      expect(answer[field]?.description, field).toBeTruthy();
    }
  });

  it("the member's export has each search's area, point and open", async () => {
    const exported = await request('member', { method: 'GET', url: '/api/me/export' });
    expect(exported.statusCode, exported.body).toBe(200);
    const searches = exported.json<{ savedSearches: (Search & { matches: unknown[] })[] }>().savedSearches;
    expect(searches).toContainEqual(
      expect.objectContaining({
        name: 'Frascos en esta zona',
        bbox: { minLng: -64.3, minLat: -31.5, maxLng: -64.1, maxLat: -31.3 },
        near: PLAZA,
        open: 'now',
      }),
    );
    expect(searches).toContainEqual(
      expect.objectContaining({ name: 'Córdoba centro', near: null, open: null }),
    );
  });
});
