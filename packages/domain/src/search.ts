// The one normaliser of search text, shared by both database dialects (and available to the web app): the words of
// a search and the indexed words of a publication are both folded and stemmed here (Snowball Spanish), so that the
// databases only compare the same tokens, as prefixes (docs/decisions/007-search.md).

import { stemSpanish } from './spanish-stemmer.ts';

/** Longest search text the API accepts, in characters. */
export const SEARCH_TERM_MAX_LENGTH = 100;
/** Words of a search text beyond this many are ignored. */
export const SEARCH_MAX_WORDS = 8;
/** Shorter words are dropped: one letter matches nearly everything as a prefix. */
export const SEARCH_MIN_WORD_LENGTH = 2;

// PostgreSQL's Spanish stop words (tsearch_data/spanish.stop), folded like the search text. PostgreSQL drops them
// from a query; dropping the same words here keeps SQLite from requiring a word PostgreSQL would ignore.
const STOP_WORDS_TEXT = `
de la que el en y a los del se las por un para con no una su al lo como mas pero sus le ya o este si porque esta
entre cuando muy sin sobre tambien me hasta hay donde quien desde todo nos durante todos uno les ni contra otros ese
eso ante ellos e esto mi antes algunos que unos yo otro otras otra el tanto esa estos mucho quienes nada muchos cual
poco ella estar estas algunas algo nosotros mis tu te ti tus ellas nosotras vosostros vosostras os mio mia mios mias
tuyo tuya tuyos tuyas suyo suya suyos suyas nuestro nuestra nuestros nuestras vuestro vuestra vuestros vuestras esos
esas estoy estas estamos estais estan este estes estemos esteis esten estare estaras estara estaremos estareis
estaran estaria estarias estariamos estariais estarian estaba estabas estabamos estabais estaban estuve estuviste
estuvo estuvimos estuvisteis estuvieron estuviera estuvieras estuvieramos estuvierais estuvieran estuviese
estuvieses estuviesemos estuvieseis estuviesen estando estado estada estados estadas estad he has ha hemos habeis han
haya hayas hayamos hayais hayan habre habras habra habremos habreis habran habria habrias habriamos habriais habrian
habia habias habiamos habiais habian hube hubiste hubo hubimos hubisteis hubieron hubiera hubieras hubieramos
hubierais hubieran hubiese hubieses hubiesemos hubieseis hubiesen habiendo habido habida habidos habidas soy eres es
somos sois son sea seas seamos seais sean sere seras sera seremos sereis seran seria serias seriamos seriais serian
era eras eramos erais eran fui fuiste fue fuimos fuisteis fueron fuera fueras fueramos fuerais fueran fuese fueses
fuesemos fueseis fuesen sintiendo sentido sentida sentidos sentidas siente sentid tengo tienes tiene tenemos teneis
tienen tenga tengas tengamos tengais tengan tendre tendras tendra tendremos tendreis tendran tendria tendrias
tendriamos tendriais tendrian tenia tenias teniamos teniais tenian tuve tuviste tuvo tuvimos tuvisteis tuvieron
tuviera tuvieras tuvieramos tuvierais tuvieran tuviese tuvieses tuviesemos tuvieseis tuviesen teniendo tenido tenida
tenidos tenidas tened
`;

export const SPANISH_STOP_WORDS: ReadonlySet<string> = new Set(STOP_WORDS_TEXT.split(/\s+/).filter(Boolean));

/** Lowercase, without accents or other diacritics ('Cartón' → 'carton', 'Ñandú' → 'nandu'). */
export function foldText(text: string): string {
  if (isAscii(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

// eslint-disable-next-line no-control-regex -- the test is for any character beyond ASCII
const BEYOND_ASCII = /[^\u0000-\u007f]/;

function isAscii(text: string): boolean {
  return !BEYOND_ASCII.test(text);
}

// A consonant before a final '-es' that Spanish singulars end in: papel-es, carton-es, flor-es, red-es, luc-es.
const PLURAL_ES = /[lrndjyxszc]es$/;

/**
 * The singular of a folded Spanish word, as a prefix of both forms: 'botellas' → 'botella', 'cartones' → 'carton',
 * 'papeles' → 'papel', 'luces' → 'luc'. Short words and words that do not look plural come back unchanged.
 */
export function singularize(word: string): string {
  if (word.length <= 3 || !word.endsWith('s')) return word;
  if (word.length >= 5 && PLURAL_ES.test(word)) return word.slice(0, -2);
  if (/[aeiou]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Longest indexed token, in characters: a longer word is kept as its beginning (its prefixes still match). */
export const SEARCH_TOKEN_MAX_LENGTH = SEARCH_TERM_MAX_LENGTH;

/**
 * The searchable words of a text: folded, split on anything that is not a letter or a digit, without one-letter
 * words and stop words (nor words whose singular is one: 'unas').
 */
function searchableWords(text: string): string[] {
  const folded = foldText(text);
  // The same split; the ASCII one is several times faster, and most texts are ASCII once folded.
  return folded
    .split(isAscii(folded) ? /[^a-z0-9]+/ : /[^\p{L}\p{N}]+/u)
    .filter(
      (word) =>
        word.length >= SEARCH_MIN_WORD_LENGTH &&
        !SPANISH_STOP_WORDS.has(word) &&
        !SPANISH_STOP_WORDS.has(singularize(word)),
    );
}

// Stemming is a pure function of the word, and texts repeat their words (a language has a few thousand common
// ones): remembered, a publication's texts are stemmed several times faster, which keeps bulk writes cheap.
const STEMS_REMEMBERED = 50_000;
const stems = new Map<string, string>();

/**
 * The token a folded word is searched and indexed by: the Spanish stem of its singular ('usadas' → 'usad'). The
 * stemmer alone gives 'taller' → 'tall' but 'talleres' → 'taller' (it reads '-ar', '-er', '-ir' as verb endings):
 * singularising first gives a plural the stem of its singular.
 */
export function searchStem(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = stemSpanish(singularize(word));
    // Cut by code points: half of a surrogate pair would reach the databases as two different characters.
    if (stem.length > SEARCH_TOKEN_MAX_LENGTH)
      stem = Array.from(stem).slice(0, SEARCH_TOKEN_MAX_LENGTH).join('');
    if (stems.size >= STEMS_REMEMBERED) stems.clear();
    stems.set(word, stem);
  }
  return stem;
}

/**
 * The indexed tokens of a publication's text (a title, a description, the JSON of its labels), each once, separated
 * by single spaces: 'Botellas usadas de vidrio' → 'botell usad vidri'. Written beside the text by every writer; the
 * full-text indexes of both dialects read these tokens as they are.
 */
export function stemText(text: string): string {
  return [...new Set(searchableWords(text).map(searchStem))].join(' ');
}

/**
 * The words of a search text, ready to be matched as prefixes of the indexed tokens: stemmed like them (stemText),
 * without repeats, at most SEARCH_MAX_WORDS. '¿Botellas de VIDRIO en Córdoba?' → ['botell', 'vidri', 'cordob'].
 * Only letters and digits come out, so the words are safe to quote in a full-text query.
 */
export function normalizeSearchTerms(text: string): string[] {
  return [...new Set(searchableWords(text).map(searchStem))].slice(0, SEARCH_MAX_WORDS);
}

/**
 * The words of a search text as a person reads them (folded, not stemmed), for a search typed on someone's behalf:
 * they search exactly what normalizeSearchTerms(text) searches. '¿Botellas de VIDRIO?' → 'botellas vidrio'.
 */
export function searchTextOf(text: string): string {
  const words: string[] = [];
  const stems = new Set<string>();
  for (const word of searchableWords(text)) {
    const stem = searchStem(word);
    if (stems.has(stem)) continue;
    stems.add(stem);
    words.push(word);
  }
  return words.slice(0, SEARCH_MAX_WORDS).join(' ');
}
