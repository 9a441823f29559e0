// The Snowball Spanish stemmer (snowballstem.org/algorithms/spanish), for words already folded by foldText
// (lowercase, no accents): the search compares folded stems, the same on every database dialect. Folded input
// never holds the accented suffixes of the algorithm ('ación', 'aría', 'ió'), so they are left out, with three
// exceptions kept in their folded form because people type them both ways and their plurals are unaccented in the
// algorithm: 'acion', 'ucion' and 'logia(s)', so that 'reparacion', 'reparación' and 'reparaciones' share a stem.
// Otherwise the result is that of PostgreSQL's 'spanish' dictionary on the folded word (a test compares them).

const VOWELS = new Set('aeiou');

function isVowel(word: string, index: number): boolean {
  return VOWELS.has(word.charAt(index));
}

/** The position after the first letter at or after `from` that is (or is not) a vowel; the end when none. */
function past(word: string, from: number, vowel: boolean): number {
  for (let index = from; index < word.length; index++) if (isVowel(word, index) === vowel) return index + 1;
  return word.length;
}

/** Where the regions RV, R1 and R2 of the algorithm start (the word's length when empty). */
function regionsOf(word: string): { rv: number; r1: number; r2: number } {
  let rv = word.length;
  if (word.length >= 2) {
    const [first, second] = [isVowel(word, 0), isVowel(word, 1)];
    if (first) rv = past(word, 2, !second);
    else rv = second ? Math.min(3, word.length) : past(word, 2, true);
  }
  // R1: after the first non-vowel that follows a vowel; R2: the same inside R1.
  const r1 = past(word, past(word, 0, true), false);
  const r2 = past(word, past(word, r1, true), false);
  return { rv, r1, r2 };
}

/** The longest of `suffixes` the word ends with, starting at or after `from`; '' when none. */
function longestSuffix(word: string, suffixes: readonly string[], from = 0): string {
  let found = '';
  for (const suffix of suffixes) {
    if (suffix.length > found.length && word.endsWith(suffix) && word.length - suffix.length >= from) {
      found = suffix;
    }
  }
  return found;
}

function startOf(word: string, suffix: string): number {
  return word.length - suffix.length;
}

// Step 0: a pronoun attached to an infinitive or a gerund ('reciclarlo' → 'reciclar').
const PRONOUNS = ['me', 'se', 'sela', 'selo', 'selas', 'selos', 'la', 'le', 'lo', 'las', 'les', 'los', 'nos'];
const PRONOUN_HOSTS = ['ando', 'iendo', 'ar', 'er', 'ir', 'yendo'];

function attachedPronoun(word: string, rv: number): string {
  const pronoun = longestSuffix(word, PRONOUNS);
  if (pronoun === '') return word;
  const host = word.slice(0, -pronoun.length);
  const ending = longestSuffix(host, PRONOUN_HOSTS);
  if (ending === '' || startOf(host, ending) < rv) return word;
  if (ending === 'yendo' && host.charAt(startOf(host, ending) - 1) !== 'u') return word;
  return host;
}

// Step 1: the standard suffixes, in groups of the same treatment.
const STEP1_DELETE = [
  ...['anza', 'anzas', 'ico', 'ica', 'icos', 'icas', 'ismo', 'ismos', 'able', 'ables', 'ible', 'ibles'],
  ...['ista', 'istas', 'oso', 'osa', 'osos', 'osas', 'amiento', 'amientos', 'imiento', 'imientos'],
];
const STEP1_DELETE_IC = [
  ...['adora', 'ador', 'acion', 'adoras', 'adores', 'aciones', 'ante', 'antes', 'ancia', 'ancias'],
];
const STEP1_REPLACE: Record<string, string> = {
  logia: 'log',
  logias: 'log',
  ucion: 'u',
  uciones: 'u',
  encia: 'ente',
  encias: 'ente',
};
const STEP1_IDAD = ['idad', 'idades'];
const STEP1_IVA = ['iva', 'ivo', 'ivas', 'ivos'];
const STEP1_ALL = [
  ...STEP1_DELETE,
  ...STEP1_DELETE_IC,
  ...Object.keys(STEP1_REPLACE),
  ...STEP1_IDAD,
  ...STEP1_IVA,
  'amente',
  'mente',
];

/** Deletes `suffix` when the word ends with it inside the region starting at `from`. */
function deleteIn(word: string, suffixes: readonly string[], from: number): string {
  const suffix = longestSuffix(word, suffixes);
  return suffix !== '' && startOf(word, suffix) >= from ? word.slice(0, -suffix.length) : word;
}

/** Step 1; null when it removes nothing (the verb steps run then). */
function standardSuffix(word: string, { r1, r2 }: { r1: number; r2: number }): string | null {
  const suffix = longestSuffix(word, STEP1_ALL);
  if (suffix === '') return null;
  const start = startOf(word, suffix);
  const stem = word.slice(0, start);
  if (suffix === 'amente') {
    if (start < r1) return null;
    const after = longestSuffix(stem, ['iv', 'os', 'ic', 'ad']);
    if (after === '' || startOf(stem, after) < r2) return stem;
    const shorter = stem.slice(0, -after.length);
    return after === 'iv' ? deleteIn(shorter, ['at'], r2) : shorter;
  }
  if (start < r2) return null;
  if (STEP1_DELETE.includes(suffix)) return stem;
  if (STEP1_DELETE_IC.includes(suffix)) return deleteIn(stem, ['ic'], r2);
  const replacement = STEP1_REPLACE[suffix];
  if (replacement !== undefined) return stem + replacement;
  if (suffix === 'mente') return deleteIn(stem, ['ante', 'able', 'ible'], r2);
  if (STEP1_IDAD.includes(suffix)) return deleteIn(stem, ['abil', 'ic', 'iv'], r2);
  return deleteIn(stem, ['at'], r2); // iva, ivo, ivas, ivos
}

// Step 2a: verb forms beginning with 'y' after a 'u' ('construyendo').
const Y_VERB = ['ya', 'ye', 'yan', 'yen', 'yeron', 'yendo', 'yo', 'yas', 'yes', 'yais', 'yamos'];

function yVerbSuffix(word: string, rv: number): string | null {
  const suffix = longestSuffix(word, Y_VERB, rv);
  if (suffix === '' || word.charAt(startOf(word, suffix) - 1) !== 'u') return null;
  return word.slice(0, -suffix.length);
}

// Step 2b: the other verb suffixes (their unaccented ones).
const VERB_GU = ['en', 'es', 'emos'];
const VERB = [
  ...['aremos', 'eremos', 'iremos', 'aba', 'ada', 'ida', 'ara', 'iera', 'ad', 'ed', 'id', 'ase', 'iese'],
  ...['aste', 'iste', 'an', 'aban', 'aran', 'ieran', 'asen', 'iesen', 'aron', 'ieron', 'ado', 'ido'],
  ...['ando', 'iendo', 'ar', 'er', 'ir', 'as', 'abas', 'adas', 'idas', 'aras', 'ieras', 'ases', 'ieses'],
  ...['abais', 'arais', 'ierais', 'aseis', 'ieseis', 'asteis', 'isteis', 'ados', 'idos', 'amos', 'imos'],
];
const VERB_ALL = [...VERB_GU, ...VERB];

function verbSuffix(word: string, rv: number): string {
  const suffix = longestSuffix(word, VERB_ALL, rv);
  if (suffix === '') return word;
  const stem = word.slice(0, -suffix.length);
  // 'guen' → 'g': the 'u' only marks the sound of the 'g'.
  if (VERB_GU.includes(suffix) && stem.endsWith('gu')) return stem.slice(0, -1);
  return stem;
}

// Step 3: the residual vowel.
function residualSuffix(word: string, rv: number): string {
  const suffix = longestSuffix(word, ['os', 'a', 'o', 'e']);
  if (suffix === '' || startOf(word, suffix) < rv) return word;
  const stem = word.slice(0, -suffix.length);
  if (suffix === 'e' && stem.endsWith('gu') && stem.length - 1 >= rv) return stem.slice(0, -1);
  return stem;
}

/** The stem of a folded Spanish word: 'usadas' → 'usad', 'bicicletas' → 'biciclet', 'reparacion' → 'repar'. */
export function stemSpanish(word: string): string {
  const regions = regionsOf(word);
  const withoutPronoun = attachedPronoun(word, regions.rv);
  const stemmed =
    standardSuffix(withoutPronoun, regions) ??
    yVerbSuffix(withoutPronoun, regions.rv) ??
    verbSuffix(withoutPronoun, regions.rv);
  return residualSuffix(stemmed, regions.rv);
}
