import type { Country } from '../types/catalog.ts';

/** Countries with flag images under apps/web/public/flags/; only those of COUNTRY_KEYS have data. */
export const FLAG_KEYS = ['arg', 'col', 'chl', 'mex', 'pry', 'per', 'ven'] as const;
export type FlagKey = (typeof FLAG_KEYS)[number];

export const COUNTRY_KEYS = ['arg', 'col'] as const;
export type CountryKey = (typeof COUNTRY_KEYS)[number];

export function flagUrl(key: FlagKey): string {
  return `/flags/${key}.svg`;
}

export const countries: readonly Country[] = [
  { _id: 'arg', key: 'arg', name: 'Argentina', flag: flagUrl('arg') },
  { _id: 'col', key: 'col', name: 'Colombia', flag: flagUrl('col') },
];

export function isCountryKey(value: unknown): value is CountryKey {
  return typeof value === 'string' && (COUNTRY_KEYS as readonly string[]).includes(value);
}

export function findCountry(key: string): Country | undefined {
  return countries.find((country) => country.key === key);
}
