import { setImmediate as nextTurn } from 'node:timers';
import { normalizeSearchTerms } from '@eco/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Spelling from '../src/modules/publications/spelling.ts';
import { TURN } from '../src/modules/searches/candidates.ts';
import { matchPublication } from '../src/modules/searches/matcher.ts';
import { actor, createActors, storePublication, type Actors } from './helpers/publications.ts';
import { savedSearchRow } from './helpers/saved-searches.ts';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.ts';

// The matcher runs as a job in a process that answers requests: no pass over a place's searches may hold the event
// loop for more than TURN of them (decision 055). The pass after the corrections is the one the other tests cannot
// see: the real correctSpellings is only watched here, to mark the moment its answer arrives.
const watched = vi.hoisted(() => ({ events: [] as string[] }));
vi.mock('../src/modules/publications/spelling.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Spelling>();
  return {
    ...original,
    correctSpellings: async (...args: Parameters<typeof original.correctSpellings>) => {
      watched.events.push('asked');
      const answer = await original.correctSpellings(...args);
      watched.events.push('corrected');
      return answer;
    },
  };
});

// Consonants only: the stemmer leaves such words whole, so each term is a criteria of its own that no known word
// begins, and explore's fallback asks a correction for each.
const CONSONANTS = 'bcdfgjklmnpqrtvwxz';
function unknownWord(index: number): string {
  const letter = (n: number) => CONSONANTS[n % CONSONANTS.length];
  return `zq${letter(index)}${letter(Math.floor(index / CONSONANTS.length))}${letter(Math.floor(index / CONSONANTS.length ** 2))}`;
}

describe('saved search matching takes turns of the event loop', () => {
  let subject: TestApp;
  let actors: Actors;
  let publicationId: string;
  let corrected: string;
  const terms = Array.from({ length: 4 * TURN + 30 }, (_, index) => unknownWord(index));

  beforeAll(async () => {
    subject = await createTestApp();
    const { db } = subject.database;
    actors = await createActors(db);
    const member = await actor(db, 'rosa@example.com', 'Rosa');
    publicationId = await storePublication(db, {
      typed: 'barter',
      title: 'Frascos de vidrio para conservas',
      country: 'arg',
      province: 'cordoba',
      createdBy: actors.author.id,
      createdAt: new Date().toISOString(),
    });
    const rows = terms.map((term) => savedSearchRow(member.id, term));
    // One misspelling explore corrects to a word of the publication: it still matches after all the others.
    const match = savedSearchRow(member.id, 'frascso');
    corrected = match.id;
    for (let start = 0; start < rows.length; start += 200) {
      await db
        .insertInto('saved_searches')
        .values(rows.slice(start, start + 200))
        .execute();
    }
    await db.insertInto('saved_searches').values(match).execute();
  });

  afterAll(async () => {
    await subject?.dispose();
  });

  it('turns at least once per TURN misspelled searches, while their corrections are looked up and after, and matches as before', async () => {
    const keys = new Set(terms.map((term) => normalizeSearchTerms(term).join(' ')));
    expect(keys.size).toBe(terms.length);
    let running = true;
    const tick = () => {
      if (!running) return;
      watched.events.push('turn');
      nextTurn(tick);
    };
    watched.events.length = 0;
    nextTurn(tick);
    const matched = await matchPublication(subject.database.db, testDialect, publicationId);
    running = false;
    expect(matched?.matches.map((match) => match.searchId)).toEqual([corrected]);
    const asked = watched.events.indexOf('asked');
    const answered = watched.events.indexOf('corrected');
    expect(asked).toBeGreaterThanOrEqual(0);
    expect(answered).toBeGreaterThan(asked);
    // Every criteria was decided before the corrections were asked: a turn per TURN of them on the way there too.
    const turns = (from: number, to?: number) =>
      watched.events.slice(from, to).filter((event) => event === 'turn').length;
    const before = turns(0, asked);
    // Which words are known, then each unknown one's correction: a hundred words a statement, a turn after each
    // (on SQLite every statement runs on this thread; there, a turn after every twenty corrections too).
    const correcting = turns(asked, answered);
    const after = turns(answered);
    expect(before).toBeGreaterThanOrEqual(Math.floor(terms.length / TURN));
    expect(correcting).toBeGreaterThanOrEqual(Math.floor(terms.length / 100));
    expect(after).toBeGreaterThanOrEqual(Math.floor(terms.length / TURN));
  });
});
