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
  bbox: null,
  near: null,
  open: null,
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

  it('keeps the map area, the near point and open=now: the area opens on the map, and the card says where', () => {
    const fromMap = parseExploreQuery(
      new URLSearchParams('term=frascos&view=map&bbox=-64.3,-31.5,-64.1,-31.3'),
    );
    expect(isSavable(fromMap)).toBe(true);
    expect(suggestedName(fromMap)).toBe('frascos en Córdoba');
    // An area alone is a search; a near point alone is not (it only orders).
    expect(isSavable(parseExploreQuery(new URLSearchParams('bbox=-64.3,-31.5,-64.1,-31.3')))).toBe(true);
    expect(isSavable(parseExploreQuery(new URLSearchParams('near=-31.4167,-64.1836')))).toBe(false);

    const area = search({
      term: 'frascos',
      bbox: { minLng: -64.3, minLat: -31.5, maxLng: -64.1, maxLat: -31.3 },
    });
    expect(searchExplorePath(area)).toBe(
      '/publications?term=frascos&bbox=-64.3%2C-31.5%2C-64.1%2C-31.3&view=map',
    );
    expect(searchSummary(area)).toBe('«frascos» · En la zona del mapa (Córdoba)');
    // Opening it reads back the same criteria explore saved.
    const opened = parseExploreQuery(new URL(searchExplorePath(area), 'http://x').searchParams);
    expect(opened).toMatchObject({ term: 'frascos', bbox: fromMap.bbox, view: 'map' });

    const near = search({ typed: 'dots', near: { lat: -31.4167, lng: -64.1836 }, open: 'now' });
    expect(searchExplorePath(near)).toBe('/publications?what=dots&near=-31.4167%2C-64.1836&open=now');
    expect(searchSummary(near)).toBe('Puntos de Reciclaje · Cerca de un punto (Córdoba) · Abiertos ahora');
    // A whole region's area, or a point far from every catalog city, has no city name.
    expect(searchSummary(search({ bbox: { minLng: -66, minLat: -33, maxLng: -62, maxLat: -30 } }))).toBe(
      'En la zona del mapa',
    );
    expect(searchSummary(search({ term: 'x', near: { lat: -36.5, lng: -64.3 } }))).toBe(
      '«x» · Cerca de un punto',
    );
    // The city already named is not named twice.
    expect(
      searchSummary(
        search({
          country: 'arg',
          province: 'cordoba',
          city: 'cba-city',
          bbox: { minLng: -64.3, minLat: -31.5, maxLng: -64.1, maxLat: -31.3 },
        }),
      ),
    ).toBe('Córdoba, Córdoba, Argentina · En la zona del mapa');
  });
});
