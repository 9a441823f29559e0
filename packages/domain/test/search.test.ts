import { describe, expect, it } from 'vitest';
import {
  SEARCH_MAX_WORDS,
  SPANISH_STOP_WORDS,
  foldText,
  normalizeSearchTerms,
  singularize,
} from '../src/index.ts';

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

describe('normalizeSearchTerms', () => {
  it('folds, splits on punctuation, drops stop words and singularises', () => {
    expect(normalizeSearchTerms('¿Botellas de VIDRIO en Córdoba?')).toEqual(['botella', 'vidrio', 'cordoba']);
    expect(normalizeSearchTerms('Papel/Cartón')).toEqual(['papel', 'carton']);
  });

  it('keeps prefixes as typed', () => {
    expect(normalizeSearchTerms('recicl')).toEqual(['recicl']);
  });

  it('drops one-letter words and repeats', () => {
    expect(normalizeSearchTerms('a b vidrio vidrios Vidrio')).toEqual(['vidrio']);
  });

  it('gives nothing for a text of stop words, blanks or punctuation', () => {
    expect(normalizeSearchTerms('de la y los')).toEqual([]);
    expect(normalizeSearchTerms('   ')).toEqual([]);
    expect(normalizeSearchTerms('¡¿?!...')).toEqual([]);
  });

  it('drops a word whose singular is a stop word', () => {
    expect(SPANISH_STOP_WORDS.has('unas')).toBe(false);
    expect(normalizeSearchTerms('unas botellas')).toEqual(['botella']);
  });

  it(`keeps at most ${SEARCH_MAX_WORDS} words`, () => {
    const words = Array.from({ length: SEARCH_MAX_WORDS + 3 }, (_, index) => `palabra${index}`);
    expect(normalizeSearchTerms(words.join(' '))).toEqual(words.slice(0, SEARCH_MAX_WORDS));
  });

  it('gives only letters and digits, so the words are safe in a full-text query', () => {
    const words = normalizeSearchTerms('"vidrio"* OR NEAR(a b) & carton:* | !x \' 2x3 -- ; drop');
    for (const word of words) expect(word).toMatch(/^[\p{L}\p{N}]+$/u);
    expect(words).toEqual(['vidrio', 'or', 'near', 'carton', '2x3', 'drop']);
  });
});
