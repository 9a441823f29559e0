import { createHash } from 'node:crypto';
import { cityCenter, isPlacePoint, type OpeningRange, type Point } from '@eco/domain';
import type { DemoPublication } from './demo-data.ts';

// Where the demo's publications are (issue 24): a recycling point, event or course at its own coordinates or, without
// them, at a real-looking point within a few kilometres of its city's center; every other barter and market
// publication at a home near the center (shown approximately). The points' opening hours come from a few usual
// weeks. All derived from the publication's key, so that every load gives the same places.

const TYPES_WITH_PLACE = ['dots', 'events', 'courses'];
const HOME_TYPES = ['barter', 'market'];

function bytesOf(key: string): Buffer {
  return createHash('sha256').update(`demo-place:${key}`).digest();
}

/** A point 300 m to 3 km from the city's center, in a direction, both read from the key. */
function nearCenter(key: string, center: Point): Point {
  const bytes = bytesOf(key);
  const angle = ((bytes[0] ?? 0) / 256) * 2 * Math.PI;
  const km = 0.3 + ((bytes[1] ?? 0) / 256) * 2.7;
  const lat = center.lat + (km * Math.cos(angle)) / 111.2;
  const lng = center.lng + (km * Math.sin(angle)) / (111.2 * Math.cos((center.lat * Math.PI) / 180));
  return { lat: Math.round(lat * 1e5) / 1e5, lng: Math.round(lng * 1e5) / 1e5 };
}

const WEEKDAYS = [1, 2, 3, 4, 5] as const;
const range = (day: number, opens: string, closes: string) => ({ day, opens, closes }) as OpeningRange;

/** Usual weeks of a recycling point. */
const WEEKS: readonly OpeningRange[][] = [
  // Monday to Friday 9 to 18, Saturday 9 to 13.
  [...WEEKDAYS.map((day) => range(day, '09:00', '18:00')), range(6, '09:00', '13:00')],
  // Split days, as many municipal points.
  WEEKDAYS.flatMap((day) => [range(day, '08:00', '12:00'), range(day, '14:00', '17:00')]),
  // Every day 8 to 20.
  [0, 1, 2, 3, 4, 5, 6].map((day) => range(day, '08:00', '20:00')),
  // A weekend collection point.
  [range(6, '10:00', '16:00'), range(0, '10:00', '14:00')],
];

export type DemoPlacement = { point: Point | null; openingHours: OpeningRange[] | null };

export function demoPlacementOf(publication: DemoPublication): DemoPlacement {
  const { place, typed, key } = publication;
  const center = cityCenter(place.city);
  const given = place.coordinates ? { lat: place.coordinates[0], lng: place.coordinates[1] } : null;
  let point: Point | null = null;
  if (TYPES_WITH_PLACE.includes(typed)) point = given ?? (center ? nearCenter(key, center) : null);
  else if (HOME_TYPES.includes(typed) && (bytesOf(key)[2] ?? 0) % 2 === 0) {
    point = given ?? (center ? nearCenter(key, center) : null);
  }
  if (point !== null && !isPlacePoint(point)) point = null;
  const openingHours = typed === 'dots' ? (WEEKS[(bytesOf(key)[3] ?? 0) % WEEKS.length] ?? null) : null;
  return { point, openingHours };
}
