import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { normalizeSearchTerms } from '@eco/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIX_SEED } from '../../../scripts/lib/bench-cases.ts';
import { fillDatabase } from '../../../scripts/lib/bench-fill.ts';
import { createListMix } from '../../../scripts/lib/bench-mix.ts';
import type { DB, Dialect } from '../src/db/schema.ts';
import { searchStemsOf } from '../src/modules/publications/search-stems.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// The search's answers against the rules themselves, computed here from the stored rows: a publication matches when
// every group of words has a word that begins one of its tokens (title, labels or description stems); the titles
// that match come first, then the labels, then the rest, each in the order the publications were added (newest
// first); only what the public sees (published, author not suspended), filtered by category, place and labels. The
// full-text index reads each tier only as far as the page (SQLite's facets, or PostgreSQL's ranked query; an author
// filter takes SQLite's other path): every page of every request must be the one the rules give, also after writes
// that move publications between tiers, filters and the public.

const ROWS = 1500;
const NOW = new Date('2026-06-01T12:00:00.000Z');

type Stored = {
  id: string;
  seq: number;
  status: number;
  authorActive: boolean;
  createdBy: string;
  typed: string;
  country: string | null;
  province: string | null;
  city: string | null;
  labels: string[];
  /** When it ends (its end, or its start without one), for events and courses. */
  ends: string | null;
  title: string[];
  labelTokens: string[];
  description: string[];
};

type Query = {
  words: string[];
  typed?: string;
  country?: string;
  province?: string;
  city?: string;
  labels?: string[];
  author?: string;
};

async function readCatalogue(db: DB, dialect: Dialect): Promise<Stored[]> {
  // The lists' order: SQLite numbers the slim rows, PostgreSQL the publications themselves.
  const order =
    dialect === 'sqlite' ? sql`(select seq from publication_search_rows as r where r.id = p.id)` : sql`p.seq`;
  const { rows } = await sql<{
    id: string;
    seq: number | string;
    status: number;
    is_active: number;
    created_by: string;
    typed: string;
    location_country: string | null;
    location_province: string | null;
    location_city: string | null;
    labels: string;
    ends: string | null;
    title_stems: string;
    labels_stems: string;
    description_stems: string;
  }>`select p.id, ${order} as seq, p.status, u.is_active, p.created_by, p.typed, p.location_country,
      p.location_province, p.location_city, p.labels, coalesce(p.calendared_until, p.calendared_at) as ends,
      p.title_stems, p.labels_stems, p.description_stems
    from publications as p join users as u on u.id = p.created_by`.execute(db);
  const tokens = (text: string) => text.split(' ').filter((token) => token !== '');
  return rows.map((row) => ({
    id: row.id,
    seq: Number(row.seq),
    status: row.status,
    authorActive: row.is_active !== 0,
    createdBy: row.created_by,
    typed: row.typed,
    country: row.location_country,
    province: row.location_province,
    city: row.location_city,
    labels: JSON.parse(row.labels) as string[],
    ends: row.ends,
    title: tokens(row.title_stems),
    labelTokens: tokens(row.labels_stems),
    description: tokens(row.description_stems),
  }));
}

/** Every word group finds a token it begins in `tokens`. */
function everyGroupIn(groups: string[][], tokens: string[]): boolean {
  return groups.every((group) => group.some((word) => tokens.some((token) => token.startsWith(word))));
}

/** Events and courses are listed only until they end (the agenda, decision 032); the rows' dates are far from now. */
const AGENDA_TYPES = new Set(['events', 'courses']);

/** The ids the rules give for a query, in rank order. */
function expectedIds(catalogue: Stored[], query: Query): string[] {
  const groups = query.words.map((word) => [word]);
  const now = new Date().toISOString();
  return catalogue
    .filter(
      (item) =>
        item.status === 1 &&
        item.authorActive &&
        (query.typed === undefined || item.typed === query.typed) &&
        (query.typed === undefined ||
          !AGENDA_TYPES.has(query.typed) ||
          (item.ends !== null && item.ends >= now)) &&
        (query.country === undefined || item.country === query.country) &&
        (query.province === undefined || item.province === query.province) &&
        (query.city === undefined || item.city === query.city) &&
        (query.labels === undefined || query.labels.some((label) => item.labels.includes(label))) &&
        (query.author === undefined || item.createdBy === query.author) &&
        everyGroupIn(groups, [...item.title, ...item.labelTokens, ...item.description]),
    )
    .map((item) => ({
      item,
      tier: everyGroupIn(groups, item.title) ? 2 : everyGroupIn(groups, item.labelTokens) ? 1 : 0,
    }))
    .sort((a, b) => b.tier - a.tier || b.item.seq - a.item.seq)
    .map(({ item }) => item.id);
}

function pathOf(query: Query, term: string, page: number, pageSize: number): string {
  const params = new URLSearchParams({ term, page: String(page), pageSize: String(pageSize) });
  for (const name of ['typed', 'country', 'province', 'city', 'author'] as const) {
    const value = query[name];
    if (value !== undefined) params.set(name, value);
  }
  for (const label of query.labels ?? []) params.append('labels', label);
  return `/api/publications?${params.toString()}`;
}

describe('text search ranking', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let db: DB;
  let catalogue: Stored[];
  /** Searches of the benchmark mix (words and filters), with their typed text. */
  const searches: { query: Query; term: string }[] = [];

  async function answer(path: string): Promise<{ total: number; ids: string[] }> {
    const response = await app.inject({ method: 'GET', url: path });
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
    const body = response.json<{ total: number; publications: { _id: string }[] }>();
    return { total: body.total, ids: body.publications.map((item) => item._id) };
  }

  /** Every page of the query, at a page size that makes pages cross the tiers' boundaries. */
  async function checkEveryPage(query: Query, term: string, pageSize: number): Promise<number> {
    const expected = expectedIds(catalogue, query);
    const pages = Math.max(1, Math.ceil(expected.length / pageSize));
    for (let page = 1; page <= Math.min(pages, 6); page++) {
      const got = await answer(pathOf(query, term, page, pageSize));
      expect(got, pathOf(query, term, page, pageSize)).toEqual({
        total: expected.length,
        ids: expected.slice((page - 1) * pageSize, page * pageSize),
      });
    }
    // The last page, and one past it.
    for (const page of [pages, pages + 1]) {
      const got = await answer(pathOf(query, term, page, pageSize));
      expect(got.ids).toEqual(expected.slice((page - 1) * pageSize, page * pageSize));
    }
    return expected.length;
  }

  beforeAll(async () => {
    subject = await createTestApp();
    app = subject.app;
    db = subject.database.db;
    if (subject.database.dialect === 'postgres') {
      // PostgreSQL's search reads bitmaps of 8,192 publications a chunk (migration 0019): numbered 613 apart, the
      // publications spread over a hundred chunks, so that tiers and pages cross chunks, and a chunk's first and last
      // bits are used.
      await sql`alter table publications alter column seq set increment by 613`.execute(db);
    }
    await fillDatabase(db, subject.database.dialect, { publications: ROWS, users: 30, seed: 11, now: NOW });
    catalogue = await readCatalogue(db, subject.database.dialect);
    const mix = createListMix(MIX_SEED);
    for (const request of mix.requests) {
      if (!request.hasText) continue;
      const params = new URL(request.path, 'http://localhost').searchParams;
      const term = params.get('term') ?? '';
      const query: Query = {
        words: normalizeSearchTerms(term),
        typed: params.get('typed') ?? undefined,
        country: params.get('country') ?? undefined,
        province: params.get('province') ?? undefined,
        city: params.get('city') ?? undefined,
        labels: params.getAll('labels').length > 0 ? params.getAll('labels') : undefined,
      };
      // Misspelled searches that find nothing are answered from corrections: search-word-forms.test.ts.
      if (expectedIds(catalogue, query).length === 0) continue;
      searches.push({ query, term });
      if (searches.length === 60) break;
    }
  }, 120_000);

  afterAll(async () => {
    await subject.dispose();
  });

  it('answers every page of the mix’s searches, filters included, as the rules rank them', async () => {
    expect(searches.length).toBe(60);
    expect(
      searches.filter(({ query }) => query.typed ?? query.country ?? query.labels).length,
    ).toBeGreaterThan(10);
    for (const { query, term } of searches) await checkEveryPage(query, term, 7);
  }, 120_000);

  it('ranks titles before labels before descriptions, across page boundaries', async () => {
    // A word in some titles, more labels and many descriptions: the pages cross both boundaries.
    const query: Query = { words: ['vidri'] };
    const expected = expectedIds(catalogue, query);
    const byTier = [2, 1, 0].map(
      (tier) =>
        expected.filter((id) => {
          const item = catalogue.find((candidate) => candidate.id === id) as Stored;
          const groups = [['vidri']];
          const rank = everyGroupIn(groups, item.title) ? 2 : everyGroupIn(groups, item.labelTokens) ? 1 : 0;
          return rank === tier;
        }).length,
    );
    expect(byTier.every((count) => count > 0)).toBe(true);
    await checkEveryPage(query, 'vidrio', 5);
    await checkEveryPage(query, 'vidrio', 60);
  }, 60_000);

  it('gives the same pages through the path of an author filter', async () => {
    const author = catalogue.find((item) => item.status === 1)?.createdBy as string;
    for (const { query, term } of searches.slice(0, 20)) {
      await checkEveryPage({ ...query, author }, term, 4);
    }
  }, 60_000);

  it('follows writes: a title edited, labels and place changed, unpublished, an author suspended and back', async () => {
    const query: Query = { words: ['botell'] };
    const matching = expectedIds(catalogue, query);
    const visible = catalogue.filter((item) => item.status === 1 && matching.includes(item.id));
    // The oldest of those with the word only in their description: the edit brings it into the title tier.
    const first = visible
      .filter((item) => !everyGroupIn([['botell']], [...item.title, ...item.labelTokens]))
      .sort((a, b) => a.seq - b.seq)[0];
    const [second, third] = visible.filter((item) => item.id !== first?.id);
    if (first === undefined || second === undefined || third === undefined) throw new Error('no matches');
    const inTitles = () =>
      catalogue.filter(
        (item) => item.status === 1 && item.authorActive && everyGroupIn([['botell']], item.title),
      ).length;
    const before = expectedIds(catalogue, query).indexOf(first.id);
    expect(before).toBeGreaterThanOrEqual(inTitles());

    // Into the title tier, out of the place it had.
    const title = 'Botellas de vidrio para regalar';
    await db
      .updateTable('publications')
      .set({
        title,
        ...searchStemsOf({ title, description: 'Limpias.', labels: '["Vidrios"]' }),
        description: 'Limpias.',
        labels: '["Vidrios"]',
        location_country: 'col',
        location_province: 'antioquia',
        location_city: null,
      })
      .where('id', '=', first.id)
      .execute();
    await db.updateTable('publications').set({ status: 0 }).where('id', '=', second.id).execute();
    await db.updateTable('users').set({ is_active: 0 }).where('id', '=', third.createdBy).execute();
    catalogue = await readCatalogue(db, subject.database.dialect);
    expect(expectedIds(catalogue, query)).not.toContain(second.id);
    expect(expectedIds(catalogue, query)).not.toContain(third.id);
    expect(expectedIds(catalogue, query).indexOf(first.id)).toBeLessThan(inTitles());
    await checkEveryPage(query, 'botellas', 9);
    await checkEveryPage({ ...query, country: 'col', province: 'antioquia' }, 'botella', 3);
    await checkEveryPage({ ...query, labels: ['Vidrios'] }, 'botella', 8);
    for (const { query: other, term } of searches.slice(0, 15)) await checkEveryPage(other, term, 7);

    await db.updateTable('users').set({ is_active: 1 }).where('id', '=', third.createdBy).execute();
    await db.deleteFrom('publications').where('id', '=', first.id).execute();
    catalogue = await readCatalogue(db, subject.database.dialect);
    expect(expectedIds(catalogue, query)).toContain(third.id);
    await checkEveryPage(query, 'botella', 9);
    for (const { query: other, term } of searches.slice(15, 30)) await checkEveryPage(other, term, 7);
  }, 120_000);
});
