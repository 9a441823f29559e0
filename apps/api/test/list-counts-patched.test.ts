import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.ts';
import { seeded } from './helpers/map-cells.ts';
import { createActors, minutesAfter, storePublication, type Actors } from './helpers/publications.ts';
import { statementsSent } from './helpers/statements.ts';
import { createTestApp, testDialect, withFreshInstance, type TestApp } from './helpers/test-app.ts';

// Issue 27: a remembered count of filters that the logged changes decide exactly (status, author, category, place,
// labels; no words, area, point, opening hours or dates) follows each publication in and out of them
// (list-dependencies.ts patchCount) instead of being read again after every write. After each of a seeded sequence of
// writes of every kind, every list's total is what a process that remembers nothing answers.

const LISTS = [
  '',
  'typed=market',
  'typed=dots',
  'country=arg',
  'country=arg&province=cordoba',
  'country=arg&province=cordoba&city=cba-city',
  'country=col',
  'labels=Vidrios',
  'labels=Vidrios&labels=Tetrabrik',
  'typed=barter&country=arg',
  'typed=market&labels=Tetrabrik',
].map((query) => `/api/publications?pageSize=1${query === '' ? '' : `&${query}`}`);

const TYPES = ['market', 'dots', 'barter'];
const PLACES = [
  { country: 'arg', province: 'cordoba', city: 'cba-city' },
  { country: 'arg', province: 'cordoba', city: 'villa-maria' },
  { country: 'arg', province: 'baires', city: null },
  { country: 'col', province: null, city: null },
];
const LABELS = [[], ['Vidrios'], ['Tetrabrik'], ['Vidrios', 'Tetrabrik']];

describe('remembered counts patched by the changes they follow', () => {
  let subject: TestApp;
  let db: DB;
  let actors: Actors;
  const random = seeded(48);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const ids: string[] = [];
  let minute = 0;

  async function store(status: 0 | 1): Promise<string> {
    const place = pick(PLACES);
    const id = await storePublication(db, {
      typed: pick(TYPES),
      title: 'Frascos de vidrio',
      labels: pick(LABELS),
      status,
      createdBy: random() < 0.3 ? actors.other.id : actors.author.id,
      createdAt: minutesAfter((minute += 1)),
      ...place,
    });
    ids.push(id);
    return id;
  }

  const totals = (app = subject.app) =>
    Promise.all(
      LISTS.map(async (url) => {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ total: number }>().total;
      }),
    );

  beforeAll(async () => {
    subject = await createTestApp();
    db = subject.database.db;
    actors = await createActors(db);
    for (let index = 0; index < 24; index++) await store(random() < 0.8 ? 1 : 0);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  /** One write of a kind drawn at random, straight in the database as any process would write it. */
  async function write(): Promise<string> {
    const id = pick(ids);
    const kind = pick(['add', 'status', 'typed', 'place', 'labels', 'title', 'delete', 'suspend']);
    const publication = db.updateTable('publications').where('id', '=', id);
    switch (kind) {
      case 'add':
        await store(random() < 0.7 ? 1 : 0);
        break;
      case 'status':
        await publication.set({ status: random() < 0.5 ? 0 : 1 }).execute();
        break;
      case 'typed':
        await publication.set({ typed: pick(TYPES) }).execute();
        break;
      case 'place': {
        const place = pick(PLACES);
        await publication
          .set({
            location_country: place.country,
            location_province: place.province,
            location_city: place.city,
          })
          .execute();
        break;
      }
      case 'labels':
        await publication.set({ labels: JSON.stringify(pick(LABELS)) }).execute();
        break;
      case 'title':
        await publication.set({ title: `Frascos ${minute}` }).execute();
        break;
      case 'delete':
        await db.deleteFrom('publications').where('id', '=', id).execute();
        ids.splice(ids.indexOf(id), 1);
        break;
      case 'suspend':
        await db
          .updateTable('users')
          .set({ is_active: random() < 0.5 ? 0 : 1 })
          .where('id', '=', actors.other.id)
          .execute();
        break;
    }
    return kind;
  }

  it('answers every total as a process that remembers nothing, after each write', async () => {
    await totals();
    for (let step = 0; step < 30; step++) {
      const kind = await write();
      const remembered = await totals();
      const fresh = await withFreshInstance(subject, (app) => totals(app));
      expect(remembered, `after write ${step} (${kind})`).toEqual(fresh);
    }
  }, 60_000);

  it.runIf(testDialect === 'postgres')('reads no count again after a publication is published', async () => {
    await db.updateTable('users').set({ is_active: 1 }).where('id', '=', actors.other.id).execute();
    const before = await totals();
    const id = await store(0);
    await totals();
    await db.updateTable('publications').set({ status: 1 }).where('id', '=', id).execute();
    let after: number[] = [];
    const sent = await statementsSent(async () => {
      after = await totals();
    });
    const texts = sent.map((statement) => statement.text);
    expect(
      texts.filter((text) => /publication_counts|count\(/.test(text)),
      texts.join('\n'),
    ).toEqual([]);
    expect(after[0]).toBe((before[0] as number) + 1);
    expect(after).toEqual(await withFreshInstance(subject, (app) => totals(app)));
  });
});
