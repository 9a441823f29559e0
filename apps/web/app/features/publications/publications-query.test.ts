import { describe, expect, it } from 'vitest';
import type { ExploreQuery } from './publications-query';
import {
  apiListSearch,
  apiMapSearch,
  EMPTY_QUERY,
  explorePath,
  exploreSearch,
  filterChips,
  parseExploreQuery,
  withoutFilters,
} from './publications-query';

const parse = (search: string) => parseExploreQuery(new URLSearchParams(search));

describe('parseExploreQuery', () => {
  it('reads every criterion and the page', () => {
    expect(
      parse(
        'what=dots&term=+botellas+&country=arg&province=cordoba&city=cba-city&labels=Vidrios&labels=Pl%C3%A1sticos&page=3&status=pending',
      ),
    ).toEqual({
      what: 'dots',
      term: 'botellas',
      country: 'arg',
      province: 'cordoba',
      city: 'cba-city',
      labels: ['Vidrios', 'Plásticos'],
      page: 3,
      status: 'pending',
    } satisfies ExploreQuery);
  });

  it('also accepts comma-separated labels, known ones only, in catalog order', () => {
    expect(parse('labels=Vidrios,Oro,Papel%2FCart%C3%B3n').labels).toEqual(['Papel/Cartón', 'Vidrios']);
  });

  it('drops unknown or inconsistent values instead of failing', () => {
    expect(parse('what=cars&country=bra&province=cordoba&page=-2&status=secret')).toEqual(EMPTY_QUERY);
    expect(parse('country=col&province=cordoba&city=cba-city')).toEqual({ ...EMPTY_QUERY, country: 'col' });
    expect(parse('country=arg&province=cordoba&city=la-banda')).toEqual({
      ...EMPTY_QUERY,
      country: 'arg',
      province: 'cordoba',
    });
    expect(parse('page=2.5').page).toBe(1);
  });
});

describe('exploreSearch and explorePath', () => {
  it('write only what is set, without page 1 nor the default status', () => {
    expect(explorePath(EMPTY_QUERY)).toBe('/publications');
    expect(exploreSearch({ ...EMPTY_QUERY, status: 'all' })).toBe('');
    expect(exploreSearch({ ...EMPTY_QUERY, what: 'tips', page: 2 })).toBe('?what=tips&page=2');
  });

  it('round-trip through parseExploreQuery', () => {
    const query: ExploreQuery = {
      what: 'barter',
      term: 'cartón corrugado',
      country: 'arg',
      province: 'baires',
      city: 'la-plata',
      labels: ['Papel/Cartón', 'Telgopor'],
      page: 4,
      status: 'published',
    };
    expect(parse(exploreSearch(query).slice(1))).toEqual(query);
  });
});

describe('apiListSearch', () => {
  const query: ExploreQuery = { ...EMPTY_QUERY, what: 'dots', labels: ['Vidrios', 'Plásticos'], page: 2 };

  it('names the category typed and repeats the labels', () => {
    expect(apiListSearch(query, { isSuperUser: false })).toBe(
      'page=2&typed=dots&labels=Vidrios&labels=Pl%C3%A1sticos',
    );
  });

  it('lists every status for super users unless they chose one', () => {
    expect(new URLSearchParams(apiListSearch(query, { isSuperUser: true })).get('status')).toBe('all');
    expect(
      new URLSearchParams(apiListSearch({ ...query, status: 'pending' }, { isSuperUser: true })).get(
        'status',
      ),
    ).toBe('pending');
    expect(
      new URLSearchParams(apiListSearch({ ...query, status: 'pending' }, { isSuperUser: false })).has(
        'status',
      ),
    ).toBe(false);
  });
});

describe('filterChips', () => {
  const query = parse(
    'what=dots&term=vidrio&country=arg&province=cordoba&city=cba-city&labels=Vidrios&page=3',
  );

  it('names category, labels, country, province, city and text, in that order', () => {
    expect(filterChips(query).map((chip) => chip.label)).toEqual([
      'Puntos de Reciclaje',
      'Vidrios',
      'Argentina',
      'Córdoba',
      'Córdoba',
      '“vidrio”',
    ]);
  });

  it('removes a place with the levels below it, and goes back to page 1', () => {
    const chips = Object.fromEntries(filterChips(query).map((chip) => [chip.key, chip.without]));
    expect(explorePath(chips.country!)).toBe('/publications?what=dots&term=vidrio&labels=Vidrios');
    expect(explorePath(chips.province!)).toBe(
      '/publications?what=dots&term=vidrio&country=arg&labels=Vidrios',
    );
    expect(explorePath(chips['label:Vidrios']!)).toBe(
      '/publications?what=dots&term=vidrio&country=arg&province=cordoba&city=cba-city',
    );
  });

  it('clears every filter but the status of a super user', () => {
    expect(withoutFilters({ ...query, status: 'pending' })).toEqual({ ...EMPTY_QUERY, status: 'pending' });
  });
});

describe('the agenda criteria of events and courses', () => {
  it('reads a quick period or a range of days and past, for events and courses only', () => {
    expect(parse('what=events&when=weekend&past=1')).toMatchObject({
      what: 'events',
      when: 'weekend',
      past: true,
    });
    expect(parse('what=courses&from=2030-12-01&to=2030-12-31&when=today')).toMatchObject({
      from: '2030-12-01',
      to: '2030-12-31',
    });
    expect(parse('what=courses&from=2030-12-01&when=today').when).toBeUndefined();
    expect(parse('what=events&when=tomorrow').when).toBeUndefined();
    expect(parse('what=market&when=today&past=1')).toEqual({ what: 'market', labels: [], page: 1 });
    expect(parse('when=today')).toEqual(EMPTY_QUERY);
  });

  it('keeps them in the page’s URL and the API’s query, with every other criterion', () => {
    const query = parse('what=events&term=huerta&country=col&when=week&past=1&page=2');
    expect(exploreSearch(query)).toBe('?what=events&term=huerta&country=col&when=week&past=1&page=2');
    expect(apiListSearch(query, { isSuperUser: false })).toBe(
      'page=2&typed=events&term=huerta&country=col&when=week&past=1',
    );
    const days = parse('what=events&from=2030-12-01&to=2030-12-07');
    expect(exploreSearch(days)).toBe('?what=events&from=2030-12-01&to=2030-12-07');
  });

  it('shows them as removable chips, days as DD/MM/YYYY', () => {
    const labels = (search: string) => filterChips(parse(search)).map((chip) => chip.label);
    expect(labels('what=events&when=weekend&past=1')).toEqual([
      'Eventos y Talleres',
      'Este fin de semana',
      'Pasados',
    ]);
    expect(labels('what=events&from=2030-12-01&to=2030-12-07')).toEqual([
      'Eventos y Talleres',
      'Del 01/12/2030 al 07/12/2030',
    ]);
    expect(labels('what=events&from=2030-12-01')).toEqual(['Eventos y Talleres', 'Desde el 01/12/2030']);
    const [, period] = filterChips(parse('what=events&when=today'));
    expect(explorePath(period!.without)).toBe('/publications?what=events');
  });
});

describe('the place criteria of explore (issue 24)', () => {
  it('keeps the view, near, bbox and open=now (recycling points only) in the URL and the API query', () => {
    const query = parseExploreQuery(
      new URLSearchParams(
        'what=dots&term=vidrio&view=map&near=-31.4201,-64.1888&bbox=-64.3,-31.5,-64.1,-31.3&open=now',
      ),
    );
    expect(query).toMatchObject({
      what: 'dots',
      term: 'vidrio',
      view: 'map',
      near: '-31.4201,-64.1888',
      bbox: '-64.3,-31.5,-64.1,-31.3',
      open: true,
    });
    const page = new URLSearchParams(exploreSearch(query));
    expect(page.get('view')).toBe('map');
    expect(page.get('near')).toBe('-31.4201,-64.1888');
    const api = new URLSearchParams(apiListSearch(query, { isSuperUser: false }));
    expect(api.get('near')).toBe('-31.4201,-64.1888');
    expect(api.get('bbox')).toBe('-64.3,-31.5,-64.1,-31.3');
    expect(api.get('open')).toBe('now');
    // The view is the page's own: the API answers the same list either way.
    expect(api.has('view')).toBe(false);
  });

  it('drops open=now outside recycling points and place values that are not places', () => {
    const query = parseExploreQuery(new URLSearchParams('what=events&open=now&near=abc&bbox=1,2&view=mapa'));
    expect(query.open).toBeUndefined();
    expect(query.near).toBeUndefined();
    expect(query.bbox).toBeUndefined();
    expect(query.view).toBeUndefined();
  });

  it("asks the map for the visible area at its zoom, with the list's filters but no page nor order", () => {
    const query = parseExploreQuery(
      new URLSearchParams('what=dots&labels=Vidrios&near=-31.4201,-64.1888&page=3'),
    );
    const map = new URLSearchParams(
      apiMapSearch(query, { bbox: '-65,-32,-63,-30', zoom: 7.123 }, { isSuperUser: false }),
    );
    expect(Object.fromEntries(map)).toEqual({
      typed: 'dots',
      labels: 'Vidrios',
      bbox: '-65,-32,-63,-30',
      zoom: '7.12',
    });
  });

  it('gives each place criterion a removable chip, and "Quitar todos" keeps the map view', () => {
    const query = parseExploreQuery(
      new URLSearchParams('what=dots&view=map&near=-31.4201,-64.1888&bbox=-64.3,-31.5,-64.1,-31.3&open=now'),
    );
    const labels = filterChips(query).map((chip) => chip.label);
    expect(labels).toEqual(expect.arrayContaining(['Abierto ahora', 'Cerca de mí', 'En esta zona']));
    expect(withoutFilters(query)).toMatchObject({ view: 'map', labels: [], page: 1 });
    expect(withoutFilters(query).near).toBeUndefined();
  });
});
