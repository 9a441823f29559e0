import { createHmac, hkdfSync } from 'node:crypto';
import {
  approximatePoint,
  isApproximateByDefault,
  pointFromMapsLink,
  isPlacePoint,
  weekIntervals,
  type OpeningHours,
  type OpeningRange,
  type Point,
} from '@eco/domain';
import type { DB, PublicationsTable } from '../../db/schema.ts';

// What a publication's place is stored as (migration 0024), written by every writer the same way: the API, the demo
// loader and the bench.

export type PlaceColumns = Pick<
  PublicationsTable,
  | 'location_lat'
  | 'location_lng'
  | 'public_lat'
  | 'public_lng'
  | 'location_exact'
  | 'opening_hours'
  | 'open_minutes'
>;

export type PlaceInput = {
  typed: string;
  locationLat: number | null;
  locationLng: number | null;
  locationUrl: string | null;
  locationExact: boolean | null;
  openingHours: OpeningRange[] | null;
};

/** The key of the approximate points, derived from the server's SECRET_KEY (never the key itself). */
export function approximationKey(secretKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'ecoanuncios', 'places/approximate-point/v1', 32));
}

/** The point others see of a publication whose place is approximate: stable for the id, unguessable without the key. */
export function approximateFor(id: string, exact: Point, key: Buffer): Point {
  return approximatePoint(exact, createHmac('sha256', key).update(id).digest());
}

/**
 * The point a form gives: its coordinates, or else those its maps link holds (API clients paste links too); a link
 * pointing outside Argentina and Colombia gives none (the link itself stays valid).
 */
export function pointOfForm(
  input: Pick<PlaceInput, 'locationLat' | 'locationLng' | 'locationUrl'>,
): Point | null {
  if (input.locationLat !== null && input.locationLng !== null) {
    return { lat: input.locationLat, lng: input.locationLng };
  }
  const fromLink = pointFromMapsLink(input.locationUrl);
  return fromLink !== null && isPlacePoint(fromLink) ? fromLink : null;
}

/** Whether others see the publication's point moved: barter and market, unless the author chose the exact place. */
export function isShownApproximately(typed: string, locationExact: boolean | number | null): boolean {
  return isApproximateByDefault(typed) && locationExact !== true && locationExact !== 1;
}

export function placeColumnsOf(id: string, input: PlaceInput, key: Buffer): PlaceColumns {
  const point = pointOfForm(input);
  const approximate = point !== null && isShownApproximately(input.typed, input.locationExact);
  const shown = point === null ? null : approximate ? approximateFor(id, point, key) : point;
  const hours =
    input.typed === 'dots' && input.openingHours && input.openingHours.length > 0 ? input.openingHours : null;
  return {
    location_lat: point?.lat ?? null,
    location_lng: point?.lng ?? null,
    public_lat: shown?.lat ?? null,
    public_lng: shown?.lng ?? null,
    location_exact: input.locationExact === null ? null : Number(input.locationExact),
    opening_hours: hours === null ? null : JSON.stringify(hours),
    open_minutes: openMinutesOf(hours),
  };
}

export const MINUTES_PER_WEEK = 7 * 24 * 60;

/** The rows of `open=now`: each open stretch of the week, a stretch past Saturday midnight split in two. */
export function openingRangeRows(id: string, hours: OpeningHours | null) {
  if (hours === null) return [];
  return weekIntervals(hours).flatMap(([from, to]) =>
    to <= MINUTES_PER_WEEK
      ? [{ publication_id: id, opens_at: from, closes_at: to }]
      : [
          { publication_id: id, opens_at: from, closes_at: MINUTES_PER_WEEK },
          { publication_id: id, opens_at: 0, closes_at: to - MINUTES_PER_WEEK },
        ],
  );
}

/** The open stretches of the week as a multirange literal, in order (migration 0044), or null without hours. */
export function openMinutesOf(hours: OpeningHours | null): string | null {
  const rows = openingRangeRows('', hours).sort((a, b) => a.opens_at - b.opens_at);
  if (rows.length === 0) return null;
  return `{${rows.map((row) => `[${row.opens_at},${row.closes_at})`).join(',')}}`;
}

export function parseOpeningHours(json: string | null): OpeningRange[] | null {
  if (json === null) return null;
  try {
    const hours: unknown = JSON.parse(json);
    return Array.isArray(hours) ? (hours as OpeningRange[]) : null;
  } catch {
    return null;
  }
}

/** Replaces the publication's open stretches (in the transaction of its write). */
export async function writeOpeningRanges(db: DB, id: string, openingHoursJson: string | null): Promise<void> {
  await db.deleteFrom('publication_opening_ranges').where('publication_id', '=', id).execute();
  const rows = openingRangeRows(id, parseOpeningHours(openingHoursJson));
  if (rows.length > 0) await db.insertInto('publication_opening_ranges').values(rows).execute();
}
