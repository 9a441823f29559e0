import { roundCoordinate, type Point } from './bounds.ts';

// A barter or market publication is usually someone's home: others see a point moved a few hundred metres, inside a
// circle drawn around it that still holds the real place. The move is derived from the publication's id and a server
// secret (HMAC, computed by the API), so it is the same on every answer: asking again, or a thousand times, gives the
// same point, and nothing can be averaged away. Without the secret nobody can undo it.

/** The circle others see around an approximate point: it always holds the real place. */
export const APPROXIMATE_RADIUS_M = 500;
const MIN_SHIFT_M = 150;
const MAX_SHIFT_M = 400;
const METRES_PER_DEGREE_LAT = 111_320;

/** Four bytes as a fraction in [0, 1). */
function fraction(bytes: ArrayLike<number>, offset: number): number {
  let value = 0;
  for (let index = 0; index < 4; index += 1) value = value * 256 + (bytes[offset + index] ?? 0);
  return value / 2 ** 32;
}

/**
 * The point others see, moved from the real one by 150 to 400 metres in a direction, both read from `seed` (at least
 * eight bytes of an HMAC of the publication's id). Rounded to four decimals (about 11 m).
 */
export function approximatePoint(exact: Point, seed: ArrayLike<number>): Point {
  const angle = fraction(seed, 0) * 2 * Math.PI;
  const metres = MIN_SHIFT_M + fraction(seed, 4) * (MAX_SHIFT_M - MIN_SHIFT_M);
  const dLat = (metres * Math.cos(angle)) / METRES_PER_DEGREE_LAT;
  const dLng = (metres * Math.sin(angle)) / (METRES_PER_DEGREE_LAT * Math.cos((exact.lat * Math.PI) / 180));
  const round = (value: number) => Math.round(value * 1e4) / 1e4;
  return { lat: roundCoordinate(round(exact.lat + dLat)), lng: roundCoordinate(round(exact.lng + dLng)) };
}

/** Listing types shown approximately unless the author chooses the exact place: usually someone's home. */
export const APPROXIMATE_TYPES = ['barter', 'market'] as const;

export function isApproximateByDefault(typed: string): boolean {
  return (APPROXIMATE_TYPES as readonly string[]).includes(typed);
}
