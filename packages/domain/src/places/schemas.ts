import { z } from 'zod';
import { isCountryKey } from '../catalog/countries.ts';
import { optionalNumber } from '../schemas/fields.ts';
import { FIELDS, MESSAGES, badFormat, incorrect, outOfRange, required } from '../schemas/messages.ts';
import {
  countryOfPoint,
  isValidLatitude,
  isValidLongitude,
  roundCoordinate,
  type BoundingBox,
  type Point,
} from './bounds.ts';
import { MAX_RANGES_PER_DAY, minutesOf, type OpeningRange, type Weekday } from './opening-hours.ts';

// Schemas of a publication's place (its point, the show-exact choice, opening hours) and of the map queries
// (near, bbox, zoom). Messages in Spanish, like every form's.

const rounded = (value: number | null) => (value === null ? null : roundCoordinate(value));

/** WGS 84 latitude; forms send it as text. Rounded to six decimals (about 11 cm). */
export const locationLatSchema = optionalNumber(FIELDS.locationLat, (schema) =>
  schema.min(-90, outOfRange(FIELDS.locationLat, -90, 90)).max(90, outOfRange(FIELDS.locationLat, -90, 90)),
).transform(rounded);

export const locationLngSchema = optionalNumber(FIELDS.locationLng, (schema) =>
  schema
    .min(-180, outOfRange(FIELDS.locationLng, -180, 180))
    .max(180, outOfRange(FIELDS.locationLng, -180, 180)),
).transform(rounded);

/** A checkbox ('on', 'true', true) or a boolean; absent is null (the default of the publication's type). */
export const locationExactSchema = z
  .union([z.boolean(), z.literal(['on', 'true', 'false', '1', '0', ''])], {
    error: incorrect(FIELDS.locationExact),
  })
  .nullish()
  .transform((value) =>
    value === undefined || value === null || value === ''
      ? null
      : value === true || value === 'on' || value === 'true' || value === '1',
  );

const TIME = /^([01]\d|2[0-4]):[0-5]\d$/;

const openingRangeSchema = z.object(
  {
    day: z.coerce
      .number({ error: incorrect(FIELDS.openingHours) })
      .int(incorrect(FIELDS.openingHours))
      .min(0, incorrect(FIELDS.openingHours))
      .max(6, incorrect(FIELDS.openingHours))
      .transform((day) => day as Weekday),
    opens: z.string({ error: incorrect(FIELDS.openingHours) }).regex(TIME, badFormat(FIELDS.openingHours)),
    closes: z.string({ error: incorrect(FIELDS.openingHours) }).regex(TIME, badFormat(FIELDS.openingHours)),
  },
  { error: incorrect(FIELDS.openingHours) },
);

/** Days and time ranges; a day without ranges is closed. Empty or absent: no hours known (null). */
export const openingHoursSchema = z
  .array(openingRangeSchema, { error: incorrect(FIELDS.openingHours) })
  .nullish()
  .superRefine((ranges, ctx) => {
    if (!ranges) return;
    const byDay = new Map<number, Array<[number, number]>>();
    for (const range of ranges) {
      const opens = minutesOf(range.opens);
      const closes = minutesOf(range.closes);
      if (opens === null || closes === null || opens >= 24 * 60) {
        ctx.addIssue({ code: 'custom', message: badFormat(FIELDS.openingHours) });
        return;
      }
      if (closes <= opens) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.closesBeforeOpens });
        return;
      }
      byDay.set(range.day, [...(byDay.get(range.day) ?? []), [opens, closes]]);
    }
    for (const day of byDay.values()) {
      if (day.length > MAX_RANGES_PER_DAY) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.tooManyRanges });
        return;
      }
      day.sort((a, b) => a[0] - b[0]);
      if (day.some((range, index) => index > 0 && range[0] < (day[index - 1]?.[1] ?? 0))) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.rangesOverlap });
        return;
      }
    }
  })
  .transform((ranges): OpeningRange[] | null =>
    ranges && ranges.length > 0
      ? [...ranges].sort((a, b) => a.day - b.day || a.opens.localeCompare(b.opens))
      : null,
  );

/** The fields a publication's place adds to the form (see publicationSchema). */
export const placeFields = {
  locationLat: locationLatSchema,
  locationLng: locationLngSchema,
  /** Barter and market: true shows the exact place to everyone; otherwise others see an approximate point. */
  locationExact: locationExactSchema,
  /** Recycling points only; other types' hours are not kept. */
  openingHours: openingHoursSchema,
};

interface IssueSink {
  addIssue(issue: { code: 'custom'; path?: string[]; message: string; input?: unknown }): void;
}

/**
 * Object-level checks of the point: both coordinates or none, inside Argentina or Colombia, and in the chosen country
 * when there is one. Values that failed their own checks are skipped.
 */
export function checkPoint(value: Record<string, unknown>, ctx: IssueSink): void {
  const { locationLat: lat, locationLng: lng, locationCountry: country } = value;
  const latGiven = lat !== null && lat !== undefined && lat !== '';
  const lngGiven = lng !== null && lng !== undefined && lng !== '';
  if (latGiven && !lngGiven) {
    ctx.addIssue({ code: 'custom', path: ['locationLng'], message: required(FIELDS.locationLng) });
    return;
  }
  if (lngGiven && !latGiven) {
    ctx.addIssue({ code: 'custom', path: ['locationLat'], message: required(FIELDS.locationLat) });
    return;
  }
  if (!isValidLatitude(lat) || !isValidLongitude(lng)) return;
  const pointCountry = countryOfPoint({ lat, lng });
  if (pointCountry === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['locationLat'],
      message: MESSAGES.pointOutsideCountries,
      input: lat,
    });
  } else if (isCountryKey(country) && country !== pointCountry) {
    ctx.addIssue({
      code: 'custom',
      path: ['locationLat'],
      message: MESSAGES.pointOutsideCountry,
      input: lat,
    });
  }
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

const NUMBER = /^\s*[-+]?(?:\d+(?:\.\d*)?|\.\d+)\s*$/;

function numbersOf(text: string, count: number): number[] | null {
  const parts = text.split(',');
  if (parts.length !== count || parts.some((part) => !NUMBER.test(part))) return null;
  return parts.map(Number);
}

/** `near=lat,lng`: a point inside Argentina or Colombia. */
export function parseNear(text: string): ParseResult<Point> {
  const numbers = numbersOf(text, 2);
  if (!numbers) return { ok: false, message: badFormat(FIELDS.near) };
  const [lat = NaN, lng = NaN] = numbers;
  if (!isValidLatitude(lat)) return { ok: false, message: outOfRange(FIELDS.locationLat, -90, 90) };
  if (!isValidLongitude(lng)) return { ok: false, message: outOfRange(FIELDS.locationLng, -180, 180) };
  if (countryOfPoint({ lat, lng }) === null) return { ok: false, message: MESSAGES.pointOutsideCountries };
  return { ok: true, value: { lat, lng } };
}

/** `bbox=minLng,minLat,maxLng,maxLat` (the order of GeoJSON and of MapLibre's `getBounds().toArray().flat()`). */
export function parseBbox(text: string): ParseResult<BoundingBox> {
  const numbers = numbersOf(text, 4);
  if (!numbers) return { ok: false, message: badFormat(FIELDS.bbox) };
  const [minLng = NaN, minLat = NaN, maxLng = NaN, maxLat = NaN] = numbers;
  if (!isValidLongitude(minLng) || !isValidLongitude(maxLng))
    return { ok: false, message: outOfRange(FIELDS.locationLng, -180, 180) };
  if (!isValidLatitude(minLat) || !isValidLatitude(maxLat))
    return { ok: false, message: outOfRange(FIELDS.locationLat, -90, 90) };
  if (minLng > maxLng || minLat > maxLat) return { ok: false, message: MESSAGES.bboxInsideOut };
  return { ok: true, value: { minLng, minLat, maxLng, maxLat } };
}

export const MAX_ZOOM = 22;

/** A map's zoom level, 0 to 22 (decimals allowed, as MapLibre reports it). */
export function parseZoom(text: string): ParseResult<number> {
  if (!NUMBER.test(text)) return { ok: false, message: badFormat(FIELDS.zoom) };
  const zoom = Number(text);
  if (zoom < 0 || zoom > MAX_ZOOM) return { ok: false, message: outOfRange(FIELDS.zoom, 0, MAX_ZOOM) };
  return { ok: true, value: zoom };
}

/** `near` as the list's query writes it: 'lat,lng' with six decimals at most. */
export function formatNear(point: Point): string {
  return `${roundCoordinate(point.lat)},${roundCoordinate(point.lng)}`;
}
