import { findCity, findProvince, foldText, searchStem } from '@eco/domain';
import type { PublicationWithAuthor } from '../publications/repository.ts';

// Whether a publication the search found is about what was asked. The search matches word beginnings anywhere in a
// text, which is right for explore and wrong for an answer: 'pilas' finds 'pileta', 'yerba' finds the town of
// Yerba Buena, and 'lámparas' finds a glass bank that says it does not take them.

/** A searched stem shorter than this must be a whole word of the publication: 'pil' must not find 'pileta'. */
export const PREFIX_MIN_STEM = 4;

/** Words after which, in the same sentence, a thing is excluded: 'no se reciben espejos ni lámparas'. */
const NEGATION_WINDOW = 6;

function isNegation(word: string): boolean {
  return /^(?:no|ni|sin|nunca|jamas|vez)$/.test(word) || word.startsWith('reemplaz');
}

type Occurrence = { stem: string; negated: boolean };

/** The stems of a folded text in order, each marked when a negation precedes it in its sentence. */
function occurrencesOf(folded: string): Occurrence[] {
  const known = remembered.get(folded);
  if (known !== undefined) return known;
  const found = readOccurrences(folded);
  if (remembered.size >= REMEMBERED_TEXTS) remembered.clear();
  remembered.set(folded, found);
  return found;
}

// A pure function of the text, and the same publications come back answer after answer: remembered.
const REMEMBERED_TEXTS = 2_000;
const remembered = new Map<string, Occurrence[]>();

function readOccurrences(folded: string): Occurrence[] {
  const found: Occurrence[] = [];
  for (const sentence of folded.split(/[.;:!?\n]+/)) {
    let negation = 0;
    for (const word of sentence.split(/[^\p{L}\p{N}]+/u)) {
      if (word === '') continue;
      if (isNegation(word)) {
        negation = NEGATION_WINDOW;
        continue;
      }
      found.push({ stem: searchStem(word), negated: negation > 0 });
      if (negation > 0) negation -= 1;
    }
  }
  return found;
}

/** The stems the question asks to be without: 'cosas sin plástico' → {'plastic'}. */
export function negatedStemsOf(question: string): Set<string> {
  const stems = new Set<string>();
  for (const match of foldText(question).matchAll(/\bsin\s+(\p{L}+)/gu))
    stems.add(searchStem(match[1] ?? ''));
  return stems;
}

export type Holding = {
  /** Only whole words count ('repar' is not 'repart'). */
  whole?: boolean | undefined;
  /** Only the title counts ('Café de reparación', not a fair that also repairs bicycles). */
  title?: boolean | undefined;
  /** Any beginning counts, and negations are ignored: how the search itself matched. */
  loose?: boolean | undefined;
  /** Stems the question asks to be without: they must be excluded in the publication too. */
  negated?: ReadonlySet<string> | undefined;
};

/**
 * Whether a publication holds every searched stem, outside a negation (or inside one, for what the question asks to
 * be without). Its own city's and province's names do not count.
 */
export function holdsEvery(
  row: PublicationWithAuthor,
  stems: readonly string[],
  holding: Holding = {},
): boolean {
  if (stems.length === 0) return true;
  const { whole = false, title = false, loose = false, negated = new Set<string>() } = holding;
  let text = foldText(title ? row.title : `${row.title}. ${row.labels}. ${row.description}`);
  if (!loose) {
    for (const name of [
      findCity(row.location_city ?? '')?.name,
      findProvince(row.location_province ?? '')?.name,
    ])
      if (name !== undefined) text = text.replaceAll(foldText(name), ' ');
  }
  const occurrences = occurrencesOf(text);
  return stems.every((wanted) =>
    occurrences.some(
      (occurrence) =>
        (loose || occurrence.negated === negated.has(wanted)) &&
        (occurrence.stem === wanted ||
          (!whole && (loose || wanted.length >= PREFIX_MIN_STEM) && occurrence.stem.startsWith(wanted))),
    ),
  );
}
