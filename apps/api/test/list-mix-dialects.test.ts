import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListMix, type MixRequest } from '../../../scripts/lib/bench-mix.ts';
import { MIX_SEED } from '../../../scripts/lib/bench-cases.ts';
import { fillDatabase } from '../../../scripts/lib/bench-fill.ts';
import { createTestApp, type TestApp, type TestDialect } from './helpers/test-app.ts';

// The benchmark's request mix on the same seeded catalogue in SQLite and PostgreSQL: one list entry point, the same
// answers. Without a text search, the same totals and the same pages. With one, the dialects' word matching differs
// (decision 007: PostgreSQL's Spanish stems, 'usado' ~ 'usada'; SQLite's folded singular as a prefix): PostgreSQL
// finds at least what SQLite finds, and mostly the same (a known gap, recorded in decision 010).

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
    const body = response.json<{ total: number; totalPages: number; publications: { _id: string }[] }>();
    return { total: body.total, totalPages: body.totalPages, ids: body.publications.map((item) => item._id) };
  }

  it(`answers the mix's first ${REQUESTS} requests alike`, async () => {
    expect(new Set(sequence.map((request) => request.kind)).size).toBeGreaterThanOrEqual(6);
    let withMatches = 0;
    let textRequests = 0;
    let sameTextTotals = 0;
    for (const request of sequence) {
      const [sqlite, postgres] = [
        await answer('sqlite', request.path),
        await answer('postgres', request.path),
      ];
      if (request.hasText) {
        expect(postgres.total, request.path).toBeGreaterThanOrEqual(sqlite.total);
        if (postgres.total === sqlite.total) sameTextTotals += 1;
        textRequests += 1;
      } else {
        expect([postgres.total, postgres.totalPages, postgres.ids], request.path).toEqual([
          sqlite.total,
          sqlite.totalPages,
          sqlite.ids,
        ]);
      }
      if (sqlite.total > 0) withMatches += 1;
    }
    expect(textRequests).toBeGreaterThan(REQUESTS / 4);
    expect(sameTextTotals / textRequests).toBeGreaterThan(0.8);
    // The mix asks for what the catalogue holds: most requests find something.
    expect(withMatches).toBeGreaterThan(REQUESTS / 2);
  }, 120_000);
});
