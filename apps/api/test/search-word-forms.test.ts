import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createActors,
  createPublication,
  titlesOf,
  uploadImage,
  validForm,
  type Actors,
} from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// Word forms through the API's own writes, the same on SQLite and PostgreSQL (both compare the stems the API stores):
// either gender, singular or plural, with or without accents, and one misspelling, in any combination.

const TITLES = [
  'Bicicleta usada rodado 26',
  'Dos bicicletas de paseo',
  'Reparación de heladeras',
  'Taller de reparaciones',
  'Frascos usados con tapa',
];

describe('search word forms', () => {
  let subject: TestApp;
  let actors: Actors;

  async function search(text: string): Promise<string[]> {
    const response = await subject.app.inject({
      method: 'GET',
      url: `/api/publications?term=${encodeURIComponent(text)}`,
    });
    return titlesOf(response).sort();
  }

  beforeAll(async () => {
    subject = await createTestApp();
    actors = await createActors(subject.database.db);
    const image = await uploadImage(subject.app, actors.superUser);
    for (const title of TITLES) {
      await createPublication(
        subject.app,
        actors.superUser,
        validForm('market', [image.url], { title, description: 'En buen estado.' }),
      );
    }
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it("finds both genders and numbers: 'usado' ~ 'usada' ~ 'usados'", async () => {
    const used = ['Bicicleta usada rodado 26', 'Frascos usados con tapa'];
    for (const text of ['usado', 'usada', 'usados', 'USADAS']) expect(await search(text), text).toEqual(used);
  });

  it("finds the singular from the plural and back: 'bicicletas' ~ 'bicicleta'", async () => {
    const bikes = ['Bicicleta usada rodado 26', 'Dos bicicletas de paseo'];
    expect(await search('bicicleta')).toEqual(bikes);
    expect(await search('bicicletas')).toEqual(bikes);
  });

  it("ignores accents and number: 'reparacion' ~ 'reparación' ~ 'reparaciones'", async () => {
    const repairs = ['Reparación de heladeras', 'Taller de reparaciones'];
    for (const text of ['reparacion', 'reparación', 'reparaciones', 'REPARACIONES']) {
      expect(await search(text), text).toEqual(repairs);
    }
  });

  it('corrects one misspelling, also next to a correct word', async () => {
    expect(await search('bicicleda')).toEqual(['Bicicleta usada rodado 26', 'Dos bicicletas de paseo']);
    expect(await search('bicicleda usada')).toEqual(['Bicicleta usada rodado 26']);
    expect(await search('heladeraz')).toEqual(['Reparación de heladeras']);
  });

  it('follows an edit through the API: the new words are found, the old ones are not', async () => {
    const image = await uploadImage(subject.app, actors.superUser);
    const created = await createPublication(
      subject.app,
      actors.superUser,
      validForm('market', [image.url], { title: 'Sillas plegables', description: 'Cuatro.' }),
    );
    expect(await search('silla')).toEqual(['Sillas plegables']);
    const edited = await subject.app.inject({
      method: 'PUT',
      url: `/api/publication/${created._id}`,
      headers: actors.superUser.headers,
      payload: validForm('market', [image.url], { title: 'Banquetas de algarrobo', description: 'Cuatro.' }),
    });
    expect(edited.statusCode).toBe(200);
    expect(await search('silla')).toEqual([]);
    expect(await search('banqueta algarrobos')).toEqual(['Banquetas de algarrobo']);
  });
});
