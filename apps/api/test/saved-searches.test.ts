import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correctSpelling, correctSpellings } from '../src/modules/publications/spelling.ts';
import { MATCH_JOB } from '../src/modules/searches/alerts.ts';
import { MAX_SAVED_SEARCHES } from '../src/modules/searches/messages.ts';
import {
  actor,
  createActors,
  createPublication,
  uploadImage,
  validForm,
  type Actor,
  type Actors,
} from './helpers/publications.ts';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.ts';

const UNAUTHORIZED = { statusCode: 401, error: 'Unauthorized', message: 'Necesita autorización' };
const NOT_FOUND = { statusCode: 404, error: 'Not Found', message: 'La búsqueda no existe' };
const MATCH_TITLE = 'Nuevo anuncio para tu búsqueda';

type Who = 'guest' | keyof Actors | 'member' | 'third';
type Search = {
  _id: string;
  name: string;
  alert: boolean;
  digest: boolean;
  query: string;
  term: string | null;
};
type Notice = { title: string; message: string; link: string; kind: string };

describe('saved searches', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let actors: Actors;
  let member: Actor;
  let third: Actor;

  function request(who: Who, options: InjectOptions) {
    const headers =
      who === 'guest'
        ? {}
        : who === 'member'
          ? member.headers
          : who === 'third'
            ? third.headers
            : actors[who].headers;
    return app.inject({ ...options, headers: { ...headers, ...options.headers } });
  }

  async function saveSearch(who: Who, payload: Record<string, unknown>): Promise<Search> {
    const response = await request(who, { method: 'POST', url: '/api/searches', payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Search>();
  }

  async function notices(who: Who): Promise<Notice[]> {
    const response = await request(who, { method: 'GET', url: '/api/notifications?pageSize=60' });
    return response
      .json<{ notifications: Notice[] }>()
      .notifications.filter((item) => item.title === MATCH_TITLE);
  }

  /** A publication of `who` (pending unless a super user makes it). */
  async function publication(who: Actor, typed: 'barter' | 'events', overrides: Record<string, unknown>) {
    const image = await uploadImage(app, who);
    return createPublication(app, who, validForm(typed, [image.url], overrides));
  }

  async function publish(id: string) {
    const response = await request('superUser', {
      method: 'PUT',
      url: `/api/publication/${id}`,
      payload: { status: 1 },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** The matching jobs queued so far. */
  async function queued(): Promise<number> {
    const rows = await subject.database.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', MATCH_JOB)
      .execute();
    return rows.length;
  }

  /** What the queue holds is matched by the app's job worker (polling every 100 ms here). */
  async function matchQueued() {
    await expect.poll(queued, { timeout: 60_000, interval: 50 }).toBe(0);
  }

  /** Whether explore (GET /api/publications with the search's query) lists the publication. */
  async function exploreLists(search: Search, id: string): Promise<boolean> {
    const response = await request('guest', {
      method: 'GET',
      url: `/api/publications?${search.query}&pageSize=60`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ publications: { _id: string }[] }>().publications.some((item) => item._id === id);
  }

  beforeAll(async () => {
    subject = await createTestApp({ env: { JOBS_POLL_MS: '100' } });
    app = subject.app;
    actors = await createActors(subject.database.db);
    member = await actor(subject.database.db, 'member@example.com', 'Marina');
    third = await actor(subject.database.db, 'third@example.com', 'Tercero');
  });

  afterAll(async () => {
    await subject?.dispose();
  });

  describe('authorization', () => {
    it('guests are asked to sign in on every route', async () => {
      const answers = await Promise.all([
        request('guest', { method: 'POST', url: '/api/searches', payload: { name: 'x', term: 'frascos' } }),
        request('guest', { method: 'GET', url: '/api/searches' }),
        request('guest', { method: 'PUT', url: '/api/search/abc', payload: { name: 'y' } }),
        request('guest', { method: 'DELETE', url: '/api/search/abc' }),
      ]);
      for (const answer of answers) {
        expect(answer.statusCode).toBe(401);
        expect(answer.json()).toEqual(UNAUTHORIZED);
      }
    });

    it('only the owner lists, renames, switches and deletes a search; others (super users too) get 404', async () => {
      const search = await saveSearch('other', { name: 'Frascos', term: 'frascos', country: 'arg' });
      expect(search).toMatchObject({
        name: 'Frascos',
        alert: true,
        digest: true,
        query: 'term=frascos&country=arg',
      });
      for (const who of ['author', 'superUser'] as const) {
        const listed = await request(who, { method: 'GET', url: '/api/searches' });
        expect(listed.json<{ searches: Search[] }>().searches.map((item) => item._id)).not.toContain(
          search._id,
        );
        const renamed = await request(who, {
          method: 'PUT',
          url: `/api/search/${search._id}`,
          payload: { name: 'Mío' },
        });
        expect(renamed.statusCode).toBe(404);
        expect(renamed.json()).toEqual(NOT_FOUND);
        const deleted = await request(who, { method: 'DELETE', url: `/api/search/${search._id}` });
        expect(deleted.json()).toEqual(NOT_FOUND);
      }
      const renamed = await request('other', {
        method: 'PUT',
        url: `/api/search/${search._id}`,
        payload: { name: '  Frascos de vidrio ', alert: false },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ _id: search._id, name: 'Frascos de vidrio', alert: false });
      const listed = await request('other', { method: 'GET', url: '/api/searches' });
      expect(listed.headers['cache-control']).toBe('no-store');
      expect(listed.json<{ searches: Search[] }>().searches).toEqual([
        expect.objectContaining({ _id: search._id, name: 'Frascos de vidrio', alert: false }),
      ]);
      const deleted = await request('other', { method: 'DELETE', url: `/api/search/${search._id}` });
      expect(deleted.statusCode).toBe(204);
      const again = await request('other', { method: 'DELETE', url: `/api/search/${search._id}` });
      expect(again.json()).toEqual(NOT_FOUND);
    });
  });

  describe('validation and limits', () => {
    it('refuses bad input with Spanish messages', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ term: 'frascos' }, 'El nombre de la búsqueda es obligatorio'],
        [{ name: '   ', term: 'frascos' }, 'El nombre de la búsqueda es obligatorio'],
        [{ name: 'x'.repeat(61), term: 'frascos' }, 'El nombre de la búsqueda es demasiado largo (max: 60)'],
        [{ name: 'Todo' }, 'Escribí qué buscás o elegí algún filtro para guardar la búsqueda'],
        [{ name: 'Todo', alert: 'quizás', term: 'a' }, 'El aviso debe ser true o false'],
      ];
      for (const [payload, message] of cases) {
        const response = await request('third', { method: 'POST', url: '/api/searches', payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json<{ message: string }>().message).toContain(message);
      }
      const place = await request('third', {
        method: 'POST',
        url: '/api/searches',
        payload: { name: 'Lugar', country: 'col', province: 'cordoba' },
      });
      expect(place.statusCode).toBe(400);
      const nothing = await request('third', { method: 'PUT', url: '/api/search/abc', payload: {} });
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json<{ message: string }>().message).toContain(
        'Indicá el nombre, el aviso o el resumen por e-mail a cambiar',
      );
    });

    it(`keeps at most ${MAX_SAVED_SEARCHES} searches per member`, async () => {
      await Promise.all(
        Array.from({ length: MAX_SAVED_SEARCHES }, (_, index) =>
          saveSearch('third', { name: `Búsqueda ${index}`, term: `palabra${index}`, alert: false }),
        ),
      );
      const refused = await request('third', {
        method: 'POST',
        url: '/api/searches',
        payload: { name: 'Una más', term: 'frascos' },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(
        `Podés guardar hasta ${MAX_SAVED_SEARCHES} búsquedas: eliminá alguna para guardar otra`,
      );
      const listed = await request('third', { method: 'GET', url: '/api/searches' });
      expect(listed.json<{ total: number }>().total).toBe(MAX_SAVED_SEARCHES);
    });
  });

  describe('alerts', () => {
    it('a published match notifies the owner once, with the same semantics as explore', async () => {
      const searches = {
        jars: await saveSearch('member', {
          name: 'Frascos en Córdoba',
          term: 'frascos vidrio',
          country: 'arg',
          province: 'cordoba',
        }),
        accents: await saveSearch('member', { name: 'Vídrio', term: 'FRASCO VÍDRIO' }),
        typo: await saveSearch('member', { name: 'Mermeladas', term: 'mermelaad' }),
        label: await saveSearch('member', {
          name: 'Vidrios regalados',
          typed: 'barter',
          labels: ['Vidrios'],
        }),
        otherLabel: await saveSearch('member', { name: 'Latas', labels: ['Aluminio/Hojalata'] }),
        otherType: await saveSearch('member', {
          name: 'Talleres de frascos',
          term: 'frascos',
          typed: 'events',
        }),
        otherPlace: await saveSearch('member', {
          name: 'Frascos en Bogotá',
          term: 'frascos',
          country: 'col',
        }),
        silent: await saveSearch('member', { name: 'Apagada', term: 'frascos', alert: false }),
      };
      const created = await publication(actors.author, 'barter', {
        title: 'Regalo frascos de vidrio para mermeladas',
        labels: ['Vidrios'],
      });
      // Pending: nothing is matched.
      expect(await queued()).toBe(0);
      await matchQueued();
      expect(await notices('member')).toEqual([]);

      await publish(created._id);
      await matchQueued();
      const received = await notices('member');
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ kind: 'info', link: `/publications/${created._id}` });
      expect(received[0]?.message).toMatch(
        /^«Regalo frascos de vidrio para mermeladas» coincide con tu búsqueda «/,
      );

      // Exactly the searches explore lists it for were matched.
      const hits = await subject.database.db
        .selectFrom('saved_search_hits')
        .select('search_id')
        .where('publication_id', '=', created._id)
        .execute();
      const matched = new Set(hits.map((hit) => hit.search_id));
      for (const [name, search] of Object.entries(searches)) {
        const listed = await exploreLists(search, created._id);
        expect(matched.has(search._id), name).toBe(listed && search.alert);
      }
      expect([...matched].sort()).toEqual(
        [searches.jars, searches.accents, searches.typo, searches.label].map((search) => search._id).sort(),
      );

      // Unpublished and published again: never twice.
      const unpublished = await request('superUser', {
        method: 'PUT',
        url: `/api/publication/${created._id}`,
        payload: { status: 0 },
      });
      expect(unpublished.statusCode).toBe(200);
      await publish(created._id);
      await matchQueued();
      expect(await notices('member')).toHaveLength(1);
    });

    it("never for the member's own publications; a super user's publication and the desk's approval both match", async () => {
      await saveSearch('author', { name: 'Tapitas', term: 'tapitas' });
      const own = await publication(actors.author, 'barter', { title: 'Tapitas de plástico' });
      await publish(own._id);
      await matchQueued();
      expect(await notices('author')).toEqual([]);

      await saveSearch('other', { name: 'Tapitas', term: 'tapita' });
      const bySuperUser = await publication(actors.superUser, 'barter', { title: 'Más tapitas para juntar' });
      await matchQueued();
      const pending = await publication(actors.author, 'barter', { title: 'Tapitas de colores' });
      const approved = await request('superUser', {
        method: 'POST',
        url: `/api/moderation/publications/${pending._id}/publish`,
        payload: {},
      });
      expect(approved.statusCode, approved.body).toBeLessThan(300);
      await matchQueued();
      const links = (await notices('other')).map((item) => item.link).sort();
      expect(links).toEqual([`/publications/${bySuperUser._id}`, `/publications/${pending._id}`].sort());
      // The super user's own publication does not notify the super user's own searches either.
      expect(await notices('superUser')).toEqual([]);
    });

    it('the job worker of the running app notifies within seconds', async () => {
      await saveSearch('member', { name: 'Compost', term: 'compost' });
      const created = await publication(actors.superUser, 'barter', {
        title: 'Compost maduro para la huerta',
      });
      await expect
        .poll(async () => (await notices('member')).map((item) => item.link), {
          timeout: 60_000,
          interval: 500,
        })
        .toContain(`/publications/${created._id}`);
    });
  });

  describe('decided on the publication, as explore lists it', () => {
    it('where an in-memory decision could differ from the list query: description prefixes, accented labels, one misspelled word of two, map-area edges, a suspended author', async () => {
      const watcher = await actor(subject.database.db, 'watcher@example.com', 'Vigía');
      const who = { headers: watcher.headers };
      const save = async (payload: Record<string, unknown>) => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/searches',
          headers: who.headers,
          payload,
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json<Search>();
      };
      const image = await uploadImage(app, actors.author);
      const created = await createPublication(
        app,
        actors.author,
        validForm('barter', [image.url], {
          title: 'Frascos para mermeladas',
          description: 'Ideales para conservas caseras.',
          labels: ['Plásticos'],
          locationLat: -31.4286,
          locationLng: -64.1884,
        }),
      );
      // The point everyone sees, as stored (the searches' areas are drawn on it).
      await publish(created._id);
      await matchQueued();
      const point = await subject.database.db
        .selectFrom('publications')
        .select(['public_lat', 'public_lng'])
        .where('id', '=', created._id)
        .executeTakeFirstOrThrow();
      const unpublished = await request('superUser', {
        method: 'PUT',
        url: `/api/publication/${created._id}`,
        payload: { status: 0 },
      });
      expect(unpublished.statusCode).toBe(200);
      const lat = point.public_lat!;
      const lng = point.public_lng!;
      const box = (minLng: number, minLat: number, maxLng: number, maxLat: number) =>
        [minLng, minLat, maxLng, maxLat].join(',');

      const searches = {
        descriptionPrefix: await save({ name: 'Conservas', term: 'conserv' }),
        descriptionAndTitle: await save({ name: 'Frascos caseros', term: 'frascos caser' }),
        nowhere: await save({ name: 'Tornillos', term: 'tornillos' }),
        accentedLabel: await save({ name: 'Plásticos', labels: ['Plásticos'] }),
        accentedLabelWord: await save({ name: 'Plástico', term: 'PLÁSTICO' }),
        otherLabel: await save({ name: 'Vidrios', labels: ['Vidrios'] }),
        // 'conservaz' begins no known word: corrected to 'conserv', a token of the description only.
        misspelledAlone: await save({ name: 'Conservaz', term: 'conservaz' }),
        oneOfTwoMisspelled: await save({ name: 'Frascos para conservaz', term: 'frascos conservaz' }),
        bothMisspelled: await save({ name: 'Frazcos para conservaz', term: 'frazcos conservaz' }),
        misspelledAndAbsent: await save({ name: 'Tornillos y conservaz', term: 'tornillos conservaz' }),
        misspelledWithLabel: await save({
          name: 'Conservaz en vidrio',
          term: 'conservaz',
          labels: ['Vidrios'],
        }),
        // 'botellas' is known (other publications), absent here: explore corrects nothing and does not list it.
        knownElsewhere: await save({ name: 'Frascos y botellas', term: 'frascos botellas' }),
        onTheLowerEdges: await save({ name: 'Borde inferior', bbox: box(lng, lat, lng + 0.01, lat + 0.01) }),
        onTheUpperEdges: await save({ name: 'Borde superior', bbox: box(lng - 0.01, lat - 0.01, lng, lat) }),
        justBelow: await save({
          name: 'Apenas al sur',
          bbox: box(lng - 0.01, lat - 0.01, lng + 0.01, lat - 0.00001),
        }),
        justWest: await save({
          name: 'Apenas al oeste',
          term: 'frascos',
          bbox: box(lng - 0.01, lat - 0.01, lng - 0.00001, lat + 0.01),
        }),
      };
      await publish(created._id);
      await matchQueued();
      const hits = await subject.database.db
        .selectFrom('saved_search_hits')
        .select('search_id')
        .where('publication_id', '=', created._id)
        .where('user_id', '=', watcher.id)
        .execute();
      const matched = new Set(hits.map((hit) => hit.search_id));
      for (const [name, search] of Object.entries(searches)) {
        expect(matched.has(search._id), name).toBe(await exploreLists(search, created._id));
      }
      expect(
        Object.entries(searches)
          .filter(([, search]) => matched.has(search._id))
          .map(([name]) => name)
          .sort(),
      ).toEqual(
        [
          'accentedLabel',
          'accentedLabelWord',
          'descriptionAndTitle',
          'descriptionPrefix',
          'misspelledAlone',
          'oneOfTwoMisspelled',
          'onTheLowerEdges',
          'onTheUpperEdges',
        ].sort(),
      );

      // The matcher's batched corrections are explore's, search by search.
      const lists = [
        ['conservaz'],
        ['frazc', 'conservaz'],
        ['tornill', 'conservaz'],
        ['frasc', 'conservaz'],
        ['frasc', 'mermel'],
        ['botel', 'xyzwq'],
        ['cas'],
      ];
      const batched = await correctSpellings(subject.database.db, testDialect, lists);
      for (const words of lists) {
        expect(batched.get(words.join(' ')), words.join(' ')).toEqual(
          await correctSpelling(subject.database.db, testDialect, words),
        );
      }
      expect(batched.get('conservaz')).toContainEqual(['conserv']);

      // A suspended author's publication is nobody's match, as explore lists none of theirs.
      const leaving = await actor(subject.database.db, 'suspended@example.com', 'Susana');
      const theirs = await createPublication(
        app,
        leaving,
        validForm('barter', [(await uploadImage(app, leaving)).url], {
          title: 'Frascos para conservas',
          labels: ['Plásticos'],
        }),
      );
      await subject.database.db
        .updateTable('users')
        .set({ is_active: 0 })
        .where('id', '=', leaving.id)
        .execute();
      await publish(theirs._id);
      await matchQueued();
      const theirHits = await subject.database.db
        .selectFrom('saved_search_hits')
        .select('search_id')
        .where('publication_id', '=', theirs._id)
        .execute();
      expect(theirHits).toEqual([]);
      expect(await exploreLists(searches.descriptionAndTitle, theirs._id)).toBe(false);
    });
  });

  describe('my data', () => {
    it("the member's export lists their searches and matches; deleting the account removes them", async () => {
      const leaving = await actor(subject.database.db, 'leaving@example.com', 'Lucía');
      const saved = await app.inject({
        method: 'POST',
        url: '/api/searches',
        headers: leaving.headers,
        payload: { name: 'Cartón', term: 'carton' },
      });
      expect(saved.statusCode).toBe(201);
      const created = await publication(actors.superUser, 'barter', { title: 'Cajas de cartón' });
      await matchQueued();
      const exported = await app.inject({ method: 'GET', url: '/api/me/export', headers: leaving.headers });
      expect(exported.statusCode, exported.body).toBe(200);
      expect(exported.json<{ savedSearches: unknown[] }>().savedSearches).toEqual([
        expect.objectContaining({
          name: 'Cartón',
          term: 'carton',
          matches: [expect.objectContaining({ publicationId: created._id, mailedAt: null })],
        }),
      ]);
      const deleted = await app.inject({
        method: 'DELETE',
        url: '/api/me',
        headers: leaving.headers,
        payload: { password: 'clave-secreta' },
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      const left = await subject.database.db
        .selectFrom('saved_searches')
        .select('id')
        .where('user_id', '=', leaving.id)
        .execute();
      expect(left).toEqual([]);
      const hits = await subject.database.db
        .selectFrom('saved_search_hits')
        .select('search_id')
        .where('user_id', '=', leaving.id)
        .execute();
      expect(hits).toEqual([]);
    });
  });
});
