import { describe, expect, it } from 'vitest';
import {
  SEARCH_MAX_WORDS,
  SEARCH_TOKEN_MAX_LENGTH,
  SPANISH_STOP_WORDS,
  foldText,
  normalizeSearchTerms,
  searchStem,
  searchTextOf,
  singularize,
  stemText,
} from '../src/index.ts';
import { stemSpanish } from '../src/spanish-stemmer.ts';

describe('foldText', () => {
  it('lowercases and removes accents and other diacritics', () => {
    expect(foldText('Cartón')).toBe('carton');
    expect(foldText('CÓRDOBA')).toBe('cordoba');
    expect(foldText('Ñandú pingüino')).toBe('nandu pinguino');
  });
});

describe('singularize', () => {
  it.each([
    ['botellas', 'botella'],
    ['residuos', 'residuo'],
    ['tomates', 'tomate'],
    ['cartones', 'carton'],
    ['papeles', 'papel'],
    ['flores', 'flor'],
    ['redes', 'red'],
    ['meses', 'mes'],
    ['luces', 'luc'],
  ])('%s → %s (a prefix of both forms)', (plural, singular) => {
    expect(singularize(plural)).toBe(singular);
  });

  it('leaves singulars and short words alone', () => {
    for (const word of ['botella', 'carton', 'vidrio', 'reciclaje', 'gas', 'mes', 'compost']) {
      expect(singularize(word)).toBe(word);
    }
  });
});

describe('stemSpanish (Snowball Spanish on folded words)', () => {
  it.each([
    ['usado', 'usad'],
    ['usadas', 'usad'],
    ['bicicleta', 'biciclet'],
    ['bicicletas', 'biciclet'],
    ['botellas', 'botell'],
    ['plasticos', 'plastic'],
    ['reciclarlo', 'recicl'],
    ['construyendo', 'constru'],
    ['averigue', 'averig'],
    ['rapidamente', 'rapid'],
    ['felicidad', 'felic'],
    ['electrodomesticos', 'electrodomest'],
    ['naciones', 'nacion'],
  ])('%s → %s', (word, stem) => {
    expect(stemSpanish(word)).toBe(stem);
  });

  it("reads the folded 'acion', 'ucion' and 'logia' as the algorithm reads 'ación', 'ución' and 'logía'", () => {
    expect(stemSpanish('reparacion')).toBe(stemSpanish('reparaciones'));
    expect(stemSpanish('reparacion')).toBe('repar');
    expect(stemSpanish('evolucion')).toBe(stemSpanish('evoluciones'));
    expect(stemSpanish('evolucion')).toBe('evolu');
    expect(stemSpanish('metodologia')).toBe('metodolog');
  });
});

describe('searchStem', () => {
  it('gives a singular and its plural, and both genders, one token', () => {
    for (const [a, b] of [
      ['usado', 'usada'],
      ['usados', 'usadas'],
      ['bicicleta', 'bicicletas'],
      ['reparacion', 'reparaciones'],
      ['taller', 'talleres'],
      ['lugar', 'lugares'],
      ['carton', 'cartones'],
      ['papel', 'papeles'],
      ['plastico', 'plasticas'],
    ]) {
      expect(searchStem(a ?? ''), `${a} ~ ${b}`).toBe(searchStem(b ?? ''));
    }
  });
});

describe('stemText', () => {
  it('gives the distinct tokens of a text, folded and stemmed, spaces between', () => {
    expect(stemText('Bicicletas USADAS: dos bicicletas de paseo, reparación incluida')).toBe(
      'biciclet usad dos pase repar inclu',
    );
    expect(stemText('["Papel/Cartón","Plásticos"]')).toBe('papel carton plastic');
    expect(stemText('')).toBe('');
  });

  it('keeps the beginning of a very long word, whole characters only', () => {
    const token = stemText('𝐀'.repeat(150));
    expect(Array.from(token)).toHaveLength(SEARCH_TOKEN_MAX_LENGTH);
    expect(token).toBe('𝐀'.repeat(SEARCH_TOKEN_MAX_LENGTH).toLowerCase());
  });
});

describe('normalizeSearchTerms', () => {
  it('folds, splits on punctuation, drops stop words and stems like stemText', () => {
    expect(normalizeSearchTerms('¿Botellas de VIDRIO en Córdoba?')).toEqual(['botell', 'vidri', 'cordob']);
    expect(normalizeSearchTerms('Papel/Cartón')).toEqual(['papel', 'carton']);
    expect(normalizeSearchTerms('reparación')).toEqual(normalizeSearchTerms('reparacion'));
  });

  it('keeps prefixes as typed', () => {
    expect(normalizeSearchTerms('recicl')).toEqual(['recicl']);
  });

  it('drops one-letter words and repeats', () => {
    expect(normalizeSearchTerms('a b vidrio vidrios Vidrio')).toEqual(['vidri']);
  });

  it('gives nothing for a text of stop words, blanks or punctuation', () => {
    expect(normalizeSearchTerms('de la y los')).toEqual([]);
    expect(normalizeSearchTerms('   ')).toEqual([]);
    expect(normalizeSearchTerms('¡¿?!...')).toEqual([]);
  });

  it('drops a word whose singular is a stop word', () => {
    expect(SPANISH_STOP_WORDS.has('unas')).toBe(false);
    expect(normalizeSearchTerms('unas botellas')).toEqual(['botell']);
  });

  it(`keeps at most ${SEARCH_MAX_WORDS} words`, () => {
    const words = Array.from({ length: SEARCH_MAX_WORDS + 3 }, (_, index) => `palabra${index}`);
    expect(normalizeSearchTerms(words.join(' '))).toEqual(words.slice(0, SEARCH_MAX_WORDS));
  });

  it('gives only letters and digits, so the words are safe in a full-text query', () => {
    const words = normalizeSearchTerms('"vidrio"* OR NEAR(a b) & carton:* | !x \' 2x3 -- ; drop');
    for (const word of words) expect(word).toMatch(/^[\p{L}\p{N}]+$/u);
    expect(words).toEqual(['vidri', 'or', 'near', 'carton', '2x3', 'drop']);
  });
});

describe('searchTextOf', () => {
  it('gives readable words that search what the text searches', () => {
    const text = '¿Bicicletas usadas de paseo, bicicleta USADA?';
    expect(searchTextOf(text)).toBe('bicicletas usadas paseo');
    expect(normalizeSearchTerms(searchTextOf(text))).toEqual(normalizeSearchTerms(text));
  });
});
