import type { Point } from './bounds.ts';

const EARTH_RADIUS_KM = 6371.0088;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine on the mean Earth radius; under 0.5% off the ellipsoid). */
export function distanceKm(a: Point, b: Point): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Groups thousands with a dot and decimals with a comma, as es-AR writes them (no Intl: same text everywhere). */
function spanishNumber(value: number, decimals: number): string {
  const [whole = '0', fraction] = value.toFixed(decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return fraction ? `${grouped},${fraction}` : grouped;
}

/**
 * How far a place is, as cards say it: 'a 350 m' under a kilometre (to ten metres), 'a 1,2 km' under ten, 'a 25 km'
 * beyond.
 */
export function formatDistance(km: number): string {
  const metres = Math.max(0, km) * 1000;
  if (metres < 995) return `a ${Math.max(10, Math.round(metres / 10) * 10)} m`;
  if (km < 9.95) return `a ${spanishNumber(Math.round(km * 10) / 10, 1).replace(/,0$/, '')} km`;
  return `a ${spanishNumber(Math.round(km), 0)} km`;
}
