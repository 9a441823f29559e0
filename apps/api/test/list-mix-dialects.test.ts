import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListMix, type MixRequest } from '../../../scripts/lib/bench-mix.ts';
import { MIX_SEED } from '../../../scripts/lib/bench-cases.ts';
import { fillDatabase } from '../../../scripts/lib/bench-fill.ts';
import { createTestApp, type TestApp, type TestDialect } from './helpers/test-app.ts';

// The benchmark's request mix on the same seeded catalogue in SQLite and PostgreSQL: one list entry point, the same
// answers. Both dialects match the same stored stems (decision 007), so every request, with or without a text search
// (accents missing, plurals, misspellings and their corrections included), answers the same total and the same page.

const ROWS = 3000;
const REQUESTS = 200;
const NOW = new Date('2026-06-01T12:00:00.000Z');

type Answer = { total: number; totalPages: number; ids: string[] };

describe('the benchmark mix on both dialects', () => {
  const subjects = new Map<TestDialect, TestApp>();
  const sequence: MixRequest[] = createListMix(MIX_SEED).sequence(REQUESTS);

  beforeAll(async () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const subject = await createTestApp({ dialect });
      subjects.set(dialect, subject);
      await fillDatabase(subject.database.db, dialect, { publications: ROWS, users: 40, seed: 7, now: NOW });
    }
  }, 120_000);

  afterAll(async () => {
    for (const subject of subjects.values()) await subject.dispose();
  });

  async function answer(dialect: TestDialect, path: string): Promise<Answer> {
    const response = await subjects.get(dialect)?.app.inject({ method: 'GET', url: path });
    if (response?.statusCode !== 200) throw new Error(`${dialect} ${path}: ${response?.statusCode}`);
    if (path.startsWith('/api/publications/map')) {
      // The map (issue 24): the same cells, counts and centroids (to a metre), and the same pins.
      const map = response.json<{
        total: number;
        clusters: { lat: number; lng: number; count: number }[];
        pins: { _id: string }[];
      }>();
      const cells = map.clusters.map((cell) => `${cell.count}@${cell.lat.toFixed(5)},${cell.lng.toFixed(5)}`);
      return {
        total: map.total,
        totalPages: map.clusters.length,
        ids: [...map.pins.map((pin) => pin._id), ...cells].sort(),
      };
    }
    const body = response.json<{ total: number; totalPages: number; publications: { _id: string }[] }>();
    return { total: body.total, totalPages: body.totalPages, ids: body.publications.map((item) => item._id) };
  }

  it(`answers the mix's first ${REQUESTS} requests alike`, async () => {
    expect(new Set(sequence.map((request) => request.kind)).size).toBeGreaterThanOrEqual(6);
    let withMatches = 0;
    let textWithMatches = 0;
    for (const request of sequence) {
      const [sqlite, postgres] = [
        await answer('sqlite', request.path),
        await answer('postgres', request.path),
      ];
      expect([postgres.total, postgres.totalPages, postgres.ids], request.path).toEqual([
        sqlite.total,
        sqlite.totalPages,
        sqlite.ids,
      ]);
      if (sqlite.total > 0) withMatches += 1;
      if (request.hasText && sqlite.total > 0) textWithMatches += 1;
    }
    expect(textWithMatches).toBeGreaterThan(REQUESTS / 4);
    // The mix asks for what the catalogue holds: most requests find something.
    expect(withMatches).toBeGreaterThan(REQUESTS / 2);
  }, 120_000);
});
