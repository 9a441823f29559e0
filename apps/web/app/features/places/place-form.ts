import type { Point } from '@eco/domain/places/bounds';
import { isPlacePoint, roundCoordinate } from '@eco/domain/places/bounds';
import type { OpeningRange, Weekday } from '@eco/domain/places/opening-hours';
import { MAX_RANGES_PER_DAY, minutesOf } from '@eco/domain/places/opening-hours';

// Pure helpers of the form's place fields: the point the inputs hold, and the opening-hours editor's edits.

/** The point two inputs hold (numbers or typed text), or null when they hold none a publication may have. */
export function pointOfInputs(lat: number | string, lng: number | string): Point | null {
  if (lat === '' || lng === '') return null;
  const point = { lat: Number(lat), lng: Number(lng) };
  return isPlacePoint(point) ? point : null;
}

/** A point as the inputs show it: six decimals at most (about 11 cm). */
export function inputsOfPoint(point: Point): { locationLat: number; locationLng: number } {
  return { locationLat: roundCoordinate(point.lat), locationLng: roundCoordinate(point.lng) };
}

/** A new day's first range, and what "Agregar horario" adds after the last one. */
export const DEFAULT_RANGE = { opens: '09:00', closes: '18:00' } as const;

export function rangesOf(hours: readonly OpeningRange[], day: Weekday): OpeningRange[] {
  return hours.filter((range) => range.day === day);
}

/** The week with one day's ranges replaced (the others keep their order). */
export function withDay(
  hours: readonly OpeningRange[],
  day: Weekday,
  ranges: ReadonlyArray<Pick<OpeningRange, 'opens' | 'closes'>>,
): OpeningRange[] {
  return [
    ...hours.filter((range) => range.day !== day),
    ...ranges.map((range) => ({ day, opens: range.opens, closes: range.closes })),
  ].sort((a, b) => a.day - b.day || (minutesOf(a.opens) ?? 0) - (minutesOf(b.opens) ?? 0));
}

/** Opens a closed day with the usual hours, or closes an open one. */
export function toggleDay(hours: readonly OpeningRange[], day: Weekday): OpeningRange[] {
  return rangesOf(hours, day).length > 0 ? withDay(hours, day, []) : withDay(hours, day, [DEFAULT_RANGE]);
}

/** One more range after the day's last (an hour after it closes, two hours long), up to the day's maximum. */
export function addRange(hours: readonly OpeningRange[], day: Weekday): OpeningRange[] {
  const ranges = rangesOf(hours, day);
  if (ranges.length >= MAX_RANGES_PER_DAY) return [...hours];
  const lastClose = minutesOf(ranges.at(-1)?.closes ?? '') ?? 8 * 60;
  const opens = Math.min(lastClose + 60, 22 * 60);
  const closes = Math.min(opens + 120, 24 * 60 - 1);
  const time = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return withDay(hours, day, [...ranges, { opens: time(opens), closes: time(closes) }]);
}

/** Copies one day's ranges to every day of the week that is open (Monday to Friday for a usual week). */
export function copyToWeekdays(hours: readonly OpeningRange[], from: Weekday): OpeningRange[] {
  const ranges = rangesOf(hours, from);
  let next = [...hours];
  for (const day of [1, 2, 3, 4, 5] as const) if (day !== from) next = withDay(next, day, ranges);
  return next;
}
