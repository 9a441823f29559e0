import { timeZoneOf } from './time-zones.ts';

// Dates are shown in the time zone of the publication's country, never in the server's or the browser's: the server
// and the browser then render the same text (no hydration mismatch), and an event reads at its local hour.

// Intl instead of a date library: lists and details show dates, and dayjs with its time-zone plugins cost every such
// page about 5 KB of JavaScript.
const DATE_PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
const dateFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * Texts already made, by zone and instant: a page or a burst of reminders shows the same few dates again and again,
 * and `formatToParts` costs microseconds each time. Emptied when full, so it never grows past a bound.
 */
const formatted = new Map<string, string>();
const FORMATTED_MAX = 1_000;

/** An ISO date as DD/MM/YYYY HH:mm (DATE_DISPLAY_FORMAT) in the country's time zone; '' when it is not a date. */
export function formatDate(iso: string, countryKey?: string | null): string {
  const timeZone = timeZoneOf(countryKey);
  const key = `${timeZone} ${iso}`;
  let text = formatted.get(key);
  if (text === undefined) {
    text = formatIn(iso, timeZone);
    if (formatted.size >= FORMATTED_MAX) formatted.clear();
    formatted.set(key, text);
  }
  return text;
}

function formatIn(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  let format = dateFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', { ...DATE_PARTS, timeZone });
    dateFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(date).map(({ type, value }) => [type, value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}

/**
 * When an event or course happens, in the spec's DD/MM/YYYY HH:mm: '12/12/2026 10:00–13:00' within one day of its
 * country, '12/12/2026 10:00 – 14/12/2026 13:00' over several; the start alone without an end.
 */
export function formatDateRange(start: string, end: string | null, countryKey?: string | null): string {
  const from = formatDate(start, countryKey);
  const until = end ? formatDate(end, countryKey) : '';
  if (from === '' || until === '') return from;
  const [fromDay, fromTime] = from.split(' ');
  const [untilDay, untilTime] = until.split(' ');
  return fromDay === untilDay ? `${fromDay} ${fromTime}–${untilTime}` : `${from} – ${until}`;
}
