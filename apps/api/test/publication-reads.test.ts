import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListChange } from '../src/db/list-changes.ts';
import { touches } from '../src/modules/publications/publication-reads.ts';
import {
  createActors,
  minutesAfter,
  storePublication,
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

// A publication's page, its purchase options and its cards in lists are read through rows each process remembers at
// the publications list's version (publication-reads.ts). After every kind of write, by the API of either process or straight in the
// database, both processes must answer what a process that remembers nothing answers, to every kind of reader.

describe('a publication read after writes, across app instances', () => {
  let subject: TestApp;
  let second: OtherInstance;
  let actors: Actors;
  let apps: FastifyInstance[];
  let id: string;
  let neighbour: string;

  beforeAll(async () => {
    subject = await createTestApp();
    const { db } = subject.database;
    actors = await createActors(db);
    id = await storePublication(db, {
      title: 'Frascos de vidrio',
      createdBy: actors.author.id,
      createdAt: minutesAfter(1),
      country: 'arg',
    });
    await db.updateTable('publications').set({ price: 1500, quantity: 3 }).where('id', '=', id).execute();
    neighbour = await storePublication(db, {
      title: 'Cajas de cartón',
      createdBy: actors.other.id,
      createdAt: minutesAfter(2),
    });
    second = await createOtherInstance(subject);
    apps = [subject.app, second.app];
  });

  afterAll(async () => {
    await second.close();
    await subject.dispose();
  });

  type Seen = Record<string, [number, unknown]>;

  /** The publication and its purchase options as a guest, its author, another member and a super user see them. */
  async function seenBy(app: FastifyInstance): Promise<Seen> {
    const readers: [string, Actor | null][] = [
      ['guest', null],
      ['author', actors.author],
      ['other', actors.other],
      ['super user', actors.superUser],
    ];
    const seen: Seen = {};
    for (const [name, reader] of readers) {
      const paths = {
        detail: `/api/publication/${id}`,
        purchase: `/api/publication/${id}/purchase`,
        // The cards of lists come from the same remembered rows (publication-reads.ts readMany).
        list: '/api/publications',
        own: '/api/my-publications',
      };
      for (const [kind, path] of Object.entries(paths)) {
        const response = await app.inject({ method: 'GET', url: path, headers: reader?.headers ?? {} });
        seen[`${name} ${kind}`] = [response.statusCode, response.json()];
      }
    }
    return seen;
  }

  async function expectExactEverywhere(): Promise<Seen> {
    const expected = await withFreshInstance(subject, seenBy);
    for (const app of apps) expect(await seenBy(app)).toEqual(expected);
    return expected;
  }

  function titleOf(seen: Seen): unknown {
    return (seen['guest detail']?.[1] as { publication?: { title: string } }).publication?.title;
  }

  it('answers what the database holds after every kind of write, on both instances', async () => {
    const { db } = subject.database;
    const initial = await expectExactEverywhere();
    expect(titleOf(initial)).toBe('Frascos de vidrio');
    expect(initial['guest purchase']?.[0]).toBe(200);

    // The author edits it through instance A: back to review, so no longer public.
    const edited = await subject.app.inject({
      method: 'PUT',
      url: `/api/publication/${id}`,
      headers: actors.author.headers,
      payload: validForm('market', ['/media/demo/ejemplo.webp'], { title: 'Frascos de vidrio con tapa' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const afterEdit = await expectExactEverywhere();
    expect(afterEdit['guest detail']?.[0]).toBe(404);
    expect(afterEdit['author detail']?.[0]).toBe(200);

    // Published again by the super user through instance B.
    const published = await second.app.inject({
      method: 'PUT',
      url: `/api/publication/${id}`,
      headers: actors.superUser.headers,
      payload: { status: 1 },
    });
    expect(published.statusCode, published.body).toBe(200);
    const afterPublish = await expectExactEverywhere();
    expect(titleOf(afterPublish)).toBe('Frascos de vidrio con tapa');

    // Straight in the database, as another process or an operator would write: a price, then its images.
    await db.updateTable('publications').set({ price: 2500 }).where('id', '=', id).execute();
    await expectExactEverywhere();
    await db
      .insertInto('publication_files')
      .values({ publication_id: id, position: 1, url: '/media/demo/otra.webp' })
      .execute();
    const withImage = await expectExactEverywhere();
    expect(JSON.stringify(withImage['guest detail'])).toContain('otra.webp');
    // In their order, not their names' (the images come with the row, as a JSON array of each dialect).
    await db
      .insertInto('publication_files')
      .values({ publication_id: id, position: 2, url: '/media/demo/a-la-cola.webp' })
      .execute();
    const detail = JSON.stringify((await expectExactEverywhere())['guest detail']);
    const at = (name: string) => detail.indexOf(`/${name}`);
    expect(at('ejemplo.webp')).toBeGreaterThan(-1);
    expect(at('ejemplo.webp')).toBeLessThan(at('otra.webp'));
    expect(at('otra.webp')).toBeLessThan(at('a-la-cola.webp'));

    // Its author's card: name and rating.
    await db
      .updateTable('users')
      .set({ name: 'Ana Renombrada', rating_count: 2, rating_sum: 9 })
      .where('id', '=', actors.author.id)
      .execute();
    expect(JSON.stringify((await expectExactEverywhere())['guest detail'])).toContain('Ana Renombrada');

    // A write to another publication keeps what is remembered of this one, and changes nothing here.
    const ofThisOne = (seen: Seen) =>
      Object.fromEntries(Object.entries(seen).filter(([name]) => /detail|purchase/.test(name)));
    const beforeNeighbour = await expectExactEverywhere();
    await db.updateTable('publications').set({ title: 'Cajas' }).where('id', '=', neighbour).execute();
    const afterNeighbour = await expectExactEverywhere();
    expect(ofThisOne(afterNeighbour)).toEqual(ofThisOne(beforeNeighbour));
    // The lists show the neighbour's new title.
    expect(JSON.stringify(afterNeighbour['guest list'])).toContain('"title":"Cajas"');

    // Its author suspended, then reinstated: public only while active.
    await db.updateTable('users').set({ is_active: 0 }).where('id', '=', actors.author.id).execute();
    expect((await expectExactEverywhere())['guest detail']?.[0]).toBe(404);
    await db.updateTable('users').set({ is_active: 1 }).where('id', '=', actors.author.id).execute();
    expect((await expectExactEverywhere())['guest detail']?.[0]).toBe(200);

    // Deleted through instance A: gone for everybody on both.
    const deleted = await subject.app.inject({
      method: 'DELETE',
      url: `/api/publication/${id}`,
      headers: actors.author.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const afterDelete = await expectExactEverywhere();
    for (const [name, [status]] of Object.entries(afterDelete)) {
      if (name.endsWith('detail') || name.endsWith('purchase')) expect(status).toBe(404);
    }
    expect(JSON.stringify(afterDelete['guest list'])).not.toContain(id);
  });
});

describe('which logged changes touch a remembered publication', () => {
  const state = (id: string) => ({
    id,
    status: 1,
    visible: true,
    author: 'ana',
    typed: 'market',
    country: null,
    province: null,
    city: null,
    labels: [],
    date: null,
    words: '',
  });
  const read = { id: 'p1', author: 'ana' };

  it('is touched by its own changes, its images, its author and a reset; not by others', () => {
    const touching: ListChange[] = [
      { kind: 'publication', before: state('p1'), after: state('p1') },
      { kind: 'publication', before: null, after: state('p1') },
      { kind: 'publication', before: state('p1'), after: null },
      { kind: 'files', id: 'p1' },
      { kind: 'author', id: 'ana' },
      { kind: 'reset' },
    ];
    for (const change of touching) expect(touches(read, change), JSON.stringify(change)).toBe(true);
    const others: ListChange[] = [
      { kind: 'publication', before: state('p2'), after: state('p2') },
      { kind: 'files', id: 'p2' },
      { kind: 'author', id: 'bruno' },
    ];
    for (const change of others) expect(touches(read, change), JSON.stringify(change)).toBe(false);
  });

  it('drops a remembered miss when a publication of that id appears', () => {
    expect(
      touches({ id: 'p1', author: null }, { kind: 'publication', before: null, after: state('p1') }),
    ).toBe(true);
  });
});
