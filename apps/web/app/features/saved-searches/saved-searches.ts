import { getCategory, isCategoryKey } from '@eco/domain/catalog/categories';
import { findCity } from '@eco/domain/catalog/cities';
import { findCountry, isCountryKey } from '@eco/domain/catalog/countries';
import { isMaterialLabel } from '@eco/domain/catalog/materials';
import { findProvince } from '@eco/domain/catalog/provinces';
import type { BoundingBox, Point } from '@eco/domain/places/bounds';
import { cityOfArea, nearestCity } from '@eco/domain/places/city-centers';
import { formatBbox, formatPoint, readBbox } from '../places/geo';
import { explorePath, type ExploreQuery } from '../publications/publications-query';

// "Búsquedas guardadas" (decision 041): a search as GET /api/searches answers it, its explore page and its words.

export type SavedSearch = {
  _id: string;
  name: string;
  term: string | null;
  typed: string | null;
  labels: string[];
  country: string | null;
  province: string | null;
  city: string | null;
  /** The map area ("Buscar en esta zona"): only what lies inside. */
  bbox: BoundingBox | null;
  /** The point of "Cerca de mí": nearest first. */
  near: Point | null;
  open: 'now' | null;
  alert: boolean;
  digest: boolean;
  query: string;
  createdAt: string;
  updatedAt: string;
};

export const SEARCHES_PATH = '/dashboard/searches';
export const SEARCHES_TITLE = 'Búsquedas guardadas';
export const SAVE_SEARCH_LABEL = 'Guardar búsqueda';

/** The names of the forms' fields (explore's "Guardar búsqueda" and the list's changes). */
export const FIELDS = {
  intent: 'intent',
  id: 'id',
  name: 'name',
  term: 'term',
  typed: 'typed',
  country: 'country',
  province: 'province',
  city: 'city',
  labels: 'labels',
  near: 'near',
  bbox: 'bbox',
  open: 'open',
  value: 'value',
} as const;

export const SAVE_INTENT = 'save-search';

/** Whether explore's criteria make a search worth saving (the API refuses one with nothing). */
export function isSavable(query: ExploreQuery): boolean {
  return Boolean(query.term || query.what || query.country || query.bbox || query.labels.length > 0);
}

/** How far from a point its city is still named ("Cerca de un punto (Córdoba)"). */
const NEAR_CITY_KM = 30;

/** The catalog city a saved area or point is about, when it is about one (no geocoder: the cities' centers). */
function cityNameOf(search: Pick<SavedSearch, 'bbox' | 'near'>): string | undefined {
  const key = search.bbox
    ? cityOfArea(search.bbox)
    : search.near
      ? nearestCity(search.near, NEAR_CITY_KM)
      : null;
  return key ? findCity(key)?.name : undefined;
}

/** The name first proposed: the words searched, else the category and the place. */
export function suggestedName(query: ExploreQuery): string {
  const place = query.city
    ? findCity(query.city)?.name
    : query.province
      ? findProvince(query.province)?.name
      : query.country
        ? findCountry(query.country)?.name
        : query.bbox
          ? (cityNameOf({ bbox: readBbox(query.bbox), near: null }) ?? 'esta zona del mapa')
          : undefined;
  const what = query.term ?? (query.what ? getCategory(query.what).title : (query.labels[0] ?? 'Anuncios'));
  return (place ? `${what} en ${place}` : what).slice(0, 60);
}

/** The search's explore page: opening it runs it, a map area on the map view (where it was drawn). */
export function searchExplorePath(search: SavedSearch): string {
  const query: ExploreQuery = { labels: search.labels.filter(isMaterialLabel), page: 1 };
  if (isCategoryKey(search.typed)) query.what = search.typed;
  if (search.term) query.term = search.term;
  if (isCountryKey(search.country)) query.country = search.country;
  if (search.province) query.province = search.province;
  if (search.city) query.city = search.city;
  if (search.near) query.near = formatPoint(search.near);
  if (search.bbox) {
    query.bbox = formatBbox(search.bbox);
    query.view = 'map';
  }
  if (search.open === 'now') query.open = true;
  return explorePath(query);
}

/**
 * What the search looks for, in words: '«frascos vidrio» · Materiales · Córdoba, Argentina · Vidrios', or with a map
 * area '«frascos» · En la zona del mapa (Córdoba)'.
 */
export function searchSummary(search: SavedSearch): string {
  const parts: string[] = [];
  if (search.term) parts.push(`«${search.term}»`);
  if (isCategoryKey(search.typed)) parts.push(getCategory(search.typed).title);
  const place = [
    search.city ? findCity(search.city)?.name : undefined,
    search.province ? findProvince(search.province)?.name : undefined,
    search.country ? findCountry(search.country)?.name : undefined,
  ].filter(Boolean);
  if (place.length > 0) parts.push(place.join(', '));
  const area = search.bbox ? 'En la zona del mapa' : search.near ? 'Cerca de un punto' : undefined;
  if (area) {
    const city = cityNameOf(search);
    parts.push(city && !place.includes(city) ? `${area} (${city})` : area);
  }
  if (search.open === 'now') parts.push('Abiertos ahora');
  if (search.labels.length > 0) parts.push(search.labels.join(', '));
  return parts.join(' · ');
}
