import { MATERIAL_LABELS } from '@eco/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { toCount } from '../src/db/count.ts';
import { migrations } from '../src/db/migrations/index.ts';
import type { DB } from '../src/db/schema.ts';
import { createActors, pageOf, storePublication, type Actors } from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// publication_counts (migration 0014) holds, per group, how many publications the public sees; the lists' totals
// without a text search are sums over it. After every kind of write — insert, edit of each grouped column,
// publish, unpublish, delete, an author suspended and reinstated — the table equals a recount from the
// publications themselves, computed here independently, and the API's totals equal plain counts.

type Groups = Record<string, number>;

function groupKey(typed: string, country: string, province: string, city: string, mask: number): string {
  return [typed, country, province, city, mask].join('|');
}

/** The groups recounted in JavaScript from the publications and their authors. */
async function recounted(db: DB): Promise<Groups> {
  const rows = await db
    .selectFrom('publications as p')
    .leftJoin('users as u', 'u.id', 'p.created_by')
    .select([
      'p.typed',
      'p.location_country',
      'p.location_province',
      'p.location_city',
      'p.labels',
      'p.status',
    ])
    .select('u.is_active')
    .execute();
  const groups: Groups = {};
  for (const row of rows) {
    if (row.status !== 1 || row.is_active === 0) continue;
    const labels = JSON.parse(row.labels) as string[];
    const mask = MATERIAL_LABELS.reduce(
      (sum, label, index) => (labels.includes(label) ? sum | (1 << index) : sum),
      0,
    );
    const key = groupKey(
      row.typed,
      row.location_country ?? '',
      row.location_province ?? '',
      row.location_city ?? '',
      mask,
    );
    groups[key] = (groups[key] ?? 0) + 1;
  }
  return groups;
}

async function stored(db: DB): Promise<Groups> {
  const rows = await db.selectFrom('publication_counts').selectAll().execute();
  const groups: Groups = {};
  for (const row of rows) {
    const n = toCount(row.n);
    expect(n, 'no group below zero').toBeGreaterThanOrEqual(0);
    if (n > 0) {
      groups[
        groupKey(row.typed, row.location_country, row.location_province, row.location_city, row.label_mask)
      ] = n;
    }
  }
  return groups;
}

describe('publication counts per group', () => {
  let subject: TestApp;
  let db: DB;
  let actors: Actors;
  const ids: string[] = [];

  beforeAll(async () => {
    subject = await createTestApp();
    db = subject.database.db;
    actors = await createActors(db);
    const places = [
      ['arg', 'cordoba', 'cba-city'],
      ['arg', 'cordoba', null],
      ['col', 'antioquia', 'medellin'],
      [null, null, null],
    ] as const;
    const labelSets = [[], ['Vidrios'], ['Vidrios', 'Plásticos'], ['Otros', 'Vidrios', 'Vidrios']];
    for (let index = 0; index < 24; index++) {
      const [country, province, city] = places[index % places.length] ?? [null, null, null];
      ids.push(
        await storePublication(db, {
          typed: ['market', 'dots', 'barter'][index % 3] ?? 'market',
          title: `Publicación ${index}`,
          labels: labelSets[index % labelSets.length] ?? [],
          status: index % 5 === 0 ? 0 : 1,
          createdBy: index % 2 === 0 ? actors.author.id : actors.other.id,
          createdAt: new Date(Date.UTC(2025, 0, 1, 0, index)).toISOString(),
          country,
          province,
          city,
        }),
      );
    }
  });

  afterAll(async () => subject.dispose());

  async function expectExact(): Promise<void> {
    expect(await stored(db)).toEqual(await recounted(db));
    for (const query of [
      '',
      '?typed=dots',
      '?country=arg',
      '?country=arg&province=cordoba',
      '?country=arg&province=cordoba&city=cba-city',
      '?labels=Vidrios',
      '?labels=Otros&labels=Plásticos&typed=barter',
    ]) {
      const body = pageOf(await subject.app.inject({ method: 'GET', url: `/api/publications${query}` }));
      const params = new URLSearchParams(query);
      let expected = db
        .selectFrom('publications as p')
        .leftJoin('users as u', 'u.id', 'p.created_by')
        .select(db.fn.countAll<number | string>().as('n'))
        .where('p.status', '=', 1)
        .where((eb) => eb.or([eb('u.is_active', 'is', null), eb('u.is_active', '<>', 0)]));
      const typed = params.get('typed');
      if (typed !== null) expected = expected.where('p.typed', '=', typed);
      for (const [param, column] of [
        ['country', 'p.location_country'],
        ['province', 'p.location_province'],
        ['city', 'p.location_city'],
      ] as const) {
        const value = params.get(param);
        if (value !== null) expected = expected.where(column, '=', value);
      }
      const labels = params.getAll('labels');
      if (labels.length > 0) {
        expected = expected.where((eb) =>
          eb.or(labels.map((label) => eb('p.labels', 'like', `%${JSON.stringify(label)}%`))),
        );
      }
      const count = toCount((await expected.executeTakeFirstOrThrow()).n);
      expect(body.total, query).toBe(count);
    }
  }

  it('are exact from the start and after every kind of write', async () => {
    await expectExact();
    const [first, second, third, fourth] = ids as [string, string, string, string];

    await db
      .updateTable('publications')
      .set({ labels: JSON.stringify(['Tetrabrik']) })
      .where('id', '=', first)
      .execute();
    await expectExact();
    await db.updateTable('publications').set({ typed: 'dots' }).where('id', '=', second).execute();
    await db
      .updateTable('publications')
      .set({ location_city: 'rio-cuarto' })
      .where('id', '=', third)
      .execute();
    await db
      .updateTable('publications')
      .set({ location_province: null, location_city: null })
      .where('id', '=', fourth)
      .execute();
    await expectExact();
    // Unpublished, published, and one not yet published published.
    await db.updateTable('publications').set({ status: 0 }).where('id', '=', second).execute();
    await db.updateTable('publications').set({ status: 1 }).where('id', '=', first).execute();
    await expectExact();
    // A change that touches no grouped column leaves the counts alone.
    await db.updateTable('publications').set({ title: 'Otro título' }).where('id', '=', third).execute();
    await expectExact();
    // An author suspended, then reinstated (the moderation desk sets is_active).
    await db.updateTable('users').set({ is_active: 0 }).where('id', '=', actors.author.id).execute();
    await expectExact();
    await db.updateTable('users').set({ is_active: 0 }).where('id', '=', actors.author.id).execute();
    await expectExact();
    await db.updateTable('users').set({ is_active: 1 }).where('id', '=', actors.author.id).execute();
    await expectExact();
    // A publication moved to another author, and several deleted at once.
    await db
      .updateTable('publications')
      .set({ created_by: actors.superUser.id })
      .where('id', '=', third)
      .execute();
    await db.deleteFrom('publications').where('id', 'in', ids.slice(10, 16)).execute();
    await expectExact();
    // Everything of a suspended author deleted, as the account deletion does: they were not counted.
    await db.updateTable('users').set({ is_active: 0 }).where('id', '=', actors.other.id).execute();
    await db.deleteFrom('publications').where('created_by', '=', actors.other.id).execute();
    await expectExact();
  });

  it('counts the publications that existed before the migration', async () => {
    const migration = migrations['0014-publication-counts'];
    if (migration === undefined) throw new Error('No migration 0014');
    const before = await stored(db);
    await migration.down?.(db as unknown as Kysely<unknown>);
    await migration.up(db as unknown as Kysely<unknown>);
    expect(await stored(db)).toEqual(before);
    expect(before).toEqual(await recounted(db));
  });

  it('knows every material label of the catalog', async () => {
    const bits = await db.selectFrom('material_label_bits').selectAll().orderBy('bit').execute();
    expect(bits.map((row) => row.name)).toEqual([...MATERIAL_LABELS]);
    expect(bits.map((row) => row.bit)).toEqual(MATERIAL_LABELS.map((_, index) => 2 ** index));
  });
});
