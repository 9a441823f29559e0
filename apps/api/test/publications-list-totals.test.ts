import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createActors,
  pageOf,
  storePublication,
  uploadImage,
  validForm,
  type Actors,
} from './helpers/publications.ts';
import {
  createOtherInstance,
  createTestApp,
  withFreshInstance,
  type OtherInstance,
  type TestApp,
} from './helpers/test-app.ts';

// Each process remembers the lists' counts until the database's list version changes (migration 0007): the totals
// must still be exact on the very next request after every kind of write, whichever process wrote and whichever
// answers. Two app instances on one database (two processes' worth of connections and memory) take turns.

const LISTS = [
  '',
  '?typed=market',
  '?country=arg&province=cordoba',
  '?labels=Vidrios',
  '?term=frascos',
  '?term=frascos&typed=market&country=arg',
  '?status=pending',
  '?status=all&page=3',
] as const;

describe('list totals after writes, across app instances', () => {
  let subject: TestApp;
  let second: OtherInstance;
  let actors: Actors;
  let apps: FastifyInstance[];

  beforeAll(async () => {
    subject = await createTestApp();
    const { db } = subject.database;
    actors = await createActors(db);
    const base = Date.parse('2025-01-01T00:00:00.000Z');
    for (let index = 0; index < 30; index++) {
      await storePublication(db, {
        typed: index % 2 === 0 ? 'market' : 'dots',
        title: index % 3 === 0 ? `Frascos de vidrio ${index}` : `Cajas de cartón ${index}`,
        labels: index % 4 === 0 ? ['Vidrios'] : [],
        status: index % 5 === 0 ? 0 : 1,
        createdBy: actors.other.id,
        createdAt: new Date(base + index * 60_000).toISOString(),
        country: 'arg',
        province: index % 2 === 0 ? 'cordoba' : 'baires',
        city: null,
      });
    }
    // A second instance on the same database: its own connections, its own remembered counts.
    second = await createOtherInstance(subject);
    apps = [subject.app, second.app];
  });

  afterAll(async () => {
    await second.close();
    await subject.dispose();
  });

  /** The totals and page of every list, as each instance answers them (super user: the pending lists too). */
  async function totals(app: FastifyInstance): Promise<Record<string, [number, number, string[]]>> {
    const answers: Record<string, [number, number, string[]]> = {};
    for (const query of LISTS) {
      const body = pageOf(
        await app.inject({
          method: 'GET',
          url: `/api/publications${query}`,
          headers: actors.superUser.headers,
        }),
      );
      answers[query] = [body.total, body.totalPages, body.publications.map((item) => item._id)];
    }
    return answers;
  }

  /** What the database holds, counted without any remembered value. */
  async function counted(): Promise<Record<string, [number, number, string[]]>> {
    return withFreshInstance(subject, (app) => totals(app));
  }

  async function expectExactEverywhere(): Promise<Record<string, [number, number, string[]]>> {
    const expected = await counted();
    for (const app of apps) expect(await totals(app)).toEqual(expected);
    return expected;
  }

  it('answers exact totals on both instances after a create, a publish, an edit and a delete', async () => {
    const initial = await expectExactEverywhere();
    expect(initial['']?.slice(0, 2)).toEqual([19 + 5, 4]);

    // Created by an ordinary user through instance A: pending.
    const image = await uploadImage(subject.app, actors.author);
    const form = validForm('market', [image.url], { title: 'Frascos de vidrio con tapa' });
    const created = await subject.app.inject({
      method: 'POST',
      url: '/api/publications',
      payload: form,
      headers: actors.author.headers,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ publication: { _id: string } }>().publication._id;
    const afterCreate = await expectExactEverywhere();
    expect(afterCreate['?status=pending']?.[0]).toBe((initial['?status=pending']?.[0] ?? 0) + 1);
    expect(afterCreate['']).toEqual(initial['']);
    expect(afterCreate['?status=pending']?.[2]).toContain(id);

    // Published by the super user through instance B.
    const published = await second.app.inject({
      method: 'PUT',
      url: `/api/publication/${id}`,
      payload: { status: 1 },
      headers: actors.superUser.headers,
    });
    expect(published.statusCode).toBe(200);
    const afterPublish = await expectExactEverywhere();
    for (const query of ['', '?typed=market', '?term=frascos', '?term=frascos&typed=market&country=arg']) {
      expect(afterPublish[query]?.[0], query).toBe((initial[query]?.[0] ?? 0) + 1);
      // The newest, and a title match: first in each of these lists.
      expect(afterPublish[query]?.[2][0], query).toBe(id);
    }

    // Edited by its author through instance A: another category and title, and back to review.
    const edited = await subject.app.inject({
      method: 'PUT',
      url: `/api/publication/${id}`,
      payload: validForm('barter', [image.url], { title: 'Cambio cajas de cartón' }),
      headers: actors.author.headers,
    });
    expect(edited.statusCode).toBe(200);
    const afterEdit = await expectExactEverywhere();
    expect(afterEdit['?typed=market']).toEqual(initial['?typed=market']);
    expect(afterEdit['?term=frascos']).toEqual(initial['?term=frascos']);
    expect(afterEdit['?status=pending']).toEqual(afterCreate['?status=pending']);

    // Deleted through instance B.
    const deleted = await second.app.inject({
      method: 'DELETE',
      url: `/api/publication/${id}`,
      headers: actors.author.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await expectExactEverywhere()).toEqual(initial);
  });
});
