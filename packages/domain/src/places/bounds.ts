// Where a publication may be: WGS 84 points inside Argentina's or Colombia's bounding box. Boxes, not borders: a
// border test would ship polygons to every form, and a point a little off the coast is still someone's pin.

export interface Point {
  lat: number;
  lng: number;
}

export interface BoundingBox {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

/** Mainland, Tierra del Fuego and the islands of each country (San Andrés and Providencia for Colombia). */
export const COUNTRY_BOUNDS: Readonly<Record<'arg' | 'col', BoundingBox>> = {
  arg: { minLng: -73.6, minLat: -55.1, maxLng: -53.6, maxLat: -21.7 },
  col: { minLng: -82.0, minLat: -4.3, maxLng: -66.8, maxLat: 13.6 },
};

export function isInBox(point: Point, box: BoundingBox): boolean {
  return (
    point.lat >= box.minLat && point.lat <= box.maxLat && point.lng >= box.minLng && point.lng <= box.maxLng
  );
}

/** The country whose box holds the point ('arg' or 'col'), or null outside both. */
export function countryOfPoint(point: Point): 'arg' | 'col' | null {
  if (isInBox(point, COUNTRY_BOUNDS.arg)) return 'arg';
  if (isInBox(point, COUNTRY_BOUNDS.col)) return 'col';
  return null;
}

export function isValidLatitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= -90 && value <= 90;
}

export function isValidLongitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= -180 && value <= 180;
}

/** A point anyone may store: a real latitude and longitude inside one of the countries' boxes. */
export function isPlacePoint(point: { lat: unknown; lng: unknown }): point is Point {
  return isValidLatitude(point.lat) && isValidLongitude(point.lng) && countryOfPoint(point as Point) !== null;
}

/** Six decimals are about 11 cm: more is noise from a phone or a link, and it keeps answers short. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
