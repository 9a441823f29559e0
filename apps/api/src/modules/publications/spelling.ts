import { setImmediate } from 'node:timers/promises';
import { sql } from 'kysely';
import type { DB, Dialect } from '../../db/schema.ts';
import type { SearchGroups } from './search-sql.ts';

// The misspelling fallback. A search word that no known word starts with is replaced by the known words most
// similar to it ('reciclage' → reciclaje, reciclar). The vocabulary (`search_words`, kept by the database) gives the
// candidates through a trigram index: FTS5's trigram tokenizer on SQLite, pg_trgm on PostgreSQL. The similarity
// itself is computed here, the same way on both dialects.

/** Shorter words have too few trigrams to tell a misspelling from another word; they are never corrected. */
export const CORRECTABLE_MIN_LENGTH = 4;
/** Least similarity (pg_trgm's measure, 0 to 1) of a correction: 'reciclage' ~ 'reciclaje' is 0.54. */
export const CORRECTION_MIN_SIMILARITY = 0.4;
/** Known words tried in place of a misspelled one, the most similar first. */
export const CORRECTIONS_PER_WORD = 3;

/**
 * Work done between two turns of the event loop when many words are looked up at once (the saved searches' matcher
 * asks thousands, on SQLite's main thread, where each statement runs without leaving it: one publication's lookups
 * held the event loop 60–100 ms in one piece, decision 065): known prefixes are asked a statement of a hundred per turn,
 * and so many words are corrected or scored per turn.
 */
const CORRECTED_PER_TURN = { sqlite: 20, postgres: 250 } as const;

/** The trigrams of a word as pg_trgm makes them: two spaces before it, one after. */
function paddedTrigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const trigrams = new Set<string>();
  for (let index = 0; index + 3 <= padded.length; index++) trigrams.add(padded.slice(index, index + 3));
  return trigrams;
}

/** pg_trgm's similarity of two words' trigrams: shared trigrams over all the trigrams of both. */
function similarityOf(first: ReadonlySet<string>, second: ReadonlySet<string>): number {
  let shared = 0;
  for (const trigram of first) if (second.has(trigram)) shared++;
  return shared / (first.size + second.size - shared);
}

/** pg_trgm's similarity: shared trigrams over all the trigrams of both words. */
export function similarity(a: string, b: string): number {
  return similarityOf(paddedTrigrams(a), paddedTrigrams(b));
}

/** Words a write may have added to the vocabulary, with their trigrams. */
export type NewWords = readonly { word: string; trigrams: ReadonlySet<string> }[];

export function newWordsOf(words: readonly string[]): NewWords {
  return words.map((word) => ({ word, trigrams: paddedTrigrams(word) }));
}

/**
 * Whether adding these words to the vocabulary may change what correctSpelling does with `word`: it is corrected
 * only when it is long enough and no known word begins with it (a new word beginning with it ends that), and then
 * replaced by the known words at least CORRECTION_MIN_SIMILARITY similar to it (a new one may join them). Any other
 * new word leaves its correction as it was.
 */
export function mayChangeCorrection(word: string, added: NewWords): boolean {
  if (word.length < CORRECTABLE_MIN_LENGTH) return false;
  let trigrams: Set<string> | undefined;
  return added.some((candidate) => {
    if (candidate.word.startsWith(word)) return true;
    trigrams ??= paddedTrigrams(word);
    return similarityOf(trigrams, candidate.trigrams) >= CORRECTION_MIN_SIMILARITY;
  });
}

/** The three-letter pieces inside a word: 'botella' → bot, ote, tel, ell, lla. */
function innerTrigrams(word: string): string[] {
  const trigrams = new Set<string>();
  for (let index = 0; index + 3 <= word.length; index++) trigrams.add(word.slice(index, index + 3));
  return [...trigrams];
}

/** Known words start with `word` (words hold letters and digits only: no wildcard to escape). */
function startsAKnownWord(dialect: Dialect, word: string) {
  return dialect === 'sqlite' ? sql<boolean>`word glob ${`${word}*`}` : sql<boolean>`word like ${`${word}%`}`;
}

export async function isKnownPrefix(db: DB, dialect: Dialect, word: string): Promise<boolean> {
  const row = await db
    .selectFrom('search_words')
    .select('word')
    .where(startsAKnownWord(dialect, word))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of `words` are prefixes of known words, as isKnownPrefix says, a hundred words per statement. */
export async function knownPrefixes(
  db: DB,
  dialect: Dialect,
  words: readonly string[],
): Promise<Set<string>> {
  const known = new Set<string>();
  for (let start = 0; start < words.length; start += 100) {
    if (start > 0) await setImmediate();
    const queries = words
      .slice(start, start + 100)
      .map((word) =>
        db
          .selectNoFrom(sql<string>`${word}`.as('known'))
          .where(({ exists, selectFrom }) =>
            exists(selectFrom('search_words').select('word').where(startsAKnownWord(dialect, word)).limit(1)),
          ),
      );
    const [first, ...rest] = queries;
    if (first === undefined) continue;
    const rows = await rest.reduce((all, query) => all.unionAll(query), first).execute();
    for (const row of rows) known.add(row.known);
  }
  return known;
}

/** Known words sharing trigrams with the word: a superset of those similar enough. */
async function candidatesFor(db: DB, dialect: Dialect, word: string): Promise<string[]> {
  if (dialect === 'postgres') {
    // pg_trgm's own threshold (0.3 by default) is below CORRECTION_MIN_SIMILARITY.
    const rows = await db
      .selectFrom('search_words')
      .select('word')
      .where(sql<boolean>`word % ${word}`)
      .execute();
    return rows.map((row) => row.word);
  }
  const query = innerTrigrams(word)
    .map((trigram) => `"${trigram}"`)
    .join(' OR ');
  const { rows } = await sql<{ word: string }>`
    select w.word from search_word_trigrams t join search_words w on w.id = t.rowid
    where search_word_trigrams match ${query}`.execute(db);
  return rows.map((row) => row.word);
}

async function correctionsOf(db: DB, dialect: Dialect, word: string): Promise<string[]> {
  return bestOf(word, await candidatesFor(db, dialect, word));
}

/** The corrections of a word among known words sharing trigrams with it: the most similar, similar enough. */
function bestOf(word: string, candidates: readonly string[]): string[] {
  const scored = candidates
    .map((candidate) => ({ candidate, score: similarity(word, candidate) }))
    .filter(({ score }) => score >= CORRECTION_MIN_SIMILARITY)
    .sort((a, b) => b.score - a.score || (a.candidate < b.candidate ? -1 : 1));
  return scored.slice(0, CORRECTIONS_PER_WORD).map(({ candidate }) => candidate);
}

/**
 * The search with its unknown words replaced by their corrections; null when no word is unknown (nothing to
 * correct) or an unknown word resembles no known word.
 */
export async function correctSpelling(
  db: DB,
  dialect: Dialect,
  words: readonly string[],
): Promise<SearchGroups | null> {
  let corrected = false;
  const groups: string[][] = [];
  for (const word of words) {
    if (word.length < CORRECTABLE_MIN_LENGTH || (await isKnownPrefix(db, dialect, word))) {
      groups.push([word]);
      continue;
    }
    const corrections = await correctionsOf(db, dialect, word);
    if (corrections.length === 0) return null;
    groups.push(corrections);
    corrected = true;
  }
  return corrected ? groups : null;
}

/**
 * correctSpelling for many searches at once, each answered as correctSpelling answers it (keyed by its words joined
 * with spaces): which words are known is asked in batches (knownPrefixes) and each unknown word is corrected once,
 * however many searches share it. For the saved searches' matcher (decision 041), which corrects thousands.
 */
export async function correctSpellings(
  db: DB,
  dialect: Dialect,
  searches: readonly (readonly string[])[],
): Promise<Map<string, SearchGroups | null>> {
  const asked = [...new Set(searches.flat())].filter((word) => word.length >= CORRECTABLE_MIN_LENGTH);
  const known = await knownPrefixes(db, dialect, asked);
  const unknown = asked.filter((word) => !known.has(word));
  const corrections = new Map<string, string[]>();
  if (dialect === 'postgres') {
    // Every unknown word's candidates in one statement (the trigram index per word, as candidatesFor asks it).
    const candidates = new Map<string, string[]>(unknown.map((word) => [word, []]));
    for (let start = 0; start < unknown.length; start += 500) {
      const { rows } = await sql<{ asked: string; word: string }>`
        select w.asked, s.word from unnest(${unknown.slice(start, start + 500)}::text[]) as w(asked)
        join search_words as s on s.word % w.asked`.execute(db);
      for (const row of rows) candidates.get(row.asked)?.push(row.word);
    }
    for (const [index, [word, found]] of [...candidates].entries()) {
      if (index > 0 && index % CORRECTED_PER_TURN.postgres === 0) await setImmediate();
      corrections.set(word, bestOf(word, found));
    }
  } else {
    for (const [index, word] of unknown.entries()) {
      if (index > 0 && index % CORRECTED_PER_TURN.sqlite === 0) await setImmediate();
      corrections.set(word, await correctionsOf(db, dialect, word));
    }
  }
  const answers = new Map<string, SearchGroups | null>();
  for (const [index, words] of searches.entries()) {
    if (index > 0 && index % CORRECTED_PER_TURN.postgres === 0) await setImmediate();
    let corrected = false;
    let groups: string[][] | null = [];
    for (const word of words) {
      const found = corrections.get(word);
      if (found === undefined) groups.push([word]);
      else if (found.length === 0) {
        groups = null;
        break;
      } else {
        groups.push(found);
        corrected = true;
      }
    }
    answers.set(words.join(' '), corrected ? groups : null);
  }
  return answers;
}
