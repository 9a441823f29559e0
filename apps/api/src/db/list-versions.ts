import type { CompiledQuery } from 'kysely';
import { toCount } from './count.ts';
import type { DB } from './schema.ts';

// What a process may remember about a list (its counts, its spelling corrections) is valid only as long as the
// list's version, raised by the database in the same transaction as every write (migration 0007), is the one read
// before computing it. Read the version first, compute second: a value computed from newer rows than its version
// is only ever served to requests that read that older version, never after the write's answer.

/** The version query of each list, compiled once per database: it runs on every list request. */
const versionQueries = new WeakMap<DB, Map<string, CompiledQuery<{ version: string | number | bigint }>>>();

function versionQuery(db: DB, list: string): CompiledQuery<{ version: string | number | bigint }> {
  let queries = versionQueries.get(db);
  if (queries === undefined) {
    queries = new Map();
    versionQueries.set(db, queries);
  }
  let query = queries.get(list);
  if (query === undefined) {
    query = db.selectFrom('list_versions').select('version').where('list', '=', list).compile();
    queries.set(list, query);
  }
  return query;
}

/** The current version of a list (a table registered in list_versions). */
export async function readListVersion(db: DB, list: string): Promise<number> {
  const { rows } = await db.executeQuery(versionQuery(db, list));
  const row = rows[0];
  if (row === undefined) throw new Error(`No version row for the list ${list}`);
  return toCount(row.version);
}

/** Bytes each cache may hold (estimated): the three caches of the publications list stay under 24 MB of heap. */
export const VERSIONED_CACHE_BYTES = 8 * 1024 * 1024;
/**
 * The Map entry, the promise and its reactions: 45,000 entries like the list's took 66.6 MB of heap, 900 bytes
 * each beyond the estimate of their key and value.
 */
const ENTRY_OVERHEAD_BYTES = 900;

/**
 * What a value takes in memory, roughly: strings at two bytes a character, bytes as their length, 32 bytes per array
 * or object.
 */
export function estimatedBytes(value: unknown): number {
  if (typeof value === 'string') return 32 + 2 * value.length;
  // Bytes (the list's remembered answers) are counted as they are, not element by element.
  if (ArrayBuffer.isView(value)) return 96 + value.byteLength;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + estimatedBytes(item), 32);
  if (value !== null && typeof value === 'object') return estimatedBytes(Object.values(value));
  return 16;
}

/**
 * Values computed at one version of a list, dropped as soon as a newer version is seen. Concurrent requests for
 * the same key share one computation. At most `capacity` keys and `maxBytes` (keys and resolved values as
 * `estimatedBytes` counts them), the least recently used dropped first.
 */
export class VersionedCache<V> {
  #version = -1;
  readonly #entries = new Map<string, { value: Promise<V>; bytes: number }>();
  #bytes = 0;
  readonly #capacity: number;
  readonly #maxBytes: number;

  constructor(capacity: number, maxBytes = VERSIONED_CACHE_BYTES) {
    this.#capacity = capacity;
    this.#maxBytes = maxBytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The estimated bytes held. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Whether values of `version` may be kept: a request that read an older version computes without them. */
  #current(version: number): boolean {
    if (version > this.#version) {
      this.#entries.clear();
      this.#bytes = 0;
      this.#version = version;
    }
    return version === this.#version;
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  #evict(): void {
    while (this.#entries.size > this.#capacity || this.#bytes > this.#maxBytes) {
      const oldest = this.#entries.keys().next();
      if (oldest.done === true) return;
      this.#delete(oldest.value);
    }
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
    return entry?.value;
  }

  /** Remembers `value` for `key` at `version`; a failed computation is forgotten. */
  set(version: number, key: string, value: Promise<V>): Promise<V> {
    if (!this.#current(version)) return value;
    this.#delete(key);
    const entry = { value, bytes: ENTRY_OVERHEAD_BYTES + estimatedBytes(key) };
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    this.#evict();
    value.then(
      (resolved) => {
        if (this.#entries.get(key) !== entry) return;
        const bytes = estimatedBytes(resolved);
        entry.bytes += bytes;
        this.#bytes += bytes;
        this.#evict();
      },
      () => {
        if (this.#entries.get(key) === entry) this.#delete(key);
      },
    );
    return value;
  }

  /** The value of `key` at `version`, computed once. */
  get(version: number, key: string, compute: () => Promise<V>): Promise<V> {
    return this.peek(version, key) ?? this.set(version, key, compute());
  }
}
