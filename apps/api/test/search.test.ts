import type { FastifyInstance } from 'fastify';
import { stemText } from '@eco/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createActors,
  minutesAfter,
  pageOf,
  storePublication,
  titlesOf,
  type Actors,
  type StoredPublication,
} from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// The same cases run on SQLite (FTS5) and on PostgreSQL (a tsvector): both index the same stems, so the assertions
// are identical.

type Fixture = Omit<StoredPublication, 'createdBy' | 'createdAt'> & { minute: number };

const FIXTURES: Fixture[] = [
  {
    minute: 1,
    typed: 'dots',
    title: 'Reciclaje de Cartón corrugado',
    description: 'Recibimos cajas dobladas.',
    labels: ['Papel/Cartón'],
    country: 'arg',
    province: 'baires',
  },
  {
    minute: 2,
    typed: 'barter',
    title: 'Botellas de vidrio retornables',
    description: 'Juntamos botellas en Córdoba.',
    labels: ['Vidrios'],
    country: 'arg',
    province: 'cordoba',
  },
  {
    minute: 3,
    typed: 'market',
    title: 'Una botella de aceite',
    description: 'Aceite de oliva prensado en frío.',
  },
  {
    minute: 4,
    typed: 'events',
    title: 'Taller de compost',
    description: 'Aprendé reciclaje en casa.',
    // Events are listed until they end (the agenda): this one is still to come.
    calendaredAt: '2030-05-10T17:00:00.000Z',
  },
  { minute: 5, typed: 'market', title: 'VIDRIO templado para mesas', description: 'Cortes a medida.' },
  { minute: 10, typed: 'market', title: 'Lámparas solares para el jardín', description: 'Cargan de día.' },
  {
    minute: 20,
    typed: 'market',
    title: 'Kit de jardinería',
    description: 'Incluye lámparas solares y semillas.',
  },
  { minute: 30, typed: 'market', title: 'Lámparas de bajo consumo', description: 'Ahorran energía.' },
  {
    minute: 40,
    typed: 'barter',
    title: 'Frascos grandes',
    description: 'Con tapa, limpios.',
    labels: ['Vidrios'],
  },
  { minute: 50, typed: 'market', title: 'Mesa de pino', description: 'Con tapa de vidrio.' },
  { minute: 60, typed: 'barter', title: 'Bidones usados', description: 'Para agua.', labels: ['Plásticos'] },
  {
    minute: 70,
    typed: 'dots',
    title: 'Botellas en revisión',
    description: 'Todavía no publicado.',
    status: 0,
  },
];

describe('search', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let actors: Actors;

  async function search(query: string): Promise<string[]> {
    return titlesOf(await app.inject({ method: 'GET', url: `/api/publications?${query}` }));
  }

  const term = (text: string) => `term=${encodeURIComponent(text)}`;

  beforeAll(async () => {
    subject = await createTestApp();
    app = subject.app;
    actors = await createActors(subject.database.db);
    for (const { minute, ...fixture } of FIXTURES) {
      await storePublication(subject.database.db, {
        ...fixture,
        createdBy: actors.author.id,
        createdAt: minutesAfter(minute),
      });
    }
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it("finds accented words without their accents: 'carton' → 'Cartón'", async () => {
    expect(await search(term('carton'))).toEqual(['Reciclaje de Cartón corrugado']);
  });

  it("finds plurals from the singular: 'botella' → 'botellas'", async () => {
    expect(await search(term('botella'))).toEqual([
      'Una botella de aceite',
      'Botellas de vidrio retornables',
    ]);
  });

  it("finds singulars from the plural: 'botellas' → 'botella'", async () => {
    expect(await search(term('botellas'))).toEqual([
      'Una botella de aceite',
      'Botellas de vidrio retornables',
    ]);
  });

  it("finds words from their beginning: 'recicl' → 'reciclaje'", async () => {
    expect(await search(term('recicl'))).toEqual(['Reciclaje de Cartón corrugado', 'Taller de compost']);
  });

  it('ignores case and accents in the search and in the texts', async () => {
    const vidrio = await search(term('vidrio'));
    expect(await search(term('VIDRIO'))).toEqual(vidrio);
    expect(await search(term('Vídrio'))).toEqual(vidrio);
    expect(vidrio).toContain('VIDRIO templado para mesas');
    expect(await search(term('cordoba'))).toEqual(['Botellas de vidrio retornables']);
    expect(await search(term('CÓRDOBA'))).toEqual(['Botellas de vidrio retornables']);
  });

  it("tolerates a misspelling: 'reciclage' → 'reciclaje'", async () => {
    expect(await search(term('reciclage'))).toEqual(['Reciclaje de Cartón corrugado', 'Taller de compost']);
    expect(await search(term('botelas'))).toEqual([
      'Una botella de aceite',
      'Botellas de vidrio retornables',
    ]);
  });

  it('ranks a title match before a description-only match, then the newest first', async () => {
    expect(await search(term('lampara'))).toEqual([
      'Lámparas de bajo consumo',
      'Lámparas solares para el jardín',
      'Kit de jardinería',
    ]);
  });

  it('ranks title matches, then label matches, then description matches, each newest first', async () => {
    expect(await search(term('vidrio'))).toEqual([
      'VIDRIO templado para mesas',
      'Botellas de vidrio retornables',
      'Frascos grandes',
      'Mesa de pino',
    ]);
  });

  it('requires every word, wherever it is', async () => {
    expect(await search(term('botellas cordoba'))).toEqual(['Botellas de vidrio retornables']);
    expect(await search(term('lámparas solares'))).toEqual([
      'Lámparas solares para el jardín',
      'Kit de jardinería',
    ]);
  });

  it('searches the material labels', async () => {
    expect(await search(term('plastico'))).toEqual(['Bidones usados']);
    expect(await search(term('papel'))).toEqual(['Reciclaje de Cartón corrugado']);
  });

  it('answers an empty page when nothing matches, also when known words never meet', async () => {
    for (const text of ['xilofono', 'aceite cordoba', 'zzzz qqqq']) {
      const response = await app.inject({ method: 'GET', url: `/api/publications?${term(text)}` });
      expect(pageOf(response), text).toEqual({ publications: [], total: 0, totalPages: 0, nextPage: null });
    }
  });

  it('lists everything, newest first, when the text has no searchable word', async () => {
    const all = await search('pageSize=60');
    expect(await search(`pageSize=60&${term('de la y')}`)).toEqual(all);
    expect(await search(`pageSize=60&${term('  ')}`)).toEqual(all);
    expect(all[0]).toBe('Bidones usados');
  });

  it('never finds unpublished publications for guests, but does for super users', async () => {
    expect(await search(term('revision'))).toEqual([]);
    const forSuperUser = await app.inject({
      method: 'GET',
      url: `/api/publications?status=pending&${term('revision')}`,
      headers: actors.superUser.headers,
    });
    expect(titlesOf(forSuperUser)).toEqual(['Botellas en revisión']);
  });

  it('combines the text with every filter', async () => {
    expect(await search(`${term('botella')}&typed=barter`)).toEqual(['Botellas de vidrio retornables']);
    expect(await search(`${term('botella')}&typed=market`)).toEqual(['Una botella de aceite']);
    expect(await search(`${term('vidrio')}&labels=Vidrios`)).toEqual([
      'Botellas de vidrio retornables',
      'Frascos grandes',
    ]);
    expect(await search(`${term('vidrio')}&country=arg&province=cordoba`)).toEqual([
      'Botellas de vidrio retornables',
    ]);
    expect(await search(`${term('reciclage')}&typed=events`)).toEqual(['Taller de compost']);
    expect(await search(`${term('botella')}&typed=dots`)).toEqual([]);
  });

  it('pages through search results with the same shape', async () => {
    const first = pageOf(
      await app.inject({ method: 'GET', url: `/api/publications?${term('vidrio')}&pageSize=3` }),
    );
    expect(first).toMatchObject({ total: 4, totalPages: 2, nextPage: 2 });
    expect(first.publications.map((publication) => publication.title)).toEqual([
      'VIDRIO templado para mesas',
      'Botellas de vidrio retornables',
      'Frascos grandes',
    ]);
    const second = pageOf(
      await app.inject({ method: 'GET', url: `/api/publications?${term('vidrio')}&pageSize=3&page=2` }),
    );
    expect(second).toMatchObject({ total: 4, totalPages: 2, nextPage: null });
    expect(second.publications.map((publication) => publication.title)).toEqual(['Mesa de pino']);
    const beyond = pageOf(
      await app.inject({ method: 'GET', url: `/api/publications?${term('vidrio')}&pageSize=3&page=5` }),
    );
    expect(beyond).toEqual({ publications: [], total: 4, totalPages: 2, nextPage: null });
  });

  it("searches the user's own publications too", async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/my-publications?${term('botellas')}`,
      headers: actors.author.headers,
    });
    expect(titlesOf(response)).toEqual([
      'Botellas en revisión',
      'Una botella de aceite',
      'Botellas de vidrio retornables',
    ]);
  });

  it('follows the changes of a publication: a new title is found, the old one is not, a deleted one is gone', async () => {
    const id = await storePublication(subject.database.db, {
      title: 'Sillas de madera',
      createdBy: actors.other.id,
      createdAt: minutesAfter(100),
    });
    expect(await search(term('sillas'))).toEqual(['Sillas de madera']);

    await subject.database.db
      .updateTable('publications')
      .set({ title: 'Banquetas de algarrobo', title_stems: stemText('Banquetas de algarrobo') })
      .where('id', '=', id)
      .execute();
    expect(await search(term('sillas'))).toEqual([]);
    expect(await search(term('algarrobo'))).toEqual(['Banquetas de algarrobo']);
    expect(await search(term('algarobo'))).toEqual(['Banquetas de algarrobo']);

    await subject.database.db.updateTable('publications').set({ status: 0 }).where('id', '=', id).execute();
    expect(await search(term('algarrobo'))).toEqual([]);

    await subject.database.db.deleteFrom('publications').where('id', '=', id).execute();
    const forSuperUser = await app.inject({
      method: 'GET',
      url: `/api/publications?status=all&${term('algarrobo')}`,
      headers: actors.superUser.headers,
    });
    expect(pageOf(forSuperUser).total).toBe(0);
  });
});
