import {
  COUNTRY_BOUNDS,
  GEOCODE_RESULTS_MAX,
  cityCenter,
  isInBox,
  roundCoordinate,
  type BoundingBox,
  type GeocodedPlace,
  type GeocodeQuery,
  geocodeText,
} from '@eco/domain';
import type { GeocoderConfig } from '../../config.ts';

// The client of a Nominatim-compatible search service (OpenStreetMap's public instance, a self-hosted one, or any
// service that answers its `/search?format=jsonv2`). Its usage policy: identify the application, at most one request a
// second and cached answers (both kept by the caller, service.ts, in the database: repository.ts).

export const GEOCODER_TIMEOUT_MS = 5000;

const COUNTRY_CODES = { arg: 'ar', col: 'co' } as const;
/** Around a city's center the search prefers (not requires: `bounded=0`) what lies in the city. */
const CITY_SPAN_DEGREES = 0.25;

/** The geocoder could not answer (down, slow, refused us): the form says so and keeps the other ways. */
export class GeocoderUnavailable extends Error {}

export type Geocoder = { search(query: GeocodeQuery): Promise<GeocodedPlace[]> };

type NominatimPlace = { lat?: unknown; lon?: unknown; display_name?: unknown };

function viewboxOf(query: GeocodeQuery): BoundingBox | null {
  const center = query.city ? cityCenter(query.city) : null;
  if (!center) return null;
  return {
    minLng: center.lng - CITY_SPAN_DEGREES,
    minLat: center.lat - CITY_SPAN_DEGREES,
    maxLng: center.lng + CITY_SPAN_DEGREES,
    maxLat: center.lat + CITY_SPAN_DEGREES,
  };
}

/** Nominatim's answer as candidates: numbers, inside the asked country's box, each point once. */
export function placesOfAnswer(body: unknown, country: GeocodeQuery['country']): GeocodedPlace[] {
  if (!Array.isArray(body)) throw new GeocoderUnavailable('The geocoder answered something else than a list');
  const places: GeocodedPlace[] = [];
  for (const item of body as NominatimPlace[]) {
    const lat = Number(item?.lat);
    const lng = Number(item?.lon);
    const label = typeof item?.display_name === 'string' ? item.display_name.trim().slice(0, 300) : '';
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || label === '') continue;
    const point = { lat: roundCoordinate(lat), lng: roundCoordinate(lng) };
    if (!isInBox(point, COUNTRY_BOUNDS[country])) continue;
    if (places.some((place) => place.lat === point.lat && place.lng === point.lng)) continue;
    places.push({ label, ...point });
    if (places.length === GEOCODE_RESULTS_MAX) break;
  }
  return places;
}

/** The `/search` URL asked for a query. */
export function searchUrl(settings: GeocoderConfig, query: GeocodeQuery): URL {
  const url = new URL(`${settings.url}/search`);
  url.searchParams.set('q', geocodeText(query));
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('limit', String(GEOCODE_RESULTS_MAX));
  url.searchParams.set('countrycodes', COUNTRY_CODES[query.country]);
  url.searchParams.set('accept-language', 'es');
  const box = viewboxOf(query);
  if (box) {
    url.searchParams.set('viewbox', `${box.minLng},${box.maxLat},${box.maxLng},${box.minLat}`);
    url.searchParams.set('bounded', '0');
  }
  if (settings.email) url.searchParams.set('email', settings.email);
  return url;
}

export function createNominatimGeocoder(
  settings: GeocoderConfig,
  publicUrl: string,
  timeoutMs = GEOCODER_TIMEOUT_MS,
): Geocoder {
  // Nominatim's policy: a User-Agent that names the application (a library's default is refused).
  const userAgent = `EcoAnuncios/1.0 (+${publicUrl})`;
  return {
    async search(query) {
      let response: Response;
      try {
        response = await fetch(searchUrl(settings, query), {
          headers: { accept: 'application/json', 'user-agent': userAgent, referer: `${publicUrl}/` },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        throw new GeocoderUnavailable(timedOut ? 'The geocoder did not answer in time' : String(error));
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new GeocoderUnavailable(`The geocoder answered ${response.status}`);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new GeocoderUnavailable('The geocoder answered something else than JSON');
      }
      return placesOfAnswer(body, query.country);
    },
  };
}
