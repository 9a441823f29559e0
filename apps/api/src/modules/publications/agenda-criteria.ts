import {
  agendaPeriodOf,
  agendaSpan,
  COUNTRY_TIME_ZONES,
  DEFAULT_TIME_ZONE,
  isCalendaredType,
  timeZoneOf,
  type AgendaQuery,
} from '@eco/domain';
import type { CountrySpan } from './date-criteria.ts';
import type { ListCriteria } from './list-repository.ts';

// The agenda's parameters of GET /publications (`when`, `from`, `to`, `past`) as list criteria. They depend on the
// clock: `now` is taken to the minute, and that minute is part of the criteria (so of every remembered answer's and
// count's key): an answer is never kept past the minute it was computed for, and "ended" means "ended before the
// current minute began".

const MINUTE_MS = 60_000;

/** The current minute, as the agenda reads it. */
export function agendaMinute(now: number): Date {
  return new Date(Math.floor(now / MINUTE_MS) * MINUTE_MS);
}

/** Whether a list query is an agenda: events or courses, or any of its parameters (`past=0` included). */
export function isAgenda(query: AgendaQuery & { typed?: string | undefined }): boolean {
  return (
    isCalendaredType(query.typed) ||
    query.past !== undefined ||
    query.when !== undefined ||
    query.from !== undefined ||
    query.to !== undefined
  );
}

/**
 * The spans of a period: with a country, in its zone; without one, each publication in its own country's zone
 * (Colombia's in Bogotá's, the others and those without a country in the default zone, Argentina's).
 */
function spansOf(
  query: AgendaQuery,
  country: string | null | undefined,
  minute: Date,
): CountrySpan[] | undefined {
  const period = agendaPeriodOf(query);
  if (period === null) return undefined;
  const iso = (date: Date | null) => (date === null ? null : date.toISOString());
  if (country != null) {
    const { from, until } = agendaSpan(period, timeZoneOf(country), minute);
    return [{ from: iso(from), until: iso(until) }];
  }
  const elsewhere = Object.keys(COUNTRY_TIME_ZONES).filter((key) => timeZoneOf(key) !== DEFAULT_TIME_ZONE);
  const spans: CountrySpan[] = elsewhere.map((key) => {
    const { from, until } = agendaSpan(period, timeZoneOf(key), minute);
    return { countries: [key], from: iso(from), until: iso(until) };
  });
  const { from, until } = agendaSpan(period, DEFAULT_TIME_ZONE, minute);
  spans.push({ otherThan: elsewhere, from: iso(from), until: iso(until) });
  return spans;
}

/**
 * The criteria of an agenda query at `minute`: what has not ended, soonest first, or with `past` what has ended,
 * latest first; within the period's spans when one is asked. Nothing for a list that is no agenda.
 */
export function agendaCriteriaOf(
  query: AgendaQuery & { typed?: string | undefined; country?: string | null | undefined },
  minute: Date,
): Pick<ListCriteria, 'endsFrom' | 'endsBefore' | 'spans' | 'order'> {
  if (!isAgenda(query)) return {};
  const now = minute.toISOString();
  const spans = spansOf(query, query.country, minute);
  return query.past === true
    ? { endsBefore: now, spans, order: 'latest-ended' }
    : { endsFrom: now, spans, order: 'soonest' };
}
