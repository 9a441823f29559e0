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
  /** Only the lasting ones, which end two day numbers or more after they start (`lastingOf`): an arm of `byStart`. */
  lasting?: true | undefined;
  /**
   * Every candidate starts at or after every lower bound of its end (`endsFrom`, the spans' `from`): those bounds hold
   * of themselves, since an end is never before its start (`publicationSchema`), and are left out, so that the
   * planners estimate a range of the start index alone (the last arm of `byStart`).
   */
  endsImplied?: true | undefined;
  /**
   * SQLite, with a category (every agenda index begins with it): the bounds of the start are written so that no index
   * reads them (`+calendared_at`), and the planner reads the arm from the index its other conditions choose: the
   * lasting arm from migration 0039's partial index, a count of a province (or a city) named with its country from
   * the place index. With statistics sampled by `analysis_limit` (every leading column then looks like a thousand
   * rows), SQLite took the start index's range instead: every event begun before the arm, or every one still to come
   * in both countries, against the few that can match (decision 069).
   */
  startOffIndex?: true | undefined;
};

/** A day in milliseconds: a publication that is not lasting ends less than two of them after it starts. */
const DAY_MS = 86_400_000;

/**
 * The day number of an ISO instant's UTC date, counted as if every month had 31 days and every year 372: it grows by
 * at least one from each day to the next, so two dates' difference is never less than their days apart. Plain
 * integer arithmetic on the text, written the same on both dialects, and immutable, as PostgreSQL's partial indexes
 * require (its casts of text to a date or a time are not).
 */
function dayNumber(column: Expression<string | null>): Expression<number> {
  const part = (from: number, length: number) =>
    sql`cast(substr(${column}, ${sql.lit(from)}, ${sql.lit(length)}) as integer)`;
  return sql<number>`(${part(1, 4)} * 372 + ${part(6, 2)} * 31 + ${part(9, 2)})`;
}

/**
 * The publications of alias `table` that end two day numbers or more after they start: migration 0039's partial
 * index holds exactly these (the same text). Every publication that ends more than 48 hours after it starts is one
 * (its UTC dates are at least two days apart); a few shorter ones that cross a month's end are too.
 */
export function lastingOf(table: 'p' | 'd'): Expression<SqlBool> {
  const start = sql.ref<string>(`${table}.calendared_at`);
  const until = sql.ref<string | null>(`${table}.calendared_until`);
  return sql<SqlBool>`(${until} is not null and ${dayNumber(until)} - ${dayNumber(start)} >= 2)`;
}

/**
 * The criteria with their spans' outer bounds said outright beside them: every match ends at or after the earliest
 * span's first instant (`endsFrom`) and starts before the latest span's last (`startsBefore`). The same matches, but
 * the planners read a range of an index from these, while the conditions ORed per country led PostgreSQL to OR two
 * bitmap scans and read the table's pages (a past month's 34,000 events at 1,000,000 publications: 260 ms instead of
 * an index-only walk).
 */
export function withSpanBounds<C extends DateCriteria>(criteria: C): C {
  const spans = criteria.spans ?? [];
  if (spans.length === 0) return criteria;
  const froms = spans.map((span) => span.from);
  const untils = spans.map((span) => span.until);
  const from = froms.includes(null) ? undefined : (froms as string[]).sort()[0];
  const until = untils.includes(null) ? undefined : (untils as string[]).sort().at(-1);
  return {
    ...criteria,
    endsFrom: later(criteria.endsFrom, from),
    startsBefore: earlier(criteria.startsBefore, until),
  };
}

const later = (a: string | undefined, b: string | undefined) =>
  a === undefined || (b !== undefined && a < b) ? b : a;
const earlier = (a: string | undefined, b: string | undefined) =>
  a === undefined || (b !== undefined && a > b) ? b : a;

/**
 * The matches of criteria that bound their end from below (an agenda, a period, a range), as three disjoint arms by
 * start, each a range of one index:
 * - what started more than two days before the earliest bound yet has not ended by then, which can only be a lasting
 *   one (the small partial index of migration 0039);
 * - what started from two days before it until the latest bound (of the countries' spans), its end checked;
 * - what starts from the latest bound on, which ends after every bound without checking it (`endsImplied`).
 * Read whole, the start index walked every dated entry from the earliest still under way, the past month and more
 * (decision 032). With the end checked in the last arm too, PostgreSQL took both bounds for independent and expected
 * a few dozen matches where thousands were, so it read them all from the end index and sorted them for a deep page
 * (decision 045, amended). The arms come in start order. Undefined when nothing bounds the end.
 */
export function byStart<C extends DateCriteria>(criteria: C): [earlier: C, recent: C, later: C] | undefined {
  const bounded = withSpanBounds(criteria);
  if (bounded.endsFrom === undefined) return undefined;
  const split = new Date(Date.parse(bounded.endsFrom) - 2 * DAY_MS).toISOString();
  const latest = (bounded.spans ?? []).reduce<string>(
    (bound, span) => later(bound, span.from ?? undefined) ?? bound,
    bounded.endsFrom,
  );
  return [
    { ...bounded, startsBefore: earlier(bounded.startsBefore, split), lasting: true, startOffIndex: true },
    {
      ...bounded,
      startsFrom: later(bounded.startsFrom, split),
      startsBefore: earlier(bounded.startsBefore, latest),
    },
    { ...bounded, startsFrom: later(bounded.startsFrom, latest), endsImplied: true },
  ];
}

/** The criteria without their dates: what the indexes of other filters (bitmaps, full-text facets) can answer. */
export function withoutDates<C extends DateCriteria>(criteria: C): C {
  return {
    ...criteria,
    startsFrom: undefined,
    startsBefore: undefined,
    endsFrom: undefined,
    endsBefore: undefined,
    spans: undefined,
  };
}

export function hasDateCriteria(criteria: DateCriteria): boolean {
  return (
    criteria.startsFrom !== undefined ||
    criteria.startsBefore !== undefined ||
    criteria.endsFrom !== undefined ||
    criteria.endsBefore !== undefined ||
    criteria.spans !== undefined ||
    criteria.lasting !== undefined
  );
}

/** The end of the publications of alias `table`: its end, or its start without one. */
export function endOf(table: 'p' | 'd'): Expression<string | null> {
  return sql<
    string | null
  >`coalesce(${sql.ref(`${table}.calendared_until`)}, ${sql.ref(`${table}.calendared_at`)})`;
}

/** The date criteria on the publications of alias `table` (which must have the date columns). */
export function dateConditions(
  criteria: DateCriteria,
  table: 'p' | 'd',
  /** SQLite only (PostgreSQL has no unary plus for text): the start's bounds kept off every index. */
  startOffIndex = false,
): Expression<SqlBool>[] {
  const column = sql.ref<string>(`${table}.calendared_at`);
  const start = startOffIndex ? sql<string>`+${column}` : column;
  const country = sql.ref(`${table}.location_country`);
  const end = endOf(table);
  // Said outright, so that both planners may read the agenda's partial index (migration 0023).
  const conditions: Expression<SqlBool>[] = [sql<SqlBool>`${column} is not null`];
  if (criteria.startsFrom !== undefined) conditions.push(sql<SqlBool>`${start} >= ${criteria.startsFrom}`);
  if (criteria.startsBefore !== undefined) conditions.push(sql<SqlBool>`${start} < ${criteria.startsBefore}`);
  if (criteria.endsFrom !== undefined && criteria.endsImplied === undefined)
    conditions.push(sql<SqlBool>`${end} >= ${criteria.endsFrom}`);
  if (criteria.endsBefore !== undefined) conditions.push(sql<SqlBool>`${end} < ${criteria.endsBefore}`);
  if (criteria.lasting !== undefined) conditions.push(lastingOf(table));
  if (criteria.spans !== undefined) {
    const spans = criteria.spans.map((span) => {
      const parts: Expression<SqlBool>[] = [];
      if (span.countries !== undefined) parts.push(sql<SqlBool>`${country} in (${sql.join(span.countries)})`);
      if (span.otherThan !== undefined) {
        parts.push(sql<SqlBool>`(${country} is null or ${country} not in (${sql.join(span.otherThan)}))`);
      }
      if (span.until !== null) parts.push(sql<SqlBool>`${start} < ${span.until}`);
      if (span.from !== null && criteria.endsImplied === undefined)
        parts.push(sql<SqlBool>`${end} >= ${span.from}`);
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
