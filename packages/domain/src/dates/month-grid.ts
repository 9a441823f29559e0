import { addDays, isoDayOf, offsetMinutes, weekdayOf, type LocalDay } from './time-zones.ts';

// The month view of explore's events and courses (decision 037): a calendar grid, weeks from Monday, the days that
// have something marked. The days an event covers are counted in a time zone (its country's), like the agenda's.

/** Spanish month names, January first. */
export const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** A month, 'YYYY-MM'. */
export type MonthKey = `${number}-${number}`;

export function parseMonth(text: string | null | undefined): { year: number; month: number } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(text ?? '');
  if (match === null) return null;
  const [year, month] = [Number(match[1]), Number(match[2])];
  return year >= 1970 && year <= 9998 && month >= 1 && month <= 12 ? { year, month } : null;
}

export function monthKeyOf({ year, month }: { year: number; month: number }): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

export function shiftMonth({ year, month }: { year: number; month: number }, by: number) {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The first and last day of a month. */
export function monthBounds({ year, month }: { year: number; month: number }): {
  first: LocalDay;
  last: LocalDay;
} {
  const first = { year, month, day: 1 };
  const next = shiftMonth({ year, month }, 1);
  return { first, last: addDays({ ...next, day: 1 }, -1) };
}

/** The month's weeks, Monday first; the cells outside the month are null. */
export function monthWeeks(month: { year: number; month: number }): (LocalDay | null)[][] {
  const { first, last } = monthBounds(month);
  const lead = (weekdayOf(first) + 6) % 7;
  const cells: (LocalDay | null)[] = Array.from({ length: lead }, () => null);
  for (let day = first; day.day <= last.day && day.month === month.month; day = addDays(day, 1))
    cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

const HOUR_MS = 3_600_000;
/** Zones' offsets by hour: Intl's parts cost microseconds each, and the month view reads thousands of dates. */
const offsets = new Map<string, number>();

/** The local day of an instant ('YYYY-MM-DD'), the zone's offset read once per hour of the instants asked. */
function localIsoDay(timeZone: string, instant: number): string {
  const hour = Math.floor(instant / HOUR_MS) * HOUR_MS;
  const key = `${timeZone} ${hour}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size > 50_000) offsets.clear();
    offset = offsetMinutes(timeZone, new Date(hour));
    offsets.set(key, offset);
  }
  return new Date(instant + offset * 60_000).toISOString().slice(0, 10);
}

/**
 * The days ('YYYY-MM-DD') from `from` to `to` (inclusive) that an event from `start` to `end` (or its start alone)
 * covers in `timeZone`.
 */
export function daysCovered(
  start: string,
  end: string | null,
  timeZone: string,
  from: LocalDay,
  to: LocalDay,
): string[] {
  const lower = isoDayOf(from);
  const upper = isoDayOf(to);
  const last = localIsoDay(timeZone, Date.parse(end ?? start));
  const days: string[] = [];
  for (let day = localIsoDay(timeZone, Date.parse(start)); day <= last && day <= upper;) {
    if (day >= lower) days.push(day);
    day = new Date(Date.parse(`${day}T00:00:00Z`) + 24 * HOUR_MS).toISOString().slice(0, 10);
  }
  return days;
}
