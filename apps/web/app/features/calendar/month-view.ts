/** GET /api/publications/days: the days of a month that have events or courses. */
export type MonthDays = { days: { day: string; count: number }[]; from: string; to: string; asOf: string };

export { MONTH_NAMES } from '@eco/domain/dates/month-grid';

/** Monday first, as calendars in Argentina and Colombia are printed. */
export const WEEKDAYS = [
  ['lu', 'lunes'],
  ['ma', 'martes'],
  ['mi', 'miércoles'],
  ['ju', 'jueves'],
  ['vi', 'viernes'],
  ['sá', 'sábado'],
  ['do', 'domingo'],
] as const;
