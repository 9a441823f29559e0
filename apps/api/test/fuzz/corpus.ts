import { readFileSync } from 'node:fs';
import path from 'node:path';

// The fuzz corpus (corpus/*.json, see corpus/README.md), read for the API fuzz test and the web one.

export type CorpusEntry = {
  name: string;
  value?: unknown;
  repeat?: string;
  times?: number;
  hex?: string;
  contentType?: string;
};

export type CorpusName = 'strings' | 'values' | 'ids' | 'queries' | 'bodies';

const CORPUS_DIR = path.join(import.meta.dirname, 'corpus');

export function readCorpus(name: CorpusName): CorpusEntry[] {
  return JSON.parse(readFileSync(path.join(CORPUS_DIR, `${name}.json`), 'utf8')) as CorpusEntry[];
}

/** The entry as text: its value (when a string), followed by `repeat` × `times`. */
export function textOf(entry: CorpusEntry): string {
  const head = typeof entry.value === 'string' ? entry.value : '';
  return head + (entry.repeat ?? '').repeat(entry.times ?? 0);
}

/** The entry as a JSON value (huge strings expanded). */
export function valueOf(entry: CorpusEntry): unknown {
  return entry.repeat !== undefined ? textOf(entry) : entry.value;
}

/** The entry as raw bytes (hex, or its text in UTF-8). */
export function bytesOf(entry: CorpusEntry): Buffer {
  return entry.hex !== undefined ? Buffer.from(entry.hex, 'hex') : Buffer.from(textOf(entry), 'utf8');
}

/** A small seeded generator (mulberry32, the benchmarks' own): the same seed picks the same cases. */
export { seededRandom } from '../../../../scripts/lib/seeded-random.ts';

/** Up to `count` items of the list, picked by the generator. */
export function pick<T>(items: readonly T[], count: number, random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy.slice(0, count);
}

const ENGLISH =
  /\b(must|should|required|invalid|expected|received|unexpected|not found|is not|too large|error occurred|service unavailable|bad request|unsupported|cannot|failed)\b/i;

/** A client message is Spanish: not empty and without the English phrases of frameworks and parsers. */
export function isSpanishMessage(message: unknown): boolean {
  return typeof message === 'string' && message.trim() !== '' && !ENGLISH.test(message);
}
