import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.ts';
import { createActors, minutesAfter, storePublication, type Actors } from './helpers/publications.ts';
import { statementsSent } from './helpers/statements.ts';
import { createTestApp, testDialect, withFreshInstance, type TestApp } from './helpers/test-app.ts';

// Issue 27: a remembered near-me page full of publications with a point keeps its ids across a change whose
// publication sorts after its last row, before and after (list-dependencies.ts keepsOrder): it is computed again from
// them, its total and cards read, without ordering anything by distance. After every kind of write, the remembered
// page is what a process that remembers nothing answers.

const HERE = { lat: -31.42, lng: -64.18 };
/** About 1.1 km north of HERE per step. */
const STEP = 0.01;
const PAGE_1 = `/api/publications?near=${HERE.lat},${HERE.lng}&pageSize=4`;
const PAGE_2 = `${PAGE_1}&page=2`;

type Page = { total: number; publications: { _id: string; title: string; files: unknown[] }[] };

async function placeAt(db: DB, id: string, steps: number): Promise<void> {
  const lat = Number((HERE.lat + steps * STEP).toFixed(6));
  await db
    .updateTable('publications')
    .set({
      location_lat: lat,
      location_lng: HERE.lng,
      public_lat: lat,
      public_lng: HERE.lng,
      location_exact: 1,
    })
    .where('id', '=', id)
    .execute();
}

describe('a remembered near-me page whose order no change can alter', () => {
  let subject: TestApp;
  let db: DB;
  let actors: Actors;
  const shown: string[] = [];
  let minute = 0;

  const store = (title: string, typed = 'dots', createdBy?: string) =>
    storePublication(db, {
      typed,
      title,
      country: 'arg',
      createdBy: createdBy ?? actors.author.id,
      createdAt: minutesAfter((minute += 1)),
    });

  async function page(url: string, app = subject.app): Promise<Page> {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  }

  /** Both pages as this process answers them, which must be what a process that remembers nothing answers. */
  async function expectExact(): Promise<[Page, Page]> {
    const remembered = [await page(PAGE_1), await page(PAGE_2)] as [Page, Page];
    const fresh = await withFreshInstance(subject, async (app) => [
      await page(PAGE_1, app),
      await page(PAGE_2, app),
    ]);
    expect(remembered).toEqual(fresh);
    return remembered;
  }

  const titles = (answer: Page) => answer.publications.map((card) => card.title);

  beforeAll(async () => {
    subject = await createTestApp();
    db = subject.database.db;
    actors = await createActors(db);
    for (let step = 1; step <= 8; step++) {
      const id = await store(`Punto limpio ${step}`);
      await placeAt(db, id, step);
      shown.push(id);
    }
    for (let index = 0; index < 3; index++) await store(`Frascos sin lugar ${index}`, 'market');
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('answers a publication without a point with the same cards and the new total', async () => {
    const [first, second] = await expectExact();
    expect(titles(first)).toEqual(['Punto limpio 1', 'Punto limpio 2', 'Punto limpio 3', 'Punto limpio 4']);
    expect(titles(second)).toEqual(['Punto limpio 5', 'Punto limpio 6', 'Punto limpio 7', 'Punto limpio 8']);
    expect(first.total).toBe(11);

    await store('Frascos nuevos sin lugar', 'market');
    let again: Page | undefined;
    const sent = await statementsSent(async () => {
      again = await page(PAGE_1);
    });
    expect(again?.total).toBe(12);
    expect(titles(again as Page)).toEqual(titles(first));
    if (testDialect === 'postgres') {
      // The page was not ordered again: no statement measures a distance.
      const texts = sent.map((statement) => statement.text);
      expect(
        texts.filter((text) => text.includes('asin(')),
        texts.join('\n'),
      ).toEqual([]);
    }
    await expectExact();
  });

  it('keeps a page that a farther point leaves as it was, and changes one a nearer point enters', async () => {
    await placeAt(db, await store('Punto lejano'), 9.5);
    const [first, second] = await expectExact();
    expect(first.total).toBe(13);
    expect(titles(second)).toEqual(['Punto limpio 5', 'Punto limpio 6', 'Punto limpio 7', 'Punto limpio 8']);

    await placeAt(db, await store('Punto cercano'), 2.5);
    const [nearer, shifted] = await expectExact();
    expect(titles(nearer)).toEqual(['Punto limpio 1', 'Punto limpio 2', 'Punto cercano', 'Punto limpio 3']);
    expect(titles(shifted)).toEqual(['Punto limpio 4', 'Punto limpio 5', 'Punto limpio 6', 'Punto limpio 7']);
    expect(titles(first)).not.toEqual(titles(nearer));
  });

  it('shows at once what changes on a card: its images, its author, its title', async () => {
    await expectExact();
    const first = shown[0] as string;
    await db
      .insertInto('publication_files')
      .values({ publication_id: first, position: 1, url: '/media/demo/otra.webp' })
      .execute();
    const [withImage] = await expectExact();
    expect(withImage.publications[0]?.files).toHaveLength(2);

    await db
      .updateTable('users')
      .set({ name: 'Autora con otro nombre' })
      .where('id', '=', actors.author.id)
      .execute();
    const [renamed] = await expectExact();
    expect(JSON.stringify(renamed)).toContain('Autora con otro nombre');

    await db
      .updateTable('publications')
      .set({ title: 'Punto limpio renovado' })
      .where('id', '=', first)
      .execute();
    const [retitled] = await expectExact();
    expect(titles(retitled)[0]).toBe('Punto limpio renovado');
  });

  it('drops the page when a shown publication moves away, is unpublished, or its author is suspended', async () => {
    await expectExact();
    await placeAt(db, shown[1] as string, 30);
    const [moved] = await expectExact();
    expect(moved.publications.map((card) => card._id)).not.toContain(shown[1]);

    await db
      .updateTable('publications')
      .set({ status: 0 })
      .where('id', '=', shown[3] as string)
      .execute();
    const [unpublished] = await expectExact();
    expect(unpublished.publications.map((card) => card._id)).not.toContain(shown[3]);

    const other = await store('Punto de otra persona', 'dots', actors.other.id);
    await placeAt(db, other, 0.5);
    const [withOther] = await expectExact();
    expect(titles(withOther)[0]).toBe('Punto de otra persona');
    await db.updateTable('users').set({ is_active: 0 }).where('id', '=', actors.other.id).execute();
    const [suspended] = await expectExact();
    expect(titles(suspended)).not.toContain('Punto de otra persona');
  });
});
