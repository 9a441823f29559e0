import type { BoundingBox, Point } from '@eco/domain/places/bounds';
import { COUNTRY_BOUNDS, isPlacePoint, roundCoordinate } from '@eco/domain/places/bounds';

// Small geometry helpers of the web's maps (the domain holds distances and the countries' boxes).

/** `bbox=` as the API reads it: minLng,minLat,maxLng,maxLat, rounded to ~1 m so URLs stay short. */
export function formatBbox(box: BoundingBox): string {
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  return [box.minLng, box.minLat, box.maxLng, box.maxLat].map(round).join(',');
}

/** Both countries at once: what a map with nothing else to show frames. */
export const BOTH_COUNTRIES: BoundingBox = {
  // Colombia reaches further west (its islands) and Argentina further east (Misiones, Buenos Aires).
  minLng: Math.min(COUNTRY_BOUNDS.arg.minLng, COUNTRY_BOUNDS.col.minLng),
  minLat: COUNTRY_BOUNDS.arg.minLat,
  maxLng: Math.max(COUNTRY_BOUNDS.arg.maxLng, COUNTRY_BOUNDS.col.maxLng),
  maxLat: COUNTRY_BOUNDS.col.maxLat,
};

/** A polygon approximating a circle of `radiusM` metres around a point (the approximate place others see). */
export function circlePolygon(center: Point, radiusM: number, steps = 48): number[][] {
  const dLat = radiusM / 111_320;
  const dLng = dLat / Math.cos((center.lat * Math.PI) / 180);
  const ring: number[][] = [];
  for (let step = 0; step <= steps; step += 1) {
    const angle = (step / steps) * 2 * Math.PI;
    ring.push([center.lng + dLng * Math.sin(angle), center.lat + dLat * Math.cos(angle)]);
  }
  return ring;
}

/**
 * A directions link that opens the phone's map app: Google Maps' universal directions URL, which Android hands to
 * its maps app and iOS and desktops open in the browser (or the app when installed).
 */
export function directionsUrl(point: Point): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${point.lat},${point.lng}`;
}

/** The RFC 5870 `geo:` URI of a point, which Android's map apps open directly. */
export function geoUri(point: Point, label?: string): string {
  const query = label ? `?q=${point.lat},${point.lng}(${encodeURIComponent(label)})` : '';
  return `geo:${point.lat},${point.lng}${query}`;
}

// The explore URL's `near` and `bbox`, read without the domain's zod schemas (which would add ~28 KB to explore's
// and the detail's first load): a value the API would refuse is dropped here, and the API says why when asked.
const NUMBER = String.raw`\s*[-+]?(?:\d+(?:\.\d*)?|\.\d+)\s*`;
const PAIR = new RegExp(`^${NUMBER},${NUMBER}$`);
const FOUR = new RegExp(`^${NUMBER},${NUMBER},${NUMBER},${NUMBER}$`);

/** `near=lat,lng` as the API writes it (six decimals), or null for anything outside Argentina and Colombia. */
export function readNear(text: string | null): Point | null {
  if (!text || !PAIR.test(text)) return null;
  const [lat, lng] = text.split(',').map(Number);
  const point = { lat: lat ?? NaN, lng: lng ?? NaN };
  return isPlacePoint(point) ? { lat: roundCoordinate(point.lat), lng: roundCoordinate(point.lng) } : null;
}

export function formatPoint(point: Point): string {
  return `${roundCoordinate(point.lat)},${roundCoordinate(point.lng)}`;
}

/** `bbox=minLng,minLat,maxLng,maxLat`, or null when it is not four coordinates in order. */
export function readBbox(text: string | null): BoundingBox | null {
  if (!text || !FOUR.test(text)) return null;
  const [minLng = NaN, minLat = NaN, maxLng = NaN, maxLat = NaN] = text.split(',').map(Number);
  const valid =
    [minLng, maxLng].every((lng) => lng >= -180 && lng <= 180) &&
    [minLat, maxLat].every((lat) => lat >= -90 && lat <= 90) &&
    minLng <= maxLng &&
    minLat <= maxLat;
  return valid ? { minLng, minLat, maxLng, maxLat } : null;
}
