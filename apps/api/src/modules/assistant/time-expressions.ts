// The Spanish locale alone: the package's main entry loads sixteen languages (260 modules, about 10 MB).
import * as chronoSpanish from 'chrono-node/es';
import {
  addDays,
  foldText,
  localDayOf,
  MONTH_NAMES,
  offsetMinutes,
  startOfLocalDay,
  weekdayOf,
  type LocalDay,
} from '@eco/domain';

// When a question asks about: 'hoy', 'mañana', 'el sábado', 'el 5 de diciembre', 'en diciembre' come from
// chrono-node's Spanish parser; the periods it does not know ('este finde', 'la semana que viene', 'este mes') are
// parsers added to a copy of it. Days are those of the country's time zone, whatever the server's.

/** A span of time asked about: [from, until), UTC instants; `label` is how the reply names it. */
export type TimeRange = { from: Date; until: Date; label: string; text: string };

type Period = { pattern: RegExp; span: (today: LocalDay) => [LocalDay, LocalDay]; label: string };

// [first day, day after the last]. A weekend under way counts as this weekend.
const PERIODS: readonly Period[] = [
  {
    pattern: /\b(?:(?:este|el|esta|al|para el|pal)\s+)?(?:finde|fin\s+de\s+semana|fds)\b/,
    label: 'este fin de semana',
    span: (today) => {
      const weekday = weekdayOf(today);
      if (weekday === 0) return [today, addDays(today, 1)];
      const saturday = addDays(today, 6 - weekday);
      return [weekday === 6 ? today : saturday, addDays(saturday, 2)];
    },
  },
  {
    pattern:
      /\b(?:(?:la\s+)?semana\s+(?:que\s+viene|proxima|siguiente|entrante)|(?:la\s+)?(?:proxima|siguiente)\s+semana)\b/,
    label: 'la semana que viene',
    span: (today) => {
      const monday = addDays(today, (8 - weekdayOf(today)) % 7 || 7);
      return [monday, addDays(monday, 7)];
    },
  },
  {
    pattern: /\b(?:esta\s+semana|en\s+la\s+semana)\b/,
    label: 'esta semana',
    span: (today) => {
      const weekday = weekdayOf(today);
      return [today, addDays(today, weekday === 0 ? 1 : 8 - weekday)];
    },
  },
  {
    pattern: /\b(?:el\s+)?(?:mes\s+que\s+viene|proximo\s+mes|mes\s+proximo|mes\s+siguiente)\b/,
    label: 'el mes que viene',
    span: (today) => {
      const first = { year: today.year, month: today.month + 1, day: 1 };
      return [addDays(first, 0), addDays({ ...first, month: first.month + 1 }, 0)];
    },
  },
  {
    pattern: /\beste\s+mes\b/,
    label: 'este mes',
    span: (today) => [today, addDays({ year: today.year, month: today.month + 1, day: 1 }, 0)],
  },
  {
    pattern: /\bpasado\s+manana\b/,
    label: 'pasado mañana',
    span: (today) => [addDays(today, 2), addDays(today, 3)],
  },
];

const MONTHS: readonly string[] = MONTH_NAMES;
const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];

/** How the reply names a day: 'hoy', 'mañana' or 'el sábado 6 de junio'. */
function dayLabel(day: LocalDay, today: LocalDay): string {
  const sameDay = (a: LocalDay, b: LocalDay) => a.year === b.year && a.month === b.month && a.day === b.day;
  if (sameDay(day, today)) return 'hoy';
  if (sameDay(day, addDays(today, 1))) return 'mañana';
  return `el ${WEEKDAYS[weekdayOf(day)]} ${day.day} de ${MONTHS[day.month - 1]}`;
}

const spanish = chronoSpanish.casual.clone();

/**
 * The first time expression of a question, as a span in the time zone, never before `now` (a question is about
 * what is still to come). Null when the question names no time.
 */
export function findTimeRange(text: string, now: Date, timeZone: string): TimeRange | null {
  const folded = foldText(text);
  const today = localDayOf(timeZone, now);
  const clip = (from: Date) => (from.getTime() < now.getTime() ? now : from);

  for (const period of PERIODS) {
    const match = period.pattern.exec(folded);
    if (match === null) continue;
    const [first, after] = period.span(today);
    return {
      from: clip(startOfLocalDay(timeZone, first)),
      until: startOfLocalDay(timeZone, after),
      label: period.label,
      text: match[0],
    };
  }

  const reference = { instant: now, timezone: offsetMinutes(timeZone, now) };
  for (const result of spanish.parse(folded, reference, { forwardDate: true })) {
    // Weekday abbreviations are words too: 'mar' in 'mar del plata', 'sab' in a name.
    if (result.text.trim().length < 4 && result.text.trim() !== 'hoy') continue;
    const start = result.start;
    const year = start.get('year');
    const month = start.get('month');
    const day = start.get('day');
    if (year === null || month === null || day === null) continue;
    if (start.isCertain('day') || start.isCertain('weekday')) {
      const first = { year, month, day };
      const from = startOfLocalDay(timeZone, first);
      if (from.getTime() < startOfLocalDay(timeZone, today).getTime()) continue;
      return {
        from: clip(from),
        until: startOfLocalDay(timeZone, addDays(first, 1)),
        label: dayLabel(first, today),
        text: result.text,
      };
    }
    if (start.isCertain('month')) {
      // 'en diciembre': the next December, the whole month.
      const monthYear = month === today.month ? today.year : year;
      const from = startOfLocalDay(timeZone, { year: monthYear, month, day: 1 });
      return {
        from: clip(from),
        until: startOfLocalDay(timeZone, { year: monthYear, month: month + 1, day: 1 }),
        label: `en ${MONTHS[month - 1]}`,
        text: result.text,
      };
    }
  }
  return null;
}
