import { COUNTRY_BOUNDS, type BoundingBox } from '@eco/domain/places/bounds';
import { cityCenter } from '@eco/domain/places/city-centers';
import type { ExploreQuery } from '../publications/publications-query';
import { BOTH_COUNTRIES, readBbox } from './geo';

/** What the map frames first: the searched area, the chosen city, the chosen country, or both countries. */
export function initialFrame(query: ExploreQuery): BoundingBox {
  const bbox = readBbox(query.bbox ?? null);
  if (bbox) return bbox;
  const center = cityCenter(query.city);
  if (center) {
    const d = 0.12;
    return { minLng: center.lng - d, minLat: center.lat - d, maxLng: center.lng + d, maxLat: center.lat + d };
  }
  if (query.country === 'arg' || query.country === 'col') return COUNTRY_BOUNDS[query.country];
  return BOTH_COUNTRIES;
}
