import { COUNTRY_TIME_ZONES, weekMinuteOf } from '@eco/domain';
import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { MINUTES_PER_WEEK } from './place-columns.ts';

// open=now keeps the recycling points open at the request's minute of the week. Which points those are changes only
// when that minute reaches an opening or a closing minute of some point: between two such boundaries every minute has
// the same answer. So an answer is kept for the interval around its minute where no boundary falls, read with it,
// not for its minute alone (decision 062): the next minutes find it without computing it again.

/** The minute of the local week (Sunday 00:00 is 0) in each country. */
export type OpenMinutes = { arg: number; col: number };

/** Minutes of the week from `from` (included) to `until` (excluded). */
export type WeekInterval = readonly [from: number, until: number];

/** In each country, the interval around its minute where no opening or closing boundary falls. */
export type OpenIntervals = { arg: WeekInterval; col: WeekInterval };

/** The minute of the local week in each country at `minute`. */
export function openMinutesAt(minute: Date): OpenMinutes {
  return {
    arg: weekMinuteOf(COUNTRY_TIME_ZONES.arg ?? '', minute),
    col: weekMinuteOf(COUNTRY_TIME_ZONES.col ?? '', minute),
  };
}

type BoundaryColumn = 'opens_at' | 'closes_at';

/** The nearest boundary of `column` at or before `minute` (`before`), or after it: one probe of its index. */
function nearest(column: BoundaryColumn, minute: number, before: boolean): RawBuilder<number | null> {
  const ref = sql.ref(column);
  return before
    ? sql<number | null>`(select ${ref} from publication_opening_ranges where ${ref} <= ${minute}
        order by ${ref} desc limit 1)`
    : sql<number | null>`(select ${ref} from publication_opening_ranges where ${ref} > ${minute}
        order by ${ref} limit 1)`;
}

function intervalOf(from: (number | null)[], until: (number | null)[]): WeekInterval {
  const numbers = (values: (number | null)[]) =>
    values.flatMap((value) => (value === null ? [] : [Number(value)]));
  return [Math.max(0, ...numbers(from)), Math.min(MINUTES_PER_WEEK, ...numbers(until))];
}

/**
 * The intervals around each country's minute where no point opens or closes, in one statement of eight index probes
 * (migration 0043). Every point's boundaries count, not only those of an answer's matches: its interval is then
 * never longer than its own, and a write to a point that does not match cannot change it.
 */
export async function readOpenIntervals(db: DB, at: OpenMinutes): Promise<OpenIntervals> {
  const { rows } = await sql<Record<string, number | null>>`select
      ${nearest('opens_at', at.arg, true)} as ao, ${nearest('closes_at', at.arg, true)} as ac,
      ${nearest('opens_at', at.arg, false)} as an, ${nearest('closes_at', at.arg, false)} as acn,
      ${nearest('opens_at', at.col, true)} as co, ${nearest('closes_at', at.col, true)} as cc,
      ${nearest('opens_at', at.col, false)} as cn, ${nearest('closes_at', at.col, false)} as ccn`.execute(db);
  const row = rows[0] ?? {};
  const value = (name: string) => row[name] ?? null;
  return {
    arg: intervalOf([value('ao'), value('ac')], [value('an'), value('acn')]),
    col: intervalOf([value('co'), value('cc')], [value('cn'), value('ccn')]),
  };
}

function holds([from, until]: WeekInterval, minute: number): boolean {
  return from <= minute && minute < until;
}

/**
 * The intervals each open=now answer was kept under, by its key without the minute: a request at a later minute finds
 * the key of an answer that holds for it without reading the boundaries. An interval found here is valid as long as
 * its answer is kept: the cache drops the answer on any write to a publication that may match it, which is the only
 * kind of write that can move a boundary inside it.
 */
export class OpenNowKeys {
  readonly #byBase = new Map<string, OpenIntervals[]>();
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  /** The key of a kept interval of `base` that holds `at`, if any. */
  at(base: string, at: OpenMinutes): string | undefined {
    const intervals = this.#byBase.get(base);
    const found = intervals?.find((one) => holds(one.arg, at.arg) && holds(one.col, at.col));
    return found === undefined ? undefined : keyOf(base, found);
  }

  /** The key of `base` for `intervals`, remembered (the latest few intervals of each base, the latest bases). */
  add(base: string, intervals: OpenIntervals): string {
    const kept = (this.#byBase.get(base) ?? []).filter((one) => keyOf(base, one) !== keyOf(base, intervals));
    this.#byBase.delete(base);
    this.#byBase.set(base, [intervals, ...kept].slice(0, INTERVALS_PER_BASE));
    if (this.#byBase.size > this.#capacity) {
      const oldest = this.#byBase.keys().next();
      if (oldest.done !== true) this.#byBase.delete(oldest.value);
    }
    return keyOf(base, intervals);
  }
}

/** A base's intervals kept: a day's few boundaries crossed while its answer is kept. */
const INTERVALS_PER_BASE = 4;

function keyOf(base: string, { arg, col }: OpenIntervals): string {
  return `${base} open ${arg[0]}-${arg[1]} ${col[0]}-${col[1]}`;
}
