import type { FastifyInstance } from 'fastify';
import { CATEGORY_KEYS, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@eco/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createActors,
  minutesAfter,
  pageOf,
  storePublication,
  type Actors,
  type PageBody,
} from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// A catalogue of 80 publications with known categories, places, labels, statuses and dates; every expectation is
// computed from it, so the assertions read the rules themselves.

const PLACES = [
  { country: 'arg', province: 'cordoba', city: 'cba-city' },
  { country: 'arg', province: 'baires', city: 'caba' },
  { country: 'arg', province: 'baires', city: 'la-plata' },
  { country: 'col', province: 'antioquia', city: null },
] as const;
const LABEL_SETS: string[][] = [['Vidrios'], ['Plásticos'], ['Vidrios', 'Papel/Cartón'], [], ['Telgopor']];
const COUNT = 80;

type Item = {
  id: string;
  index: number;
  title: string;
  typed: string;
  status: 0 | 1;
  createdAt: string;
  place: (typeof PLACES)[number];
  labels: readonly string[];
  hasGlass: boolean;
  author: 'author' | 'other';
};

/** The last added first (equal dates too): the order of every list without a text search. */
function newestFirst(a: Item, b: Item): number {
  return b.index - a.index;
}

describe('publication lists', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let actors: Actors;
  const items: Item[] = [];

  async function page(query: string, who?: keyof Actors): Promise<PageBody> {
    return pageOf(
      await app.inject({
        method: 'GET',
        url: `/api/publications${query}`,
        ...(who === undefined ? {} : { headers: actors[who].headers }),
      }),
    );
  }

  function expected(filter: (item: Item) => boolean): string[] {
    return items
      .filter(filter)
      .sort(newestFirst)
      .map((item) => item.id);
  }

  const ids = (body: PageBody) => body.publications.map((publication) => publication._id);
  const published = (item: Item) => item.status === 1;

  beforeAll(async () => {
    subject = await createTestApp();
    app = subject.app;
    actors = await createActors(subject.database.db);
    for (let index = 0; index < COUNT; index++) {
      const place = PLACES[index % PLACES.length] ?? PLACES[0];
      const labels = LABEL_SETS[index % LABEL_SETS.length] ?? [];
      const hasGlass = index % 3 === 0;
      const item = {
        index,
        title: `Anuncio número ${index}`,
        typed: CATEGORY_KEYS[index % CATEGORY_KEYS.length] ?? 'dots',
        status: index % 7 === 3 ? 0 : 1,
        // Pairs of publications share their date: the order in which they were added decides theirs.
        createdAt: minutesAfter(Math.floor(index / 2)),
        place,
        labels: [...labels],
        hasGlass,
        author: index % 4 === 1 ? 'other' : 'author',
      } as const;
      const id = await storePublication(subject.database.db, {
        typed: item.typed,
        title: item.title,
        description: hasGlass ? 'Frascos de vidrio limpios.' : 'Materiales para reutilizar.',
        labels: item.labels,
        status: item.status,
        createdBy: actors[item.author].id,
        createdAt: item.createdAt,
        country: place.country,
        province: place.province,
        city: place.city,
      });
      items.push({ ...item, id });
    }
  });

  afterAll(async () => {
    await subject.dispose();
  });

  describe('pages', () => {
    it(`answers page 1 of ${DEFAULT_PAGE_SIZE} by default, newest first, with the totals`, async () => {
      const all = expected(published);
      const body = await page('');

      expect(ids(body)).toEqual(all.slice(0, DEFAULT_PAGE_SIZE));
      expect(body).toMatchObject({
        total: all.length,
        totalPages: Math.ceil(all.length / DEFAULT_PAGE_SIZE),
        nextPage: 2,
      });
      expect(Object.keys(body).sort()).toEqual(['nextPage', 'publications', 'total', 'totalPages']);
    });

    it('walks every page without repeating or missing a publication, the last one without a next page', async () => {
      const all = expected(published);
      const seen: string[] = [];
      let next: number | null = 1;
      while (next !== null) {
        const body: PageBody = await page(`?page=${next}&pageSize=7`);
        expect(body.publications.length).toBeLessThanOrEqual(7);
        seen.push(...ids(body));
        next = body.nextPage;
      }
      expect(seen).toEqual(all);

      const beyond = await page('?page=99&pageSize=7');
      expect(beyond).toEqual({
        publications: [],
        total: all.length,
        totalPages: Math.ceil(all.length / 7),
        nextPage: null,
      });
    });

    it(`serves at most ${MAX_PAGE_SIZE} per page, whatever is asked`, async () => {
      const all = expected(published);
      expect(all.length).toBeGreaterThan(MAX_PAGE_SIZE);

      const body = await page('?pageSize=1000');

      expect(ids(body)).toEqual(all.slice(0, MAX_PAGE_SIZE));
      expect(body).toMatchObject({ total: all.length, totalPages: 2, nextPage: 2 });
    });

    it('answers every publication with its author and images', async () => {
      const body = await page('?pageSize=1');
      const [first] = body.publications;
      expect(first).toMatchObject({
        files: [{ url: '/media/demo/ejemplo.webp', thumbnailUrl: '/media/demo/ejemplo.sm.webp' }],
        createdBy: { name: expect.any(String), phone: '5493510000000', pictureUrl: null },
      });
    });
  });

  describe('filters', () => {
    it.each([
      ['?typed=market', (item: Item) => item.typed === 'market'],
      ['?typed=tips', (item: Item) => item.typed === 'tips'],
      ['?country=col', (item: Item) => item.place.country === 'col'],
      ['?country=arg&province=baires', (item: Item) => item.place.province === 'baires'],
      ['?country=arg&province=baires&city=la-plata', (item: Item) => item.place.city === 'la-plata'],
      ['?labels=Telgopor', (item: Item) => item.labels.includes('Telgopor')],
      [
        '?labels=Telgopor&labels=Papel%2FCart%C3%B3n',
        (item: Item) => item.labels.includes('Telgopor') || item.labels.includes('Papel/Cartón'),
      ],
      [
        '?labels=Telgopor,Pl%C3%A1sticos',
        (item: Item) => item.labels.includes('Telgopor') || item.labels.includes('Plásticos'),
      ],
      [
        '?typed=barter&country=arg&labels=Vidrios',
        (item: Item) =>
          item.typed === 'barter' && item.place.country === 'arg' && item.labels.includes('Vidrios'),
      ],
      ['?country=&province=&city=&typed=&labels=', () => true],
    ])('%s', async (query, filter) => {
      const matching = expected((item) => published(item) && filter(item));
      const body = await page(`${query}&pageSize=60`);
      expect(ids(body)).toEqual(matching.slice(0, 60));
      expect(body.total).toBe(matching.length);
    });

    it('combines the filters with a text search', async () => {
      const inBuenosAires = (item: Item) =>
        published(item) && item.hasGlass && item.place.province === 'baires';

      const body = await page('?term=frascos&country=arg&province=baires&pageSize=60');
      expect(ids(body)).toEqual(expected(inBuenosAires));
      const market = await page('?term=frascos&typed=market&country=arg&province=baires&pageSize=60');
      expect(ids(market)).toEqual(expected((item) => inBuenosAires(item) && item.typed === 'market'));
      const labelled = await page('?term=frascos&labels=Telgopor&pageSize=60');
      expect(ids(labelled)).toEqual(
        expected((item) => published(item) && item.hasGlass && item.labels.includes('Telgopor')),
      );
    });

    it('lets super users list by status: pending, all, published', async () => {
      expect(ids(await page('?status=pending&pageSize=60', 'superUser'))).toEqual(
        expected((item) => item.status === 0),
      );
      const all = await page('?status=all&pageSize=60', 'superUser');
      expect(all.total).toBe(COUNT);
      expect(ids(all)).toEqual(expected(() => true).slice(0, 60));
      expect(ids(await page('?status=published&pageSize=60', 'superUser'))).toEqual(
        expected(published).slice(0, 60),
      );
    });

    it.each([
      ['?page=0', 'page: La página debe ser un número entero mayor que 0'],
      ['?page=dos', 'page: La página debe ser un número entero mayor que 0'],
      ['?pageSize=0', 'pageSize: El tamaño de página debe ser un número entero mayor que 0'],
      ['?typed=autos', 'typed: El tipo de anuncio es incorrecto'],
      ['?country=bra', 'country: El país es incorrecto'],
      ['?province=narnia', 'province: La provincia es incorrecta'],
      ['?country=col&province=cordoba', 'province: La provincia no corresponde al país elegido'],
      ['?labels=Madera', 'labels.0: El material es incorrecto'],
      ['?status=borrador', "status: El estado debe ser 'published', 'pending' o 'all'"],
      [`?term=${'a'.repeat(101)}`, 'term: La búsqueda es demasiado larga (max: 100)'],
    ])('answers 400 in Spanish to %s', async (query, message) => {
      const response = await app.inject({ method: 'GET', url: `/api/publications${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    });
  });

  describe('my publications', () => {
    it("pages the user's own publications, every status, newest first", async () => {
      const mine = expected((item) => item.author === 'other');
      const first = pageOf(await app.inject({ method: 'GET', url: '/api/my-publications', ...actors.other }));

      expect(ids(first)).toEqual(mine.slice(0, DEFAULT_PAGE_SIZE));
      expect(first).toMatchObject({
        total: mine.length,
        totalPages: Math.ceil(mine.length / DEFAULT_PAGE_SIZE),
        nextPage: 2,
      });
      const whole = pageOf(
        await app.inject({ method: 'GET', url: '/api/my-publications?pageSize=60', ...actors.other }),
      );
      expect(ids(whole)).toEqual(mine);
      expect(whole.publications.some((publication) => publication.status === 0)).toBe(true);
    });

    it('filters them by category and text', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/my-publications?typed=events&term=frascos&pageSize=60',
        ...actors.author,
      });
      expect(ids(pageOf(response))).toEqual(
        expected((item) => item.author === 'author' && item.typed === 'events' && item.hasGlass),
      );
    });
  });
});
