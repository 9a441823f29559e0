import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expand, prefixEnd } from '../src/modules/publications/search-postgres.ts';
import type { DB } from '../src/db/schema.ts';
import { createActors, storePublication } from './helpers/publications.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-app.ts';

// A search word becomes the whole tokens it begins, all the words of a search in one statement (a key range each):
// the same tokens as a `like 'word%'` of each word, accents, ñ and words at the vocabulary's ends included.

describe('the end of a prefix’s range', () => {
  it('raises the last character by one code point', () => {
    expect(prefixEnd('vidri')).toBe('vidrj');
    expect(prefixEnd('ni')).toBe('nj');
    expect(prefixEnd('ñ')).toBe('ò');
    expect(prefixEnd('a😀')).toBe('a😁');
    // Past the surrogates.
    expect(prefixEnd('a\ud7ff')).toBe('a\ue000');
  });
});

describe.runIf(testDialect === 'postgres')('PostgreSQL: search words as the tokens they begin', () => {
  let subject: TestDatabase;
  let db: DB;

  beforeAll(async () => {
    subject = await createTestDatabase();
    db = subject.database.db;
    const actors = await createActors(db);
    const titles = ['Niño y niña', 'Nino del ñandú', 'Vidrios y vidriera', 'Zapatos zzz', 'Abono'];
    for (const [index, title] of titles.entries()) {
      await storePublication(db, {
        title,
        createdBy: actors.author.id,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
      });
    }
  });

  afterAll(async () => {
    await subject.dispose();
  });

  async function byLike(word: string): Promise<string[]> {
    const { rows } = await sql<{ token: string }>`select token from search_tokens_vocabulary
      where token like ${`${word}%`}`.execute(db);
    return rows.map((row) => row.token).sort();
  }

  it('gives each group the tokens a like of each of its words gives, in one statement', async () => {
    const { rows } = await sql<{ token: string }>`select token from search_tokens_vocabulary`.execute(db);
    const tokens = rows.map((row) => row.token);
    expect(tokens.length).toBeGreaterThan(5);
    // Every prefix of every token, and words beginning none.
    const words = [
      ...new Set(
        tokens.flatMap((token) => [...token].map((_, end) => [...token].slice(0, end + 1).join(''))),
      ),
    ];
    words.push('xq', 'ñu', 'zzzz', 'a');
    const expanded = await expand(
      db,
      words.map((word) => [word]),
    );
    for (const [index, word] of words.entries()) {
      expect(expanded[index]?.sort(), word).toEqual(await byLike(word));
    }
    // Words of a group together; a group no token begins is empty.
    const [group, none] = await expand(db, [['vidri', 'nin'], ['xq']]);
    expect(group?.sort()).toEqual([...(await byLike('vidri')), ...(await byLike('nin'))].sort());
    expect(none).toEqual([]);
    expect(await expand(db, [])).toEqual([]);
  });
});
