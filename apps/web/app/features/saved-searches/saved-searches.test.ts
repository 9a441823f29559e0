import { describe, expect, it } from 'vitest';
import { parseExploreQuery } from '../publications/publications-query';
import {
  isSavable,
  searchExplorePath,
  searchSummary,
  suggestedName,
  type SavedSearch,
} from './saved-searches';

const search = (overrides: Partial<SavedSearch>): SavedSearch => ({
  _id: 's1',
  name: 'Frascos',
  term: null,
  typed: null,
  labels: [],
  country: null,
  province: null,
  city: null,
  alert: true,
  digest: true,
  query: '',
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

describe('saved searches on the web', () => {
  it('offers to save a search with a term or a filter, named after the words and the place', () => {
    const jars = parseExploreQuery(new URLSearchParams('term=frascos vidrio&country=arg&province=cordoba'));
    expect(isSavable(jars)).toBe(true);
    expect(suggestedName(jars)).toBe('frascos vidrio en Córdoba');
    const giveaways = parseExploreQuery(new URLSearchParams('what=barter&labels=Vidrios'));
    expect(suggestedName(giveaways)).toBe('Mercado de Materiales');
    expect(isSavable(parseExploreQuery(new URLSearchParams('page=2')))).toBe(false);
  });

  it("opens a saved search on explore with explore's own parameters, and says what it looks for", () => {
    const saved = search({
      term: 'frascos vidrio',
      typed: 'barter',
      labels: ['Vidrios'],
      country: 'arg',
      province: 'cordoba',
      city: 'cba-city',
    });
    expect(searchExplorePath(saved)).toBe(
      '/publications?what=barter&term=frascos+vidrio&country=arg&province=cordoba&city=cba-city&labels=Vidrios',
    );
    expect(searchSummary(saved)).toBe(
      '«frascos vidrio» · Mercado de Materiales · Córdoba, Córdoba, Argentina · Vidrios',
    );
    expect(searchExplorePath(search({ term: 'compost' }))).toBe('/publications?term=compost');
  });
});
