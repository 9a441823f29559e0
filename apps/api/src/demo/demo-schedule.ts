import {
  addDays,
  isoDayOf,
  localDayOf,
  MINUTES_STEP,
  startOfLocalDay,
  timeZoneOf,
  weekdayOf,
  type LocalDay,
} from '@eco/domain';
import type { DemoPlace } from './content/types.ts';

// When a demo event or course happens, relative to the moment the demo is loaded, in its country's time zone: the
// agenda needs some of each kind of date (past, today, this weekend, months ahead, several days long) whatever the
// day the site is started.

/** Days after loading (negative: before) at a local time; the coming Saturday or Sunday; or a few hours from now. */
export type DemoStart =
  { days: number; time: string } | { weekend: 'saturday' | 'sunday'; time: string } | { hours: number };

/** The end: a local time on the start's day, or `days` after it. */
export type DemoEnd = { days?: number; time: string };

const STEP_MS = MINUTES_STEP * 60_000;

function atLocalTime(timeZone: string, day: LocalDay, time: string): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(startOfLocalDay(timeZone, day).getTime() + (hours * 60 + minutes) * 60_000);
}

function startDay(timeZone: string, now: Date, start: DemoStart): LocalDay {
  const today = localDayOf(timeZone, now);
  if ('days' in start) return addDays(today, start.days);
  if ('weekend' in start) {
    // The weekend under way or the next one, as the agenda's "Este fin de semana" reads it.
    const weekday = weekdayOf(today);
    const saturday = weekday === 0 ? addDays(today, -1) : addDays(today, 6 - weekday);
    return start.weekend === 'saturday' ? saturday : addDays(saturday, 1);
  }
  return today;
}

/** The start as a UTC instant (ISO), at a time the form can express (whole steps of MINUTES_STEP). */
export function demoStart(now: Date, place: DemoPlace, start: DemoStart): string {
  if ('hours' in start) {
    const instant = now.getTime() + start.hours * 3_600_000;
    return new Date(Math.ceil(instant / STEP_MS) * STEP_MS).toISOString();
  }
  const timeZone = timeZoneOf(place.country);
  return atLocalTime(timeZone, startDay(timeZone, now, start), start.time).toISOString();
}

/** The end as a UTC instant (ISO), or null without one. */
export function demoEnd(
  now: Date,
  place: DemoPlace,
  start: DemoStart,
  end: DemoEnd | undefined,
): string | null {
  if (end === undefined) return null;
  const timeZone = timeZoneOf(place.country);
  const first = localDayOf(timeZone, new Date(demoStart(now, place, start)));
  return atLocalTime(timeZone, addDays(first, end.days ?? 0), end.time).toISOString();
}

/** The local day of the start, 'YYYY-MM-DD' (for the tests' and the docs' reading). */
export function demoStartDay(now: Date, place: DemoPlace, start: DemoStart): string {
  return isoDayOf(localDayOf(timeZoneOf(place.country), new Date(demoStart(now, place, start))));
}
