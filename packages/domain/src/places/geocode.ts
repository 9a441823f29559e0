import { z } from 'zod';
import { findCity } from '../catalog/cities.ts';
import { COUNTRY_KEYS, findCountry, type CountryKey } from '../catalog/countries.ts';
import { findProvince } from '../catalog/provinces.ts';
import { FIELDS, MESSAGES, incorrect, required, tooLong, tooShort } from '../schemas/messages.ts';

// Looking up a typed address (the optional geocoder, issue 24): what the form asks and the API checks, and what
// comes back. The place's catalog names narrow the search, since "San Martín 350" exists in hundreds of towns.

export const GEOCODE_QUERY_MIN = 4;
export const GEOCODE_QUERY_MAX = 200;
/** At most this many candidates: the person picks one, and checks it on the map. */
export const GEOCODE_RESULTS_MAX = 5;

const optionalKey = z
  .string()
  .trim()
  .max(60)
  .optional()
  .transform((value) => (value === '' ? undefined : value));

export const geocodeQuerySchema = z
  .object({
    q: z
      .string({ error: required(FIELDS.locationAddress) })
      .trim()
      .min(1, required(FIELDS.locationAddress))
      .min(GEOCODE_QUERY_MIN, tooShort(FIELDS.locationAddress, GEOCODE_QUERY_MIN))
      .max(GEOCODE_QUERY_MAX, tooLong(FIELDS.locationAddress, GEOCODE_QUERY_MAX)),
    country: z.enum(COUNTRY_KEYS, {
      error: (issue) =>
        issue.input === undefined || issue.input === ''
          ? required(FIELDS.locationCountry)
          : incorrect(FIELDS.locationCountry),
    }),
    province: optionalKey,
    city: optionalKey,
  })
  .superRefine((query, context) => {
    const province = query.province === undefined ? undefined : findProvince(query.province);
    if (query.province !== undefined && province?.countryKey !== query.country)
      context.addIssue({ code: 'custom', path: ['province'], message: MESSAGES.provinceOutsideCountry });
    const city = query.city === undefined ? undefined : findCity(query.city);
    const cityOutside =
      city === undefined ||
      city.countryKey !== query.country ||
      (province && city.provinceKey !== province.key);
    if (query.city !== undefined && cityOutside)
      context.addIssue({ code: 'custom', path: ['city'], message: MESSAGES.cityOutsideProvince });
  });

export type GeocodeQuery = { q: string; country: CountryKey; province?: string; city?: string };

/** One candidate: the name the geocoder gives it and its point (WGS 84, inside the query's country). */
export type GeocodedPlace = { label: string; lat: number; lng: number };

/** The text sent to the geocoder: the address, then the city, province and country names it lies in. */
export function geocodeText(query: GeocodeQuery): string {
  const names = [
    query.city ? findCity(query.city)?.name : undefined,
    query.province ? findProvince(query.province)?.name : undefined,
    findCountry(query.country)?.name,
  ].filter((name): name is string => !!name);
  // A name the person typed already, or one the city and its province share (Córdoba, Córdoba), is said once.
  const typed = query.q.toLocaleLowerCase('es');
  const extra = [...new Set(names)].filter((name) => !typed.includes(name.toLocaleLowerCase('es')));
  return [query.q, ...extra].join(', ');
}
