import { sql, type Expression, type SqlBool } from 'kysely';
import type { PublicationState } from '../../db/list-changes.ts';

// The list's date criteria: when a publication starts (calendared_at), when it ends (calendared_until, or its start
// without one) and the agenda's spans of days, each read in a country's own time zone. Instants are ISO texts in UTC,
// as stored, so that they compare as texts on both dialects.

/**
 * Publications that overlap [from, until): they start before `until` and end at or after `from` (either may be
 * open). `countries`: only those of these countries; `otherThan`: only those of none of them (or of no country).
 * Neither: every publication (a country filter already chose the zone).
 */
export type CountrySpan = {
  countries?: readonly string[] | undefined;
  otherThan?: readonly string[] | undefined;
  from: string | null;
  until: string | null;
};

export type DateCriteria = {
  /** Only publications dated (calendared_at) at or after this instant. */
  startsFrom?: string | undefined;
  /** Only publications dated before this instant. */
  startsBefore?: string | undefined;
  /** Only what has not ended at this instant: its end at or after it. */
  endsFrom?: string | undefined;
  /** Only what ended before this instant. */
  endsBefore?: string | undefined;
  /** Only what overlaps one of these spans (a publication falls in at most one: the spans split the countries). */
  spans?: readonly CountrySpan[] | undefined;
};

export function hasDateCriteria(criteria: DateCriteria): boolean {
  return (
    criteria.startsFrom !== undefined ||
    criteria.startsBefore !== undefined ||
    criteria.endsFrom !== undefined ||
    criteria.endsBefore !== undefined ||
    criteria.spans !== undefined
  );
}

/** The end of the publications of alias `table`: its end, or its start without one. */
export function endOf(table: 'p' | 'd'): Expression<string | null> {
  return sql<
    string | null
  >`coalesce(${sql.ref(`${table}.calendared_until`)}, ${sql.ref(`${table}.calendared_at`)})`;
}

/** The date criteria on the publications of alias `table` (which must have the date columns). */
export function dateConditions(criteria: DateCriteria, table: 'p' | 'd'): Expression<SqlBool>[] {
  const start = sql.ref(`${table}.calendared_at`);
  const country = sql.ref(`${table}.location_country`);
  const end = endOf(table);
  // Said outright, so that both planners may read the agenda's partial index (migration 0023).
  const conditions: Expression<SqlBool>[] = [sql<SqlBool>`${start} is not null`];
  if (criteria.startsFrom !== undefined) conditions.push(sql<SqlBool>`${start} >= ${criteria.startsFrom}`);
  if (criteria.startsBefore !== undefined) conditions.push(sql<SqlBool>`${start} < ${criteria.startsBefore}`);
  if (criteria.endsFrom !== undefined) conditions.push(sql<SqlBool>`${end} >= ${criteria.endsFrom}`);
  if (criteria.endsBefore !== undefined) conditions.push(sql<SqlBool>`${end} < ${criteria.endsBefore}`);
  if (criteria.spans !== undefined) {
    const spans = criteria.spans.map((span) => {
      const parts: Expression<SqlBool>[] = [];
      if (span.countries !== undefined) parts.push(sql<SqlBool>`${country} in (${sql.join(span.countries)})`);
      if (span.otherThan !== undefined) {
        parts.push(sql<SqlBool>`(${country} is null or ${country} not in (${sql.join(span.otherThan)}))`);
      }
      if (span.until !== null) parts.push(sql<SqlBool>`${start} < ${span.until}`);
      if (span.from !== null) parts.push(sql<SqlBool>`${end} >= ${span.from}`);
      return parts.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
    });
    conditions.push(spans.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`(${sql.join(spans, sql` or `)})`);
  }
  return conditions;
}

/**
 * Whether a publication as the change log describes it may pass the date criteria. The log has no end (migration
 * 0016 logs `date` alone): an unknown end is any instant from the start on, so the answer errs towards "may pass",
 * which only costs a remembered value, never its exactness.
 */
export function mayPassDates(criteria: DateCriteria, state: PublicationState): boolean {
  if (!hasDateCriteria(criteria)) return true;
  const { date } = state;
  if (date === null) return false;
  const end = state.until === undefined ? undefined : (state.until ?? date);
  if (criteria.startsFrom !== undefined && date < criteria.startsFrom) return false;
  if (criteria.startsBefore !== undefined && date >= criteria.startsBefore) return false;
  if (criteria.endsFrom !== undefined && end !== undefined && end < criteria.endsFrom) return false;
  if (criteria.endsBefore !== undefined) {
    if (date >= criteria.endsBefore) return false;
    if (end !== undefined && end >= criteria.endsBefore) return false;
  }
  if (criteria.spans !== undefined) {
    return criteria.spans.some((span) => {
      if (
        span.countries !== undefined &&
        (state.country === null || !span.countries.includes(state.country))
      ) {
        return false;
      }
      if (span.otherThan !== undefined && state.country !== null && span.otherThan.includes(state.country)) {
        return false;
      }
      if (span.until !== null && date >= span.until) return false;
      return span.from === null || end === undefined || end >= span.from;
    });
  }
  return true;
}
