import { normalizeSearchTerms } from '@eco/domain';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCount } from '../src/db/count.ts';
import { migrations } from '../src/db/migrations/index.ts';
import type { DB } from '../src/db/schema.ts';
import { searchStemsOf } from '../src/modules/publications/search-stems.ts';
import { createActors, pageOf, storePublication, type Actors } from './helpers/publications.ts';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.ts';

// search_token_counts (migration 0018, PostgreSQL) holds how many publications the public sees hold each search
// token; a one-word search of one whole token without filters takes its total from there. search_token_bits (0019)
// holds which of them hold each token, its title's and labels' copies and each facet; every other search counts
// and ranks from there. After every kind of write — insert, edit of the texts, publish, unpublish, an author
// suspended and reinstated, delete, an account's publications deleted — the counts equal a recount from the
// publications themselves, computed here, the bits equal the tokens of the listed rows of publication_tokens, and
// the API's totals equal a count of the matching publications.

type Counts = Record<string, number>;

/** The tokens recounted in JavaScript from the publications' stems and their authors. */
async function recounted(db: DB): Promise<Counts> {
  const rows = await db
    .selectFrom('publications as p')
    .leftJoin('users as u', 'u.id', 'p.created_by')
    .select(['p.title_stems', 'p.labels_stems', 'p.description_stems', 'p.status', 'u.is_active'])
    .execute();
  const counts: Counts = {};
  for (const row of rows) {
    if (row.status !== 1 || row.is_active === 0) continue;
    const tokens = new Set(
      `${row.title_stems} ${row.labels_stems} ${row.description_stems}`
        .split(' ')
        .filter((token) => token !== ''),
    );
    for (const token of tokens) counts[token] = (counts[token] ?? 0) + 1;
  }
  return counts;
}

async function stored(db: DB): Promise<Counts> {
  const { rows } = await sql<{
    token: string;
    listed: string | number;
  }>`select token, listed from search_token_counts`.execute(db);
  const counts: Counts = {};
  for (const row of rows) {
    const listed = toCount(row.listed);
    expect(listed, `${row.token} below zero`).toBeGreaterThanOrEqual(0);
    if (listed > 0) counts[row.token] = listed;
  }
  return counts;
}

/** Each token's listed publications, as `token seq` pairs, from the bitmaps. */
async function storedBits(db: DB): Promise<string[]> {
  const { rows } = await sql<{ pair: string }>`select b.token || ' ' || (b.chunk * 8192 + i) as pair
    from search_token_bits as b, generate_series(0, 8191) as i where get_bit(b.bits, i) = 1`.execute(db);
  return rows.map((row) => row.pair).sort();
}

/** The same pairs from the listed rows of publication_tokens. */
async function expectedBits(db: DB): Promise<string[]> {
  const { rows } = await sql<{ pair: string }>`select distinct t.token || ' ' || p.seq as pair
    from publication_tokens as p, unnest(p.tokens) as t(token) where p.listed`.execute(db);
  return rows.map((row) => row.pair).sort();
}

describe.runIf(testDialect === 'postgres')('search token counts and bits', () => {
  let subject: TestApp;
  let db: DB;
  let actors: Actors;
  const ids: string[] = [];

  const titles = ['Botellas de vidrio', 'Frascos de vidrio con tapa', 'Bolsas de tela', 'Cajas de cartón'];
  const descriptions = [
    'Botellas limpias, sin etiqueta.',
    'Para conservas.',
    'Tela de algodón.',
    'Cartón seco.',
  ];

  beforeAll(async () => {
    subject = await createTestApp();
    db = subject.database.db;
    actors = await createActors(db);
    for (let index = 0; index < 20; index++) {
      ids.push(
        await storePublication(db, {
          title: `${titles[index % titles.length]} ${index}`,
          description: descriptions[(index * 3) % descriptions.length],
          labels: index % 3 === 0 ? ['Vidrios'] : [],
          typed: index % 4 === 1 ? 'dots' : 'market',
          status: index % 6 === 0 ? 0 : 1,
          createdBy: index % 2 === 0 ? actors.author.id : actors.other.id,
          createdAt: new Date(Date.UTC(2025, 0, 1, 0, index)).toISOString(),
        }),
      );
    }
  });

  afterAll(async () => subject.dispose());

  /** The listed publications, each as its set of tokens. */
  async function listedTokens(): Promise<Set<string>[]> {
    const rows = await db
      .selectFrom('publications as p')
      .leftJoin('users as u', 'u.id', 'p.created_by')
      .select(['p.title_stems', 'p.labels_stems', 'p.description_stems', 'p.status', 'u.is_active'])
      .execute();
    return rows
      .filter((row) => row.status === 1 && row.is_active !== 0)
      .map((row) => new Set(`${row.title_stems} ${row.labels_stems} ${row.description_stems}`.split(' ')));
  }

  async function expectExact(): Promise<void> {
    expect(await stored(db)).toEqual(await recounted(db));
    const bits = await storedBits(db);
    expect(bits.length).toBeGreaterThan(0);
    expect(bits).toEqual(await expectedBits(db));
    // One-word searches: the total is how many listed publications have a token the word begins.
    const listed = await listedTokens();
    let wholeTokens = 0;
    for (const term of ['botellas', 'vidrio', 'tela', 'carton', 'macetas', 'conservas']) {
      const [word = ''] = normalizeSearchTerms(term);
      const body = pageOf(await subject.app.inject({ method: 'GET', url: `/api/publications?term=${term}` }));
      const matching = listed.filter((tokens) => [...tokens].some((token) => token.startsWith(word)));
      expect(body.total, term).toBe(matching.length);
      const known = new Set(
        listed.flatMap((tokens) => [...tokens].filter((token) => token.startsWith(word))),
      );
      if (known.size === 1) wholeTokens += 1;
    }
    // Most of them are one whole token: their totals come from the kept counts.
    expect(wholeTokens).toBeGreaterThanOrEqual(3);
    // Several words, and words with a filter, are counted from the bits.
    for (const term of ['botellas vidrio', 'vid tela', 'carton botellas']) {
      const words = normalizeSearchTerms(term);
      const url = `/api/publications?term=${encodeURIComponent(term)}`;
      const matching = listed.filter((tokens) =>
        words.every((word) => [...tokens].some((token) => token.startsWith(word))),
      );
      expect(pageOf(await subject.app.inject({ method: 'GET', url })).total, term).toBe(matching.length);
    }
    // With filters: the category, and a label.
    const rows = await db
      .selectFrom('publications as p')
      .leftJoin('users as u', 'u.id', 'p.created_by')
      .select(['p.typed', 'p.labels', 'p.title_stems', 'p.labels_stems', 'p.description_stems'])
      .where('p.status', '=', 1)
      .where((eb) => eb.or([eb('u.is_active', 'is', null), eb('u.is_active', '<>', 0)]))
      .execute();
    for (const [term, typed, label] of [
      ['vidrio', 'market', undefined],
      ['botellas', undefined, 'Vidrios'],
    ] as const) {
      const [word = ''] = normalizeSearchTerms(term);
      const query = `term=${term}${typed === undefined ? '' : `&typed=${typed}`}${label === undefined ? '' : `&labels=${label}`}`;
      const matching = rows.filter(
        (row) =>
          (typed === undefined || row.typed === typed) &&
          (label === undefined || (JSON.parse(row.labels) as string[]).includes(label)) &&
          `${row.title_stems} ${row.labels_stems} ${row.description_stems}`
            .split(' ')
            .some((token) => token.startsWith(word)),
      );
      const body = pageOf(await subject.app.inject({ method: 'GET', url: `/api/publications?${query}` }));
      expect(body.total, query).toBe(matching.length);
    }
  }

  it('are exact from the start and after every kind of write', async () => {
    await expectExact();
    const [first, second, third] = ids as [string, string, string];
    const edit = (id: string, title: string, description: string) =>
      db
        .updateTable('publications')
        .set({ title, description, ...searchStemsOf({ title, description, labels: '[]' }), labels: '[]' })
        .where('id', '=', id)
        .execute();

    await edit(first, 'Botellas y cartón', 'Botellas de vidrio verde.');
    await edit(second, 'Macetas', 'Hechas con botellas.');
    await expectExact();
    await db.updateTable('publications').set({ status: 0 }).where('id', '=', third).execute();
    await db.updateTable('publications').set({ status: 1 }).where('id', '=', first).execute();
    await expectExact();
    // A change that touches no text nor whether the public sees it leaves the counts alone.
    await db.updateTable('publications').set({ quantity: 3 }).where('id', '=', second).execute();
    await expectExact();
    await db.updateTable('users').set({ is_active: 0 }).where('id', '=', actors.author.id).execute();
    await expectExact();
    await db.updateTable('users').set({ is_active: 0 }).where('id', '=', actors.author.id).execute();
    await db.updateTable('users').set({ is_active: 1 }).where('id', '=', actors.author.id).execute();
    await expectExact();
    await db
      .updateTable('publications')
      .set({ created_by: actors.superUser.id })
      .where('id', '=', second)
      .execute();
    await db.deleteFrom('publications').where('id', 'in', ids.slice(8, 12)).execute();
    await expectExact();
    // Everything of a suspended author deleted, as the account deletion does: they were not counted.
    await db.updateTable('users').set({ is_active: 0 }).where('id', '=', actors.other.id).execute();
    await db.deleteFrom('publications').where('created_by', '=', actors.other.id).execute();
    await expectExact();
    // Several inserted by one statement.
    await db
      .insertInto('publications')
      .values(
        [0, 1, 2].map((index) => {
          const content = { title: `Botellas ${index}`, description: 'Vidrio y tela.', labels: '[]' };
          return {
            id: `bulk-${index}`,
            typed: 'market',
            ...content,
            ...searchStemsOf(content),
            status: 1,
            created_by: actors.author.id,
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
          };
        }),
      )
      .execute();
    await expectExact();
  });

  it('count and mark the publications that existed before the migrations', async () => {
    const counts = migrations['0018-search-token-counts'];
    const bits = migrations['0019-search-token-bits'];
    if (counts === undefined || bits === undefined) throw new Error('No migration 0018 or 0019');
    const before = await stored(db);
    const bitsBefore = await storedBits(db);
    // Down in reverse order, up in order, as the migrator runs them.
    await bits.down?.(db as unknown as Kysely<unknown>);
    await counts.down?.(db as unknown as Kysely<unknown>);
    await counts.up(db as unknown as Kysely<unknown>);
    await bits.up(db as unknown as Kysely<unknown>);
    expect(await stored(db)).toEqual(before);
    expect(before).toEqual(await recounted(db));
    expect(await storedBits(db)).toEqual(bitsBefore);
    expect(bitsBefore).toEqual(await expectedBits(db));
  });
});
