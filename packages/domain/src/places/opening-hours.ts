import { localDayOf, offsetMinutes, timeZoneOf, weekdayOf } from '../dates/time-zones.ts';

// Opening hours of a recycling point: time ranges on days of the week, in the point's country's time zone. A day
// without ranges is closed. A range closes the same day ('24:00' is midnight); a point open through the night has
// one range until 24:00 and one from 00:00 the next day, which read as one stretch.

/** 0 Sunday … 6 Saturday, as `weekdayOf` counts. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface OpeningRange {
  day: Weekday;
  /** 'HH:MM', 00:00 to 23:59. */
  opens: string;
  /** 'HH:MM', after `opens`; up to 24:00. */
  closes: string;
}

export type OpeningHours = readonly OpeningRange[];

export const WEEKDAY_NAMES = [
  'domingo',
  'lunes',
  'martes',
  'miércoles',
  'jueves',
  'viernes',
  'sábado',
] as const;

/** Monday first, as the form and the detail page list the days. */
export const WEEK_ORDER: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];

export const MAX_RANGES_PER_DAY = 3;

const MINUTES_PER_DAY = 24 * 60;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** Minutes after midnight of 'HH:MM' (24:00 is 1440), or null when it is not a time. */
export function minutesOf(text: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(text);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= MINUTES_PER_DAY ? minutes : null;
}

/** '9:00', '18:30': how the site writes a time of day. */
export function formatTimeOfDay(minutes: number): string {
  const inDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${Math.floor(inDay / 60)}:${String(inDay % 60).padStart(2, '0')}`;
}

/** The ranges as minutes of the week (Sunday 00:00 is 0), merged where one ends as the next begins, sorted. */
export function weekIntervals(hours: OpeningHours): Array<[number, number]> {
  const intervals = hours
    .map((range): [number, number] => [
      range.day * MINUTES_PER_DAY + (minutesOf(range.opens) ?? 0),
      range.day * MINUTES_PER_DAY + (minutesOf(range.closes) ?? 0),
    ])
    .filter(([from, to]) => to > from)
    .sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const interval of intervals) {
    const last = merged.at(-1);
    if (last && interval[0] <= last[1]) last[1] = Math.max(last[1], interval[1]);
    else merged.push([...interval]);
  }
  // Saturday until 24:00 running into Sunday from 00:00.
  const first = merged[0];
  const last = merged.at(-1);
  if (merged.length > 1 && first && last && first[0] === 0 && last[1] === MINUTES_PER_WEEK) {
    merged.shift();
    last[1] = MINUTES_PER_WEEK + first[1];
  }
  return merged;
}

/** The minute of the week an instant is at in a time zone. */
export function weekMinuteOf(timeZone: string, instant: Date): number {
  const day = localDayOf(timeZone, instant);
  const local = new Date(instant.getTime() + offsetMinutes(timeZone, instant) * 60_000);
  return weekdayOf(day) * MINUTES_PER_DAY + local.getUTCHours() * 60 + local.getUTCMinutes();
}

export interface OpeningStatus {
  open: boolean;
  /** 'Abierto ahora · cierra a las 18:00', 'Cerrado · abre el lunes 9:00'. */
  text: string;
}

function when(fromMinute: number, atMinute: number, verb: 'abre' | 'cierra'): string {
  const time = formatTimeOfDay(atMinute);
  const days = Math.floor(atMinute / MINUTES_PER_DAY) - Math.floor(fromMinute / MINUTES_PER_DAY);
  if (days === 0) return `${verb} a las ${time}`;
  if (days === 1) return `${verb} mañana ${time}`;
  const weekday = (((Math.floor(atMinute / MINUTES_PER_DAY) % 7) + 7) % 7) as Weekday;
  return `${verb} el ${WEEKDAY_NAMES[weekday]} ${time}`;
}

/**
 * Whether a place is open at an instant, in its country's time zone, and what to say about it; null without hours
 * (nothing is known, which is not 'closed').
 */
export function openingStatus(
  hours: OpeningHours | null | undefined,
  countryKey: string | null | undefined,
  now: Date,
): OpeningStatus | null {
  if (!hours || hours.length === 0) return null;
  const intervals = weekIntervals(hours);
  if (intervals.length === 0) return null;
  const first = intervals[0];
  if (intervals.length === 1 && first && first[1] - first[0] >= MINUTES_PER_WEEK) {
    return { open: true, text: 'Abierto las 24 horas' };
  }
  const minute = weekMinuteOf(timeZoneOf(countryKey), now);
  // Intervals repeat weekly: look at this week's and next week's.
  const shifted = [
    ...intervals,
    ...intervals.map(([from, to]): [number, number] => [from + MINUTES_PER_WEEK, to + MINUTES_PER_WEEK]),
  ];
  const current =
    shifted.find(([from, to]) => from <= minute && minute < to) ??
    shifted.find(([from, to]) => from <= minute + MINUTES_PER_WEEK && minute + MINUTES_PER_WEEK < to);
  if (current) {
    const closes = current[0] <= minute ? current[1] : current[1] - MINUTES_PER_WEEK;
    return { open: true, text: `Abierto ahora · ${when(minute, closes, 'cierra')}` };
  }
  const next = shifted.find(([from]) => from > minute);
  return { open: false, text: next ? `Cerrado · ${when(minute, next[0], 'abre')}` : 'Cerrado' };
}

/** Whether the place is open at that instant; false without hours. */
export function isOpenAt(
  hours: OpeningHours | null | undefined,
  countryKey: string | null | undefined,
  now: Date,
): boolean {
  return openingStatus(hours, countryKey, now)?.open ?? false;
}

/** One line per day, Monday first: 'lunes: 9:00–13:00, 14:00–18:00', 'domingo: cerrado'. */
export function describeOpeningHours(hours: OpeningHours): string[] {
  return WEEK_ORDER.map((day) => {
    const ranges = hours
      .filter((range) => range.day === day)
      .sort((a, b) => (minutesOf(a.opens) ?? 0) - (minutesOf(b.opens) ?? 0))
      .map(
        (range) =>
          `${formatTimeOfDay(minutesOf(range.opens) ?? 0)}–${range.closes === '24:00' ? '24:00' : formatTimeOfDay(minutesOf(range.closes) ?? 0)}`,
      );
    return `${WEEKDAY_NAMES[day]}: ${ranges.length > 0 ? ranges.join(', ') : 'cerrado'}`;
  });
}

/** Today's day of the week at a place. */
export function weekdayAt(countryKey: string | null | undefined, now: Date): Weekday {
  return weekdayOf(localDayOf(timeZoneOf(countryKey), now)) as Weekday;
}
