import { findCity } from './cities.ts';
import { findCountry } from './countries.ts';
import { findProvince } from './provinces.ts';

/** Where a publication or a member is, as catalog keys. */
export type PlaceKeys = {
  locationCountry: string | null;
  locationProvince: string | null;
  locationCity: string | null;
};

/** The names of a city, province and country (in that order), from the catalog. */
export function placeNames(place: PlaceKeys): string[] {
  return [
    place.locationCity ? findCity(place.locationCity)?.name : undefined,
    place.locationProvince ? findProvince(place.locationProvince)?.name : undefined,
    place.locationCountry ? findCountry(place.locationCountry)?.name : undefined,
  ].filter((name): name is string => !!name);
}
