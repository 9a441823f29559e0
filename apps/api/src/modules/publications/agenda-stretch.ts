import {
  addDays,
  COUNTRY_TIME_ZONES,
  DEFAULT_TIME_ZONE,
  localDayOf,
  PUBLISHED_STATUS,
  startOfLocalDay,
} from '@eco/domain';
import { sql, type RawBuilder } from 'kysely';
import { VersionedCache, type ChangeTracker } from '../../db/list-versions.ts';
import type { DB } from '../../db/schema.ts';
import { endOf } from './date-criteria.ts';
import type { ListDependencies } from './list-dependencies.ts';

// An agenda's answer at a minute (what has not ended, or with `past` what has, and each card's "ahora", "hoy 18:00",
// "mañana" said from its `asOf`) changes only when the clock reaches a start of a publication it may show, passes one's
// end, or reaches midnight in a country's zone (the quick periods' days, the cards' "hoy"). Between two such instants
// every minute has the same answer. So an agenda is computed for the first minute of the stretch around the current
// one: its criteria, and with them every key (the answer, its count, the dated searches' candidates), are the same
// through the stretch, and the next minutes find them kept instead of computing them again (decision 070; open=now
// keeps its answers between openings and closings the same way, decision 062).

const MINUTE_MS = 60_000;

/** The minutes `m` with `first <= m < until` (milliseconds): every one of them has the same agenda. */
export type AgendaStretch = { first: number; until: number };

type Probe = 'startBefore' | 'startAfter' | 'endBefore' | 'endAfter';

/**
 * The nearest start or end of a published publication of `typed` on either side of `at`: one probe of the agenda's
 * start or end index (migration 0034), whose first columns are the type and the status.
 */
function nearest(typed: string, at: string, probe: Probe): RawBuilder<string | null> {
  const value = probe === 'startBefore' || probe === 'startAfter' ? sql.ref('p.calendared_at') : endOf('p');
  const condition =
    probe === 'startBefore'
      ? sql`${value} <= ${at}`
      : probe === 'startAfter'
        ? sql`${value} > ${at}`
        : probe === 'endBefore'
          ? sql`${value} < ${at}`
          : sql`${value} >= ${at}`;
  const direction = probe === 'startBefore' || probe === 'endBefore' ? sql`desc` : sql`asc`;
  return sql<string | null>`(select ${value} from publications as p
    where p.typed = ${typed} and p.status = ${PUBLISHED_STATUS} and p.calendared_at is not null and ${condition}
    order by ${value} ${direction} limit 1)`;
}

/** The local midnights at or before `minute` and after it, in every zone a card or a period is said in. */
function midnightsAround(minute: Date): { before: number[]; after: number[] } {
  const zones = [...new Set([DEFAULT_TIME_ZONE, ...Object.values(COUNTRY_TIME_ZONES)])];
  const days = zones.map((zone) => ({ zone, day: localDayOf(zone, minute) }));
  return {
    before: days.map(({ zone, day }) => startOfLocalDay(zone, day).getTime()),
    after: days.map(({ zone, day }) => startOfLocalDay(zone, addDays(day, 1)).getTime()),
  };
}

const floorMinute = (instant: number) => Math.floor(instant / MINUTE_MS) * MINUTE_MS;
const ceilMinute = (instant: number) => Math.ceil(instant / MINUTE_MS) * MINUTE_MS;
const instantOf = (value: string | null) => (value === null ? null : Date.parse(value));

/** The nearest start and end on either side of `minute`: one row. */
export function agendaStretchProbes(typed: string, minute: Date): RawBuilder<Record<Probe, string | null>> {
  const at = minute.toISOString();
  return sql<Record<Probe, string | null>>`select
      ${nearest(typed, at, 'startBefore')} as "startBefore", ${nearest(typed, at, 'startAfter')} as "startAfter",
      ${nearest(typed, at, 'endBefore')} as "endBefore", ${nearest(typed, at, 'endAfter')} as "endAfter"`;
}

/**
 * The stretch around `minute` (a whole minute) through which an agenda of published `typed` publications answers the
 * same, in one statement of four index probes. A start belongs to the minutes from it on ("ahora"), an end to the
 * minutes up to it (still listed at its own minute), a midnight to the day it begins. Every published publication of
 * the type counts, not only an answer's matches: a write to one that cannot match leaves the answer as it is.
 */
export async function readAgendaStretch(db: DB, typed: string, minute: Date): Promise<AgendaStretch> {
  const { rows } = await agendaStretchProbes(typed, minute).execute(db);
  const row = rows[0];
  const midnights = midnightsAround(minute);
  const startBefore = instantOf(row?.startBefore ?? null);
  const endBefore = instantOf(row?.endBefore ?? null);
  const startAfter = instantOf(row?.startAfter ?? null);
  const endAfter = instantOf(row?.endAfter ?? null);
  const first = Math.max(
    ...midnights.before.map(ceilMinute),
    startBefore === null ? -Infinity : ceilMinute(startBefore),
    endBefore === null ? -Infinity : floorMinute(endBefore) + MINUTE_MS,
  );
  const until = Math.min(
    ...midnights.after,
    startAfter ?? Infinity,
    endAfter === null ? Infinity : endAfter + 1,
  );
  return { first, until };
}

/** The agendas a stretch serves: those of one category, whose cards say nothing else from the clock. */
export function hasStretches(typed: string | undefined): typed is string {
  // A recycling point's card says whether it is open at the list's minute (openingStatus): its agendas, and those of
  // every category together, stay computed for each minute.
  return typed !== undefined && typed !== 'dots';
}

/**
 * What a category's stretch depends on: its published publications that overlap it (they start before its end and end
 * from its first minute on), before or after a change. Only such a one may start or end inside it; a change to any
 * other leaves it as it is.
 */
function stretchDependencies(typed: string, { first, until }: AgendaStretch): ListDependencies {
  const filters = {
    status: 'published' as const,
    typed,
    startsBefore: new Date(until).toISOString(),
    endsFrom: new Date(first).toISOString(),
  };
  return { filters, searches: [[]], vocabulary: [] };
}

/** The first minute of an agenda's stretch, and what the stretch depends on (a URL's name for it depends on it too). */
export type AgendaClock = { first: Date; deps: ListDependencies };

/**
 * Each category's current stretch, kept at the list's version: a change that may move a start or an end inside it
 * drops it, on every process, and the next request reads it again after the version, as its answer is read.
 */
export class AgendaStretches {
  readonly #db: DB;
  readonly #kept: VersionedCache<AgendaStretch, ListDependencies>;

  constructor(db: DB, tracker: ChangeTracker<ListDependencies>) {
    this.#db = db;
    this.#kept = new VersionedCache<AgendaStretch, ListDependencies>(
      64,
      undefined,
      tracker,
      'agenda-stretches',
    );
  }

  /** The stretch of `typed`'s agendas around `minute` at `version`; none for the agendas that keep their minute. */
  async around(version: number, typed: string | undefined, minute: Date): Promise<AgendaClock | undefined> {
    if (!hasStretches(typed)) return undefined;
    const clockOf = (stretch: AgendaStretch) => ({
      first: new Date(stretch.first),
      deps: stretchDependencies(typed, stretch),
    });
    const at = minute.getTime();
    const kept = await this.#kept.peek(version, typed);
    if (kept !== undefined && kept.first <= at && at < kept.until) return clockOf(kept);
    // Requests of the same minute share one read; the stretch is then kept under the category for the next minutes.
    const read = this.#kept.get(version, `${typed} ${at}`, async () => {
      const value = await readAgendaStretch(this.#db, typed, minute);
      return { value, deps: stretchDependencies(typed, value) };
    });
    const stretch = await this.#kept.set(
      version,
      typed,
      read.then((value) => ({ value, deps: stretchDependencies(typed, value) })),
    );
    return clockOf(stretch);
  }
}
