import {
  addDays,
  daysBetween,
  localDayOf,
  offsetMinutes,
  startOfLocalDay,
  weekdayOf,
  type LocalDay,
} from './time-zones.ts';

// The agenda's periods ("Hoy", "Este fin de semana", "Próximos 7 días", "Este mes", a range of days) as spans of
// instants in one time zone. The API turns them into each country's bounds; the web names them.

export const AGENDA_WHEN = ['today', 'weekend', 'week', 'month'] as const;
export type AgendaWhen = (typeof AGENDA_WHEN)[number];

export const AGENDA_WHEN_LABELS: Readonly<Record<AgendaWhen, string>> = {
  today: 'Hoy',
  weekend: 'Este fin de semana',
  week: 'Próximos 7 días',
  month: 'Este mes',
};

export function isAgendaWhen(value: unknown): value is AgendaWhen {
  return typeof value === 'string' && (AGENDA_WHEN as readonly string[]).includes(value);
}

/** A quick period, or a range of days (inclusive; either end may be open). */
export type AgendaPeriod = { when: AgendaWhen } | { from: LocalDay | null; to: LocalDay | null };

/** [from, until) as UTC instants; null for an open end. */
export type AgendaSpan = { from: Date | null; until: Date | null };

/** The first day and the day after the last of a quick period, seen from `today`. */
function daysOf(when: AgendaWhen, today: LocalDay): [LocalDay, LocalDay] {
  switch (when) {
    case 'today':
      return [today, addDays(today, 1)];
    case 'week':
      // Today and the six days after it.
      return [today, addDays(today, 7)];
    case 'month':
      return [{ ...today, day: 1 }, addDays({ year: today.year, month: today.month + 1, day: 1 }, 0)];
    case 'weekend': {
      // Saturday and Sunday: the weekend under way, or the next one. Friday evening is not the weekend: an event
      // from Friday night into Saturday overlaps it anyway.
      const weekday = weekdayOf(today);
      if (weekday === 0) return [addDays(today, -1), addDays(today, 1)];
      const saturday = addDays(today, 6 - weekday);
      return [saturday, addDays(saturday, 2)];
    }
  }
}

/** The span of a period in a time zone at `now`. */
export function agendaSpan(period: AgendaPeriod, timeZone: string, now: Date): AgendaSpan {
  if ('when' in period) {
    const [first, after] = daysOf(period.when, localDayOf(timeZone, now));
    return { from: startOfLocalDay(timeZone, first), until: startOfLocalDay(timeZone, after) };
  }
  return {
    from: period.from === null ? null : startOfLocalDay(timeZone, period.from),
    until: period.to === null ? null : startOfLocalDay(timeZone, addDays(period.to, 1)),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

function clockOf(instant: Date, timeZone: string): string {
  const local = new Date(instant.getTime() + offsetMinutes(timeZone, instant) * 60_000);
  return `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/**
 * When an event or course happens, said relative to `now` where that helps: 'ahora' while under way, 'hoy 18:00',
 * 'mañana 10:00', 'en 3 días' up to two weeks ahead; null when it has ended or is further away (the date says it).
 */
export function relativeWhen(start: string, end: string | null, timeZone: string, now: Date): string | null {
  const startsAt = new Date(start);
  if (Number.isNaN(startsAt.getTime())) return null;
  const endsAt = end === null ? startsAt : new Date(end);
  if (endsAt.getTime() < now.getTime()) return null;
  if (startsAt.getTime() <= now.getTime()) return 'ahora';
  const days = daysBetween(localDayOf(timeZone, now), localDayOf(timeZone, startsAt));
  if (days === 0) return `hoy ${clockOf(startsAt, timeZone)}`;
  if (days === 1) return `mañana ${clockOf(startsAt, timeZone)}`;
  return days <= 14 ? `en ${days} días` : null;
}

/** Whether an event or course has ended at `now`: its end, or its start without one, is before now. */
export function hasEnded(start: string | null, end: string | null, now: Date): boolean {
  const last = end ?? start;
  if (last === null) return false;
  const instant = Date.parse(last);
  return !Number.isNaN(instant) && instant < now.getTime();
}
