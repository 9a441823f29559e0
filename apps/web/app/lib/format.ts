const NUMBER_FORMAT = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 2 });

/** A number with es-AR grouping and decimal comma: 1.500, 4,5. */
export function formatNumber(value: number): string {
  return NUMBER_FORMAT.format(value);
}

// Dates: the shared display (the reminders' e-mails and notifications write the same text).
export { formatDate, formatDateRange } from '@eco/domain/dates/display';
