import { toCount } from './count.ts';
import type { DB } from './schema.ts';

// What a process may remember about a list (its counts, its spelling corrections) is valid only as long as the
// list's version, raised by the database in the same transaction as every write (migration 0007), is the one read
// before computing it. Read the version first, compute second: a value computed from newer rows than its version
// is only ever served to requests that read that older version, never after the write's answer.

/** The current version of a list (a table registered in list_versions). */
export async function readListVersion(db: DB, list: string): Promise<number> {
  const row = await db
    .selectFrom('list_versions')
    .select('version')
    .where('list', '=', list)
    .executeTakeFirst();
  if (row === undefined) throw new Error(`No version row for the list ${list}`);
  return toCount(row.version);
}

/** A bound on what a cache holds besides its number of keys: the summed weight (bytes, say) of its values. */
export type WeightLimit<V> = { maxWeight: number; weigh: (value: V) => number };

/**
 * Values computed at one version of a list, dropped as soon as a newer version is seen. Concurrent requests for
 * the same key share one computation. At most `capacity` keys (and, with a weight limit, at most that summed
 * weight of computed values), the least recently used dropped first.
 */
export class VersionedCache<V> {
  #version = -1;
  readonly #entries = new Map<string, Promise<V>>();
  readonly #weights = new Map<string, number>();
  #weight = 0;
  readonly #capacity: number;
  readonly #limit: WeightLimit<V> | undefined;

  constructor(capacity: number, limit?: WeightLimit<V>) {
    this.#capacity = capacity;
    this.#limit = limit;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The summed weight of the computed values held (0 without a weight limit). */
  get weight(): number {
    return this.#weight;
  }

  /** Whether values of `version` may be kept: a request that read an older version computes without them. */
  #current(version: number): boolean {
    if (version > this.#version) {
      this.#entries.clear();
      this.#weights.clear();
      this.#weight = 0;
      this.#version = version;
    }
    return version === this.#version;
  }

  #delete(key: string): void {
    this.#entries.delete(key);
    this.#weight -= this.#weights.get(key) ?? 0;
    this.#weights.delete(key);
  }

  #evictOldest(): void {
    const oldest = this.#entries.keys().next();
    if (oldest.done !== true) this.#delete(oldest.value);
  }

  /** The value of `key` at `version`, if known (or being computed). */
  peek(version: number, key: string): Promise<V> | undefined {
    if (!this.#current(version)) return undefined;
    const entry = this.#entries.get(key);
    if (entry !== undefined) {
      // Most recently used last: Map keeps insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  /** Remembers `value` for `key` at `version`; a failed computation is forgotten. */
  set(version: number, key: string, value: Promise<V>): Promise<V> {
    if (!this.#current(version)) return value;
    this.#delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#capacity) this.#evictOldest();
    value.then(
      (computed) => {
        const limit = this.#limit;
        if (limit === undefined || this.#entries.get(key) !== value) return;
        const weight = limit.weigh(computed);
        this.#weights.set(key, weight);
        this.#weight += weight;
        while (this.#weight > limit.maxWeight && this.#entries.size > 0) this.#evictOldest();
      },
      () => {
        if (this.#entries.get(key) === value) this.#delete(key);
      },
    );
    return value;
  }

  /** The value of `key` at `version`, computed once. */
  get(version: number, key: string, compute: () => Promise<V>): Promise<V> {
    return this.peek(version, key) ?? this.set(version, key, compute());
  }
}
