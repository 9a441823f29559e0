import { timeZoneOf } from '@eco/domain/dates/time-zones';

// The date of an event or course is a wall-clock time at the place of the publication: 18:00 in Córdoba is 18:00
// Argentina time whoever types or reads it. Reading it in the country's time zone (never the browser's or the
// server's) also keeps server rendering and hydration identical.

/** IANA time zone of a country key; Argentina's when the publication has no country (the domain's one table). */
export const publicationTimeZone = timeZoneOf;

/** The three pickers of the form: 'YYYY-MM-DD', '00'–'23', '00'–'59'. */
export type DateTimeParts = { date: string; hour: string; minute: string };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

function wallClock(
  instant: number,
  timeZone: string,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map(({ type, value }) => [type, value]),
  );
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (negative west of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const { year, month, day, hour, minute } = wallClock(instant, timeZone);
  const asUtc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute));
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

/** An ISO instant read on the wall clock of a time zone; null for an empty or invalid value. */
export function splitDateTime(iso: string | null | undefined, timeZone: string): DateTimeParts | null {
  const instant = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(instant)) return null;
  const { year, month, day, hour, minute } = wallClock(instant, timeZone);
  return { date: `${year}-${month}-${day}`, hour, minute };
}

/** The instant (ISO, UTC) of a date and time on the wall clock of a time zone. */
export function joinDateTime({ date, hour, minute }: DateTimeParts, timeZone: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, day, Number(hour), Number(minute));
  // The offset is looked up at the instant it gives, so that a change of offset that day is honoured.
  const guess = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(guess, timeZone)).toISOString();
}

/** Reads a typed 'DD/MM/YYYY' (or 'D/M/YYYY', with '/', '-' or '.') as 'YYYY-MM-DD'; null when it is no real day. */
export function parseTypedDay(text: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCDate() !== Number(day) || date.getUTCMonth() !== Number(month) - 1) return null;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}
