import { DATE_DISPLAY_FORMAT } from '@eco/domain/constants';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

const NUMBER_FORMAT = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 2 });

/** A number with es-AR grouping and decimal comma: 1.500, 4,5. */
export function formatNumber(value: number): string {
  return NUMBER_FORMAT.format(value);
}

// Dates are shown in the time zone of the publication's country, never in the server's or the browser's: the server
// and the browser then render the same text (no hydration mismatch), and an event reads at its local hour.
const COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = {
  arg: 'America/Argentina/Buenos_Aires',
  col: 'America/Bogota',
};
const DEFAULT_TIME_ZONE = 'America/Argentina/Buenos_Aires';

/** An ISO date as DD/MM/YYYY HH:mm (DATE_DISPLAY_FORMAT) in the country's time zone; '' when it is not a date. */
export function formatDate(iso: string, countryKey?: string | null): string {
  const date = dayjs(iso);
  if (!date.isValid()) return '';
  const zone = (countryKey && COUNTRY_TIME_ZONES[countryKey]) || DEFAULT_TIME_ZONE;
  return date.tz(zone).format(DATE_DISPLAY_FORMAT);
}
