import { randomInt } from 'node:crypto';

/**
 * A short marker for one worker's test data (a title, a search term): the time in base 36 and three random
 * characters. The suite's two workers may load the same spec in the same millisecond (fullyParallel), where the time
 * alone gave both the same marker: both `beforeAll`s then wrote events of one title, and a page showed two cards
 * where the spec expects one (CI, 2026-11-29). Eleven characters: cards cut titles at 18.
 */
export function uniqueMarker(): string {
  const tail = randomInt(36 ** 3)
    .toString(36)
    .padStart(3, '0');
  return `${Date.now().toString(36)}${tail}`;
}
