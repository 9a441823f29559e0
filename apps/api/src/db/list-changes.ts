import { sql } from 'kysely';
import { toCount } from './count.ts';
import type { DB } from './schema.ts';

// What each write to a list changed, as the triggers of migration 0016 log it next to the version they raise. A
// process that remembered answers at one version reads the changes up to the newer one and keeps what none of
// them can alter (VersionedCache); when some changes are no longer kept, it keeps nothing.

/** A publication as the change log describes it: what the lists filter and search on. */
export type PublicationState = {
  id: string;
  status: number;
  /** What the public sees: published, its author not suspended. */
  visible: boolean;
  author: string;
  typed: string;
  country: string | null;
  province: string | null;
  city: string | null;
  labels: string[];
  /** calendared_at (ISO), or null. */
  date: string | null;
  /** calendared_until (ISO) or null; absent: not logged (migration 0016 logs the start alone), so unknown. */
  until?: string | null;
  /** The search tokens of its title, labels and description (stems), separated by spaces. */
  words: string;
  /**
   * The point everyone sees (public_lat, public_lng), null when none; absent: not logged (changes logged before
   * migration 0031), so unknown.
   */
  lat?: number | null;
  lng?: number | null;
};

export type ListChange =
  | { kind: 'publication'; before: PublicationState | null; after: PublicationState | null }
  /** A publication's images. */
  | { kind: 'files'; id: string }
  /** What a card shows of an author: name, picture, phone, rating. */
  | { kind: 'author'; id: string }
  /** Anything may have changed. */
  | { kind: 'reset' };

type StoredState = Omit<PublicationState, 'visible'> & { visible: boolean | number };

function stateOf(stored: StoredState | null): PublicationState | null {
  if (stored === null) return null;
  return { ...stored, visible: stored.visible === true || stored.visible === 1, words: stored.words ?? '' };
}

/** A logged change, parsed; anything it cannot read is a reset. */
export function parseChange(text: string): ListChange {
  try {
    const change = JSON.parse(text) as {
      kind?: string;
      id?: string;
      before?: StoredState;
      after?: StoredState;
    };
    switch (change.kind) {
      case 'publication':
        return {
          kind: 'publication',
          before: stateOf(change.before ?? null),
          after: stateOf(change.after ?? null),
        };
      case 'files':
      case 'author':
        if (typeof change.id === 'string') return { kind: change.kind, id: change.id };
        return { kind: 'reset' };
      default:
        return { kind: 'reset' };
    }
  } catch {
    return { kind: 'reset' };
  }
}

/**
 * The changes of `list` after version `from` up to `to` included, in order, or null when some of them are no longer
 * kept. One statement reads them and the bound together, from one snapshot: a prune is seen whole or not at all, and
 * the list's requests, which wait for this read whenever the version moves, wait one round trip, not two.
 */
export async function readChanges(
  db: DB,
  list: string,
  from: number,
  to: number,
): Promise<ListChange[] | null> {
  const { rows } = await sql<{
    part: number;
    change: string | null;
    changes_from: string | number | bigint | null;
  }>`
    select 0 as part, id, change, null as changes_from from list_changes
      where list = ${list} and version > ${from} and version <= ${to}
    union all
    select 1 as part, null as id, null as change, changes_from from list_versions where list = ${list}
    order by part, id`.execute(db);
  const bound = rows.at(-1);
  if (bound === undefined || Number(bound.part) !== 1 || bound.changes_from === null) return null;
  if (toCount(bound.changes_from) > from + 1) return null;
  return rows.slice(0, -1).map((row) => parseChange(row.change ?? ''));
}

/**
 * The change reads of one database, shared by the caches of a process: each of them advancing from the same version
 * to the same newer one reads the log once.
 */
export class ChangeFeed {
  readonly #db: DB;
  readonly #list: string;
  readonly #recent = new Map<string, Promise<ListChange[] | null>>();

  constructor(db: DB, list: string) {
    this.#db = db;
    this.#list = list;
  }

  between(from: number, to: number): Promise<ListChange[] | null> {
    const key = `${from}:${to}`;
    let changes = this.#recent.get(key);
    if (changes === undefined) {
      changes = readChanges(this.#db, this.#list, from, to);
      this.#recent.set(key, changes);
      // A failed read is not kept; a few recent steps are, for the caches that advance a moment later.
      changes.catch(() => this.#recent.delete(key));
      if (this.#recent.size > 16) this.#recent.delete(this.#recent.keys().next().value as string);
    }
    return changes;
  }
}

/** How long logged changes are kept: a process that saw no version for longer starts afresh. */
export const LIST_CHANGES_KEPT_MS = 3_600_000;

/** Removes the changes older than `keptMs` and moves each list's bound past them; returns how many went. */
export async function pruneListChanges(db: DB, now: Date, keptMs = LIST_CHANGES_KEPT_MS): Promise<number> {
  const before = new Date(now.getTime() - keptMs).toISOString();
  return db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom('list_changes')
      .select((eb) => ['list', eb.fn.max('version').as('last')])
      .where('at', '<', before)
      .groupBy('list')
      .execute();
    let removed = 0;
    for (const { list, last } of old) {
      const through = toCount(last as string | number);
      const result = await trx
        .deleteFrom('list_changes')
        .where('list', '=', list)
        .where('version', '<=', through)
        .executeTakeFirst();
      removed += Number(result.numDeletedRows);
      await trx
        .updateTable('list_versions')
        .set({
          changes_from: sql<number>`case when changes_from > ${through + 1} then changes_from else ${through + 1} end`,
        })
        .where('list', '=', list)
        .execute();
    }
    return removed;
  });
}

const feeds = new WeakMap<DB, Map<string, ChangeFeed>>();

/** The one change feed of `list` on database `db`, shared by every cache of the process. */
export function changeFeedOf(db: DB, list: string): ChangeFeed {
  let lists = feeds.get(db);
  if (lists === undefined) {
    lists = new Map();
    feeds.set(db, lists);
  }
  let feed = lists.get(list);
  if (feed === undefined) {
    feed = new ChangeFeed(db, list);
    lists.set(list, feed);
  }
  return feed;
}
