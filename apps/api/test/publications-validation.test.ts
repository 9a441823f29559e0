import type { FastifyInstance } from 'fastify';
import { LISTING_TYPES, REQUIRED_BY_TYPE, type ListingType } from '@eco/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createActors,
  createPublication,
  pageOf,
  storePublication,
  uploadImage,
  validForm,
  type Actors,
  type PublicationBody,
} from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** What the API answers, field by field, when a per-type field is missing. */
const MISSING: Record<string, string> = {
  quantity: 'quantity: ¿Qué disponibilidad tienes?',
  price: 'price: El precio es obligatorio',
  locationAddress: 'locationAddress: La dirección es obligatoria',
  calendaredAt: 'calendaredAt: La fecha es obligatoria',
  labels: 'labels: Elige al menos un material',
};

const INVALID_FILE = { statusCode: 400, error: 'Bad Request', message: 'El archivo es incorrecto' };

describe('publication form validation', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let actors: Actors;
  let image: string;

  function post(payload: Record<string, unknown>, who: keyof Actors = 'author') {
    return app.inject({ method: 'POST', url: '/api/publications', headers: actors[who].headers, payload });
  }

  beforeAll(async () => {
    subject = await createTestApp();
    app = subject.app;
    actors = await createActors(subject.database.db);
    image = (await uploadImage(app, actors.author)).url;
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it.each(LISTING_TYPES)('accepts a complete %s publication and stores every field', async (typed) => {
    const response = await post(validForm(typed, [image]));

    expect(response.statusCode).toBe(201);
    const { publication } = response.json<{ publication: Record<string, unknown> }>();
    const form = validForm(typed, [image]);
    expect(publication).toMatchObject({
      typed,
      title: form.title,
      description: form.description,
      locationCountry: 'arg',
      locationProvince: 'cordoba',
      locationCity: 'cba-city',
      labels: form.labels ?? [],
      quantity: form.quantity ?? null,
      price: form.price ?? null,
      discountRate: form.discountRate ?? null,
      locationAddress: form.locationAddress ?? null,
      locationUrl: null,
      calendaredAt: typeof form.calendaredAt === 'string' ? new Date(form.calendaredAt).toISOString() : null,
    });
  });

  it.each(LISTING_TYPES.map((typed) => [typed, REQUIRED_BY_TYPE[typed]] as const))(
    'names each missing field of a %s publication (%j) in Spanish',
    async (typed: ListingType, fields) => {
      const form = validForm(typed, [image], Object.fromEntries(fields.map((field) => [field, null])));

      const response = await post(form);

      expect(response.statusCode).toBe(400);
      const { message } = response.json<{ message: string }>();
      for (const field of fields) expect(message).toContain(MISSING[field]);
      expect(message.split('; ')).toHaveLength(fields.length);
    },
  );

  it('checks the common fields with the messages of the form', async () => {
    const response = await post({
      typed: 'market',
      title: 'ab',
      description: 'x'.repeat(1001),
      quantity: 2,
      price: 'mucho',
      discountRate: 150,
      locationUrl: 'no es una url',
      locationCountry: 'col',
      locationProvince: 'cordoba',
      files: [],
    });

    expect(response.statusCode).toBe(400);
    const parts = response.json<{ message: string }>().message.split('; ');
    expect(parts).toEqual(
      expect.arrayContaining([
        'title: El título es demasiado corto (min: 3)',
        'description: Máximo 1000 caracteres',
        'price: El precio debe ser un número',
        'discountRate: El descuento debe estar entre 0 y 100',
        'locationUrl: La URL del mapa tiene un formato incorrecto',
        'files: Agrega al menos una imagen',
        'locationProvince: La provincia no corresponde al país elegido',
      ]),
    );
  });

  it('wants a whole number of units', async () => {
    const response = await post(validForm('market', [image], { quantity: 1.5 }));

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('quantity: La cantidad debe ser un número entero');
  });

  it('answers 400 to a body that is not a form', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/publications',
      headers: { ...actors.author.headers, 'content-type': 'application/json' },
      payload: '["no", "es", "un", "formulario"]',
    });
    expect(response.statusCode).toBe(400);
  });

  describe('images', () => {
    it("refuses images that are not the user's own uploads with 'El archivo es incorrecto'", async () => {
      const others = (await uploadImage(app, actors.other)).url;
      const refused = [
        others,
        image.replace(/\.webp$/, '.sm.webp'),
        `/media/uploads/${actors.author.id}/../${actors.other.id}/x.webp`,
        `/media/uploads/${actors.author.id}/foto.png`,
        '/media/demo/ejemplo.webp',
        'https://example.com/foto.webp',
        '/otra/ruta/foto.webp',
      ];
      for (const url of refused) {
        const response = await post(validForm('barter', [image, url]));
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toEqual(INVALID_FILE);
      }
    });

    it('keeps the images a publication already has, even when they are not uploads (demo images)', async () => {
      const id = await storePublication(subject.database.db, {
        typed: 'barter',
        title: 'Frascos de vidrio',
        labels: ['Vidrios'],
        createdBy: actors.author.id,
        createdAt: new Date().toISOString(),
        files: ['/media/demo/frascos.webp'],
      });

      const response = await app.inject({
        method: 'PUT',
        url: `/api/publication/${id}`,
        headers: actors.author.headers,
        payload: validForm('barter', ['/media/demo/frascos.webp', image], {
          title: 'Frascos de vidrio limpios',
        }),
      });

      expect(response.statusCode).toBe(200);
      expect(response.json<{ publication: PublicationBody }>().publication.files).toEqual([
        { url: '/media/demo/frascos.webp', thumbnailUrl: '/media/demo/frascos.sm.webp' },
        { url: image, thumbnailUrl: image.replace(/\.webp$/, '.sm.webp') },
      ]);
    });

    it("lets a super user add their own upload to another user's publication, but not a third user's", async () => {
      const created = await createPublication(app, actors.author, validForm('dots', [image]));
      const mine = (await uploadImage(app, actors.superUser)).url;
      const others = (await uploadImage(app, actors.other)).url;

      const refused = await app.inject({
        method: 'PUT',
        url: `/api/publication/${created._id}`,
        headers: actors.superUser.headers,
        payload: validForm('dots', [image, others]),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(INVALID_FILE);

      const accepted = await app.inject({
        method: 'PUT',
        url: `/api/publication/${created._id}`,
        headers: actors.superUser.headers,
        payload: validForm('dots', [image, mine]),
      });
      expect(accepted.statusCode).toBe(200);
      expect(
        accepted.json<{ publication: PublicationBody }>().publication.files.map((file) => file.url),
      ).toEqual([image, mine]);
    });
  });

  describe('tips', () => {
    it('are refused from ordinary users, whose form offers listing types only', async () => {
      const response = await post({ ...validForm('barter', [image]), typed: 'tips' });

      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('typed: El tipo de anuncio es incorrecto');
    });

    it('are written by super users without per-type fields, and listed with typed=tips', async () => {
      const adminImage = (await uploadImage(app, actors.superUser)).url;
      const tip = await createPublication(app, actors.superUser, {
        typed: 'tips',
        title: 'Separá los residuos en casa',
        description: 'Tres recipientes alcanzan: orgánicos, reciclables y el resto.',
        files: [{ url: adminImage }],
      });
      expect(tip).toMatchObject({ typed: 'tips', status: 1, labels: [] });

      const tips = pageOf(await app.inject({ method: 'GET', url: '/api/publications?typed=tips' }));
      expect(tips.publications.map((publication) => publication._id)).toEqual([tip._id]);
      const shown = await app.inject({ method: 'GET', url: `/api/publication/${tip._id}` });
      expect(shown.json<{ publication: PublicationBody }>().publication.title).toBe(
        'Separá los residuos en casa',
      );

      const invalid = await post({ typed: 'tips', title: 'ab', files: [] }, 'superUser');
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().message).toContain('title: El título es demasiado corto (min: 3)');
    });
  });
});
