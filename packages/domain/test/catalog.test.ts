import { describe, expect, it } from 'vitest';
import {
  CATEGORY_KEYS,
  COUNTRY_KEYS,
  FLAG_KEYS,
  LISTING_TYPES,
  MATERIAL_LABELS,
  categories,
  cities,
  citiesOf,
  countries,
  findCity,
  findCountry,
  findProvince,
  flagUrl,
  getCategory,
  isCategoryKey,
  isCountryKey,
  isListingType,
  isMaterialLabel,
  provinces,
  provincesOf,
} from '../src/index.ts';

describe('categories', () => {
  it('lists the six categories in the order of the home menu', () => {
    expect(CATEGORY_KEYS).toEqual(['dots', 'events', 'market', 'barter', 'tips', 'courses']);
    expect(categories.map((category) => category.key)).toEqual([...CATEGORY_KEYS]);
  });

  it('carries the Spanish titles, icons and colours of the contract', () => {
    expect(categories.map(({ key, title, icon, color }) => ({ key, title, icon, color }))).toEqual([
      { key: 'dots', title: 'Puntos de Reciclaje', icon: 'recycle', color: 'green' },
      { key: 'events', title: 'Eventos y Talleres', icon: 'calendar-event', color: 'orange' },
      { key: 'market', title: 'Productos y Servicios', icon: 'shopping-bag', color: 'teal' },
      { key: 'barter', title: 'Mercado de Materiales', icon: 'arrows-exchange', color: 'lime' },
      { key: 'tips', title: 'Consejos', icon: 'bulb', color: 'yellow' },
      { key: 'courses', title: 'Cursos y Academia', icon: 'school', color: 'cyan' },
    ]);
  });

  it('describes every category in one sentence', () => {
    for (const { description } of categories) {
      expect(description).toMatch(/^[A-ZÁÉÍÓÚ¿¡].{20,}\.$/);
      expect(description.slice(0, -1)).not.toContain('.');
    }
  });

  it('finds a category by key and recognises keys', () => {
    expect(getCategory('barter').title).toBe('Mercado de Materiales');
    expect(isCategoryKey('tips')).toBe(true);
    expect(isCategoryKey('news')).toBe(false);
    expect(isCategoryKey(undefined)).toBe(false);
  });
});

describe('listing types', () => {
  it('offers every category but tips, in the order of the form', () => {
    expect(LISTING_TYPES).toEqual(['dots', 'events', 'courses', 'market', 'barter']);
    expect(LISTING_TYPES).not.toContain('tips');
    expect(isListingType('tips')).toBe(false);
    expect(isListingType('market')).toBe(true);
  });
});

describe('materials', () => {
  it('holds the eight labels of the specification', () => {
    expect(MATERIAL_LABELS).toEqual([
      'Papel/Cartón',
      'Telas/Trapos',
      'Aluminio/Hojalata',
      'Telgopor',
      'Vidrios',
      'Plásticos',
      'Tetrabrik',
      'Otros',
    ]);
    expect(isMaterialLabel('Vidrios')).toBe(true);
    expect(isMaterialLabel('vidrios')).toBe(false);
  });
});

describe('countries', () => {
  it('lists Argentina and Colombia with their flags', () => {
    expect(countries).toEqual([
      { _id: 'arg', key: 'arg', name: 'Argentina', flag: '/flags/arg.svg' },
      { _id: 'col', key: 'col', name: 'Colombia', flag: '/flags/col.svg' },
    ]);
    expect(COUNTRY_KEYS).toEqual(['arg', 'col']);
    expect(isCountryKey('col')).toBe(true);
    expect(isCountryKey('chl')).toBe(false);
    expect(findCountry('arg')?.name).toBe('Argentina');
    expect(findCountry('mex')).toBeUndefined();
  });

  it('has flag images for the seven countries, listed or not', () => {
    expect(FLAG_KEYS).toEqual(['arg', 'col', 'chl', 'mex', 'pry', 'per', 'ven']);
    expect(flagUrl('pry')).toBe('/flags/pry.svg');
  });
});

describe('provinces', () => {
  it('lists the provinces of each country', () => {
    expect(provincesOf('arg').map(({ key, name }) => [key, name])).toEqual([
      ['sde', 'Santiago del Estero'],
      ['baires', 'Buenos Aires'],
      ['cordoba', 'Córdoba'],
      ['tucuman', 'Tucumán'],
      ['san-luis', 'San Luis'],
      ['mendoza', 'Mendoza'],
    ]);
    expect(provincesOf('col').map(({ key, name }) => [key, name])).toEqual([
      ['antioquia', 'Antioquia'],
      ['boyaca', 'Boyacá'],
      ['cesar', 'Cesar'],
    ]);
    expect(provincesOf('chl')).toEqual([]);
  });

  it('belongs every province to a listed country and keeps keys unique', () => {
    for (const province of provinces) expect(findCountry(province.countryKey)).toBeDefined();
    expect(new Set(provinces.map((province) => province.key)).size).toBe(provinces.length);
    expect(findProvince('boyaca')?.countryKey).toBe('col');
    expect(findProvince('bogota')).toBeUndefined();
  });
});

describe('cities', () => {
  it('has the counts of the specification for sde, baires and cordoba', () => {
    expect(citiesOf('sde')).toHaveLength(6);
    expect(citiesOf('baires')).toHaveLength(10);
    expect(citiesOf('cordoba')).toHaveLength(10);
  });

  it('has at least five cities in every other province', () => {
    for (const key of ['tucuman', 'san-luis', 'mendoza', 'antioquia', 'boyaca', 'cesar']) {
      expect(citiesOf(key).length, key).toBeGreaterThanOrEqual(5);
    }
  });

  it('gives every province cities', () => {
    for (const province of provinces) expect(citiesOf(province.key).length, province.key).toBeGreaterThan(0);
  });

  it('keeps city keys unique and kebab-case', () => {
    const keys = cities.map((city) => city.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('places every city in an existing province of its country', () => {
    for (const city of cities) {
      const province = findProvince(city.provinceKey);
      expect(province, city.key).toBeDefined();
      expect(province?.countryKey, city.key).toBe(city.countryKey);
    }
  });

  it('has the cities the specification names', () => {
    const expected = [
      ['sde-city', 'Santiago del Estero', 'sde'],
      ['la-banda', 'La Banda', 'sde'],
      ['caba', 'Ciudad Autónoma de Buenos Aires', 'baires'],
      ['gran-ba', 'Gran Buenos Aires', 'baires'],
      ['la-plata', 'La Plata', 'baires'],
      ['cba-city', 'Córdoba', 'cordoba'],
    ];
    for (const [key, name, provinceKey] of expected) {
      expect(findCity(key ?? '')).toEqual({ key, name, countryKey: 'arg', provinceKey });
    }
    expect(findCity('atlantis')).toBeUndefined();
  });
});
