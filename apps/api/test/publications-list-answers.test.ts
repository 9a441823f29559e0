import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createActors,
  storePublication,
  uploadImage,
  validForm,
  type Actor,
  type Actors,
} from './helpers/publications.ts';
import {
  createOtherInstance,
  createTestApp,
  withFreshInstance,
  type OtherInstance,
  type TestApp,
} from './helpers/test-app.ts';

// Each process remembers whole answers of the public list at the list's version (decision 010). A card shows more
// than the publication's row: its images and its author's name, picture, phone and rating. After any change to
// any of those, through either of two app instances on one database, both answer byte for byte what a fresh
// instance (nothing remembered) answers.

const LISTS = [
  '',
  '?typed=market',
  '?country=arg&province=cordoba',
  '?term=frascos',
  '?term=frasco&typed=market',
  '?term=fraskos',
  '?page=2&pageSize=5',
] as const;

describe('remembered list answers after writes, across app instances', () => {
  let subject: TestApp;
  let second: OtherInstance;
  let actors: Actors;
  let apps: FastifyInstance[];

  beforeAll(async () => {
    subject = await createTestApp();
    const { db } = subject.database;
    actors = await createActors(db);
    const base = Date.parse('2025-01-01T00:00:00.000Z');
    for (let index = 0; index < 16; index++) {
      await storePublication(db, {
        typed: index % 2 === 0 ? 'market' : 'dots',
        title: index % 3 === 0 ? `Frascos de vidrio ${index}` : `Cajas de cartón ${index}`,
        status: 1,
        createdBy: index % 2 === 0 ? actors.superUser.id : actors.other.id,
        createdAt: new Date(base + index * 60_000).toISOString(),
        country: 'arg',
        province: 'cordoba',
        city: null,
      });
    }
    second = await createOtherInstance(subject);
    apps = [subject.app, second.app];
  });

  afterAll(async () => {
    await second.close();
    await subject.dispose();
  });

  async function bodies(app: FastifyInstance, who?: Actor): Promise<Record<string, string>> {
    const answers: Record<string, string> = {};
    for (const query of LISTS) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/publications${query}`,
        ...(who === undefined ? {} : { headers: who.headers }),
      });
      expect(response.statusCode, query).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['cache-control'], query).toBeUndefined();
      answers[query] = response.body;
    }
    return answers;
  }

  async function fresh(): Promise<Record<string, string>> {
    return withFreshInstance(subject, (app) => bodies(app));
  }

  /** Both instances, as a guest and as a member, answer what the database holds now. */
  async function expectExactEverywhere(): Promise<Record<string, string>> {
    const expected = await fresh();
    for (const app of apps) {
      expect(await bodies(app)).toEqual(expected);
      expect(await bodies(app, actors.author)).toEqual(expected);
    }
    return expected;
  }

  function titleOf(body: string | undefined): string | undefined {
    return (JSON.parse(body ?? '{}') as { publications?: { title: string }[] }).publications?.[0]?.title;
  }

  it('answers what a fresh instance answers after every change a card shows', async () => {
    const initial = await expectExactEverywhere();

    // A member's publication waiting for review, then a super user's in another category: each process keeps the
    // answers these cannot alter (migration 0016) and must still answer exactly.
    const memberImage = await uploadImage(second.app, actors.author);
    const pending = await second.app.inject({
      method: 'POST',
      url: '/api/publications',
      payload: validForm('dots', [memberImage.url], { title: 'Frascos para revisar' }),
      headers: actors.author.headers,
    });
    expect(pending.statusCode, pending.body).toBe(201);
    expect(await expectExactEverywhere()).toEqual(initial);
    const tableImage = await uploadImage(subject.app, actors.superUser);
    const unrelated = await subject.app.inject({
      method: 'POST',
      url: '/api/publications',
      payload: validForm('dots', [tableImage.url], { title: 'Mesa de pino', status: 1 }),
      headers: actors.superUser.headers,
    });
    expect(unrelated.statusCode, unrelated.body).toBe(201);
    const afterUnrelated = await expectExactEverywhere();
    expect(afterUnrelated['?term=frascos']).toEqual(initial['?term=frascos']);
    expect(afterUnrelated['']).not.toEqual(initial['']);

    // Created and published by the super user through instance A.
    const image = await uploadImage(subject.app, actors.superUser);
    const created = await subject.app.inject({
      method: 'POST',
      url: '/api/publications',
      payload: validForm('market', [image.url], { title: 'Frascos de vidrio con tapa' }),
      headers: actors.superUser.headers,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ publication: { _id: string } }>().publication._id;
    const afterCreate = await expectExactEverywhere();
    expect(afterCreate['']).not.toEqual(afterUnrelated['']);
    expect(titleOf(afterCreate['?term=frascos'])).toBe('Frascos de vidrio con tapa');

    // Its title edited through instance B.
    const edited = await second.app.inject({
      method: 'PUT',
      url: `/api/publication/${id}`,
      payload: validForm('market', [image.url], { title: 'Frascos de vidrio sin tapa', status: 1 }),
      headers: actors.superUser.headers,
    });
    expect(edited.statusCode).toBe(200);
    expect(titleOf((await expectExactEverywhere())['?term=frascos'])).toBe('Frascos de vidrio sin tapa');

    // Its images changed through instance A (the card's thumbnail).
    const other = await uploadImage(subject.app, actors.superUser);
    const reimaged = await subject.app.inject({
      method: 'PUT',
      url: `/api/publication/${id}`,
      payload: validForm('market', [other.url, image.url], {
        title: 'Frascos de vidrio sin tapa',
        status: 1,
      }),
      headers: actors.superUser.headers,
    });
    expect(reimaged.statusCode).toBe(200);
    expect((await expectExactEverywhere())['']).toContain(other.url);

    // The author renames themselves through instance B: every card of theirs shows the new name.
    const renamed = await second.app.inject({
      method: 'PUT',
      url: '/api/me',
      payload: {
        name: 'Ana Renombrada',
        phone: '5493511234567',
        pictureUrl: null,
        locationCountry: 'arg',
        locationProvince: 'cordoba',
        locationCity: 'cba-city',
        locationAddress: null,
      },
      headers: actors.superUser.headers,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await expectExactEverywhere())['']).toContain('Ana Renombrada');

    // Another member rates the author through instance A: the cards' stars move.
    const rated = await subject.app.inject({
      method: 'POST',
      url: `/api/user/${actors.superUser.id}/qualifications`,
      payload: { rating: 2 },
      headers: actors.other.headers,
    });
    expect(rated.statusCode, rated.body).toBe(201);
    const afterRating = await expectExactEverywhere();
    expect(afterRating['']).toMatch(/"rating":\{[^}]*"count":1/);

    // Deleted through instance B.
    const deleted = await second.app.inject({
      method: 'DELETE',
      url: `/api/publication/${id}`,
      headers: actors.superUser.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await expectExactEverywhere())['?term=frascos']).not.toContain(id);
  });

  it('answers a URL asked again from memory, with the same headers, and still checks every new URL', async () => {
    const url = '/api/publications?term=Frascos&page=1';
    const first = await subject.app.inject({ method: 'GET', url });
    const again = await subject.app.inject({ method: 'GET', url });
    const spelledOtherwise = await subject.app.inject({
      method: 'GET',
      url: '/api/publications?term=frascos',
    });
    expect(first.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(spelledOtherwise.body).toBe(first.body);
    for (const header of [
      'content-type',
      'x-content-type-options',
      'content-security-policy',
      'x-request-id',
    ]) {
      expect(again.headers[header], header).toBeDefined();
      expect(again.headers[header] === undefined, header).toBe(first.headers[header] === undefined);
    }
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    // Bad queries are never remembered: each is checked, and answered with its Spanish message, every time.
    for (const bad of ['/api/publications?page=0', '/api/publications?term=Frascos&page=1&pageSize=muchos']) {
      for (let round = 0; round < 2; round++) {
        const response = await subject.app.inject({ method: 'GET', url: bad });
        expect(response.statusCode, bad).toBe(400);
      }
    }
    const pending = await subject.app.inject({ method: 'GET', url: '/api/publications?status=pending' });
    expect(pending.statusCode).toBe(403);
  });

  it('sends a remembered answer compressed once for the clients that accept it', async () => {
    const url = '/api/publications?typed=market';
    const plain = await subject.app.inject({ method: 'GET', url });
    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
    ] as const) {
      for (let round = 0; round < 2; round++) {
        const response = await subject.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': accepted },
        });
        expect(response.headers['content-encoding'], accepted).toBe(encoding);
        expect(response.headers.vary).toContain('accept-encoding');
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        expect(decode(response.rawPayload).toString('utf8')).toBe(plain.body);
      }
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('still keeps other statuses to super users, and out of shared caches', async () => {
    const guest = await subject.app.inject({ method: 'GET', url: '/api/publications?status=pending' });
    expect(guest.statusCode).toBe(403);
    const superUser = await second.app.inject({
      method: 'GET',
      url: '/api/publications?status=all',
      headers: actors.superUser.headers,
    });
    expect(superUser.statusCode).toBe(200);
    expect(superUser.headers['cache-control']).toBe('no-store');
  });
});
