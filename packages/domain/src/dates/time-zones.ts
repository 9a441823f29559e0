// The one table of the countries' time zones, and the local-day arithmetic built on `Intl` (no date library: the web
// app would ship it to every page that shows a date). An event's day is its country's, never the server's or the
// browser's: 23:30 in Bogotá on Sunday is Sunday, although it is already Monday in UTC.

/** IANA time zones of the countries with data; neither observes daylight saving time today (the code does not assume it). */
export const COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = {
  arg: 'America/Argentina/Buenos_Aires',
  col: 'America/Bogota',
};

/** Argentina's: where a publication without a country is read. */
export const DEFAULT_TIME_ZONE = 'America/Argentina/Buenos_Aires';

/** The time zone of a country key; the default one without a country or for an unknown key. */
export function timeZoneOf(countryKey: string | null | undefined): string {
  return (countryKey && COUNTRY_TIME_ZONES[countryKey]) || DEFAULT_TIME_ZONE;
}

/** A calendar day (month 1–12); days may overflow in arithmetic (32 January is 1 February). */
export type LocalDay = { year: number; month: number; day: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The zone's offset from UTC at an instant, in minutes (Argentina: -180). */
export function offsetMinutes(timeZone: string, instant: Date): number {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const local = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.round((local - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The day an instant falls on in a time zone. */
export function localDayOf(timeZone: string, instant: Date): LocalDay {
  const shifted = new Date(instant.getTime() + offsetMinutes(timeZone, instant) * 60_000);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** Midnight at the start of a local day, as a UTC instant. */
export function startOfLocalDay(timeZone: string, { year, month, day }: LocalDay): Date {
  const utcMidnight = Date.UTC(year, month - 1, day);
  const guess = new Date(utcMidnight - offsetMinutes(timeZone, new Date(utcMidnight)) * 60_000);
  // Once more at the guessed instant, for a zone whose offset changes that day.
  return new Date(utcMidnight - offsetMinutes(timeZone, guess) * 60_000);
}

export function addDays(day: LocalDay, days: number): LocalDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** 0 Sunday … 6 Saturday. */
export function weekdayOf(day: LocalDay): number {
  return new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
}

/** Whole days from `a` to `b` (negative when `b` is earlier). */
export function daysBetween(a: LocalDay, b: LocalDay): number {
  return Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000,
  );
}

/** 'YYYY-MM-DD' as a day, or null when it is not one (31 February, a malformed text). */
export function parseIsoDay(text: string): LocalDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return { year, month, day };
}

export function isoDayOf({ year, month, day }: LocalDay): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
