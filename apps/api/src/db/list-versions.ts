import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { sql } from 'kysely';
import { cacheLookupsOf, type CacheLookups } from './cache-lookups.ts';
import type { ListChange } from './list-changes.ts';
import { toCount } from './count.ts';
import { freshReads } from './fresh-reads.ts';
import type { DB } from './schema.ts';
import { sqliteConnectionOf } from './sqlite-dialect.ts';

// What a process may remember about a list (its counts, its spelling corrections) is valid only as long as the
// list's version, raised by the database in the same transaction as every write (migration 0007), is the one read
// before computing it. Read the version first, compute second: a value computed from newer rows than its version
// is only ever served to requests that read that older version, never after the write's answer.

/**
 * The version read of each list through Kysely, per database (or transaction): the query compiled once (it runs on
 * every list request), its concurrent reads shared (fresh-reads.ts).
 */
const versionReads = new WeakMap<DB, Map<string, () => Promise<number>>>();

function versionRead(db: DB, list: string): () => Promise<number> {
  let reads = versionReads.get(db);
  if (reads === undefined) {
    reads = new Map();
    versionReads.set(db, reads);
  }
  let read = reads.get(list);
  if (read === undefined) {
    // The list's name written into the statement (one of ours, never a visitor's): a statement without parameters
    // goes to PostgreSQL as one simple query, not parse, bind and execute, and every list request sends it (about
    // 40 % less of this process's time per read, and ~50 % more reads a second on four connections, measured).
    const query = db
      .selectFrom('list_versions')
      .select('version')
      .where('list', '=', sql.lit(list))
      .compile();
    read = freshReads(async () => versionOf((await db.executeQuery(query)).rows[0]?.version, list));
    reads.set(list, read);
  }
  return read;
}

/** The version statement of each SQLite connection, prepared once. */
const versionStatements = new WeakMap<DatabaseSync, StatementSync>();

function versionStatement(database: DatabaseSync): StatementSync {
  let statement = versionStatements.get(database);
  if (statement === undefined) {
    statement = database.prepare('select version from list_versions where list = ?');
    // A row as an array: no object (and no hidden class) made for it on every read.
    statement.setReturnArrays(true);
    versionStatements.set(database, statement);
  }
  return statement;
}

function versionOf(version: string | number | bigint | undefined, list: string): number {
  if (version === undefined) throw new Error(`No version row for the list ${list}`);
  return toCount(version);
}

/**
 * The current version of a list (a table registered in list_versions). It runs on every list request, the
 * remembered answers' included, so on SQLite it is one prepared statement run on the connection itself, without
 * Kysely's query pipeline (its promises and connection lock cost about as much again as the statement), whenever
 * that reads what a Kysely query would (sqlite-dialect.ts: no transaction or iteration open on the connection);
 * otherwise, and on PostgreSQL, through Kysely, which waits for the connection, the reads asked in one turn of the
 * event loop while others were out sharing one query (fresh-reads.ts).
 */
export async function readListVersion(db: DB, list: string): Promise<number> {
  const connection = sqliteConnectionOf(db);
  if (connection?.readsCommitted() === true) {
    const row = versionStatement(connection.database).get(list) as unknown as [number | bigint] | undefined;
    return versionOf(row?.[0], list);
  }
  return versionRead(db, list)();
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

/** How a cache keeps entries across versions: the changes between two versions, and what a change alters. */
export type ChangeTracker<D, V = never> = {
  changes: (from: number, to: number) => Promise<readonly ListChange[] | null>;
  /** Whether `change` may alter a value computed with dependencies `deps`. */
  affects: (deps: D, change: ListChange) => boolean;
  /**
   * Whether a value that `change` alters may still be computed again from its dependencies (they are its hint): a
   * near-me page whose order the change cannot alter keeps its ids, only its total and cards are read again.
   */
  keepsHint?: (deps: D, change: ListChange) => boolean;
  /**
   * The value after `change`, worked out from the value before it when that is exact (a count of filters the logged
   * states decide: plus or minus the publication), else undefined: the value is then dropped (or kept as a hint).
   */
  patch?(deps: D, value: V, change: ListChange): V | undefined;
};

/** A `stale` entry is never served: its dependencies are kept as the hint of its next computation. */
type Entry<V, D> = {
  value: Promise<V>;
  /** The value once computed (settled), for the tracker's patch. */
  resolved?: V;
  bytes: number;
  deps: D | undefined;
  settled: boolean;
  stale: boolean;
};

/**
 * Values computed at one version of a list. Seeing a newer version, the cache keeps the entries that no change in
 * between can alter, when it has a tracker and the entry its dependencies (the changes are read once, before any
 * value is served at the newer version), and drops the others, but for those whose dependencies the tracker keeps as
 * the hint of their next computation (stale: never served, computed again on the next request, from the hint). A
 * request that read an older version is answered with what the cache holds, else computes without keeping.
 * Concurrent requests for the same key share one computation. At most `capacity` keys and `maxBytes` (keys and
 * resolved values as `estimatedBytes` counts them), the least recently used dropped first.
 */
export class VersionedCache<V, D = never> {
  #version = -1;
  /** The newer version being moved to, while its changes are read. */
  #advancing: { to: number; done: Promise<void> } | undefined;
  readonly #entries = new Map<string, Entry<V, D>>();
  #bytes = 0;
  readonly #capacity: number;
  readonly #maxBytes: number;
  readonly #tracker: ChangeTracker<D, V> | undefined;
  readonly #lookups: CacheLookups | undefined;
  readonly #sizeOf: (value: V) => number;

  /**
   * A cache with a `name` counts its hits and misses (cache-lookups.ts, reported at /metrics). `sizeOf` estimates a
   * value's bytes where walking it (estimatedBytes) would cost too much: tens of thousands of objects.
   */
  constructor(
    capacity: number,
    maxBytes = VERSIONED_CACHE_BYTES,
    tracker?: ChangeTracker<D, V>,
    name?: string,
    sizeOf: (value: V) => number = estimatedBytes,
  ) {
    this.#capacity = capacity;
    this.#maxBytes = maxBytes;
    this.#tracker = tracker;
    this.#lookups = name === undefined ? undefined : cacheLookupsOf(name);
    this.#sizeOf = sizeOf;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The estimated bytes held. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Whether values of `version` may be read and kept, once the cache has moved to it. */
  async #at(version: number): Promise<boolean> {
    for (;;) {
      const advancing = this.#advancing;
      if (advancing === undefined) break;
      if (version < advancing.to) return false;
      await advancing.done;
    }
    if (version === this.#version) return true;
    if (version < this.#version) return false;
    const from = this.#version;
    const done = this.#advance(from, version).finally(() => {
      if (this.#advancing?.done === done) this.#advancing = undefined;
    });
    this.#advancing = { to: version, done };
    await done;
    return this.#version === version;
  }

  async #advance(from: number, to: number): Promise<void> {
    const tracker = this.#tracker;
    let changes: readonly ListChange[] | null = null;
    if (tracker !== undefined && from >= 0 && this.#entries.size > 0) {
      // A failed read keeps nothing, as when the changes are no longer kept.
      changes = await tracker.changes(from, to).catch(() => null);
    }
    for (const [key, entry] of this.#entries) {
      const deps = entry.deps;
      if (changes === null || tracker === undefined || !entry.settled || deps === undefined) {
        this.#delete(key);
      } else if (entry.stale || changes.some((change) => tracker.affects(deps, change))) {
        const patched = entry.stale ? undefined : this.#patched(entry as Entry<V, D> & { deps: D }, changes);
        const { keepsHint } = tracker;
        if (patched !== undefined) {
          entry.value = Promise.resolve(patched.value);
          entry.resolved = patched.value;
        } else if (keepsHint !== undefined && changes.every((change) => keepsHint(deps, change))) {
          entry.stale = true;
        } else this.#delete(key);
      }
    }
    this.#version = to;
  }

  /** The entry's value after `changes`, each that alters it patched by the tracker; undefined when one cannot be. */
  #patched(entry: Entry<V, D> & { deps: D }, changes: readonly ListChange[]): { value: V } | undefined {
    const tracker = this.#tracker;
    if (tracker?.patch === undefined || !('resolved' in entry)) return undefined;
    let value = entry.resolved as V;
    for (const change of changes) {
      if (!tracker.affects(entry.deps, change)) continue;
      const next = tracker.patch(entry.deps, value, change);
      if (next === undefined) return undefined;
      value = next;
    }
    return { value };
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

  /**
   * Whether entries may be used for `version` now: the cache is at it and not moving on. Checked right before any
   * entry is read or written, after the last await (another request may have moved the cache meanwhile).
   */
  #isAt(version: number): boolean {
    return this.#version === version && this.#advancing === undefined;
  }

  #touch(key: string): Entry<V, D> | undefined {
    const entry = this.#entries.get(key);
    if (entry !== undefined) {
      // Most recently used last: Map keeps insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  #store(key: string, computed: Promise<{ value: V; deps?: D }>): Promise<V> {
    this.#delete(key);
    const value = computed.then((result) => result.value);
    const entry: Entry<V, D> = {
      value,
      bytes: ENTRY_OVERHEAD_BYTES + estimatedBytes(key),
      deps: undefined,
      settled: false,
      stale: false,
    };
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    this.#evict();
    computed.then(
      (result) => {
        if (this.#entries.get(key) !== entry) return;
        entry.deps = result.deps;
        entry.resolved = result.value;
        entry.settled = true;
        const bytes =
          this.#sizeOf(result.value) + (result.deps === undefined ? 0 : estimatedBytes(result.deps));
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

  /**
   * The entry of `key` for a request that read `version`, when the cache may answer it: at that version, or at a
   * newer one it has moved to. Every entry is valid at the cache's version (a change that may alter it dropped it), so
   * a request that read an older version gets a value as new as the writes acknowledged before it started, or newer,
   * as it would have a moment later; computing it again would only read the same rows (decision 044: rare, since
   * the requests that arrive together share their version read, but each such miss was a whole computation).
   */
  #answerable(version: number, key: string): Entry<V, D> | undefined {
    return version <= this.#version ? this.#fresh(this.#touch(key)) : undefined;
  }

  /** The entry when it may be served (not stale). */
  #fresh(entry: Entry<V, D> | undefined): Entry<V, D> | undefined {
    return entry?.stale === true ? undefined : entry;
  }

  /** The value of `key` at `version`, if known (or being computed). */
  async peek(version: number, key: string): Promise<V | undefined> {
    if (!(await this.#at(version))) {
      const entry = this.#answerable(version, key);
      if (entry !== undefined && this.#lookups !== undefined) this.#lookups.hits += 1;
      return entry?.value;
    }
    if (!this.#isAt(version)) return undefined;
    const entry = this.#fresh(this.#touch(key));
    // Only hits: a peek that finds nothing is followed by a get, which counts the miss.
    if (entry !== undefined && this.#lookups !== undefined) this.#lookups.hits += 1;
    return entry?.value;
  }

  /**
   * Remembers the value `computed` gives for `key` at `version`, with what it depends on (kept across versions only
   * with its dependencies); a failed computation is forgotten.
   */
  async set(version: number, key: string, computed: Promise<{ value: V; deps?: D }>): Promise<V> {
    if (!(await this.#at(version)) || !this.#isAt(version)) return (await computed).value;
    return this.#store(key, computed);
  }

  /**
   * The value of `key` at `version`, computed once (with its dependencies, when the cache has a tracker). `compute`
   * gets the dependencies of the value the changes since made stale, when the tracker kept them as its hint.
   */
  async get(
    version: number,
    key: string,
    compute: (hint?: D) => Promise<{ value: V; deps?: D }>,
  ): Promise<V> {
    if (!(await this.#at(version)) || !this.#isAt(version)) {
      // Answered from a newer version when the cache has the key; a value computed now is kept nowhere.
      const entry = this.#answerable(version, key);
      if (this.#lookups !== undefined) {
        if (entry === undefined) this.#lookups.misses += 1;
        else this.#lookups.hits += 1;
      }
      return entry?.value ?? (await compute()).value;
    }
    const found = this.#touch(key);
    const entry = this.#fresh(found);
    if (this.#lookups !== undefined) {
      if (entry === undefined) this.#lookups.misses += 1;
      else this.#lookups.hits += 1;
    }
    return entry?.value ?? this.#store(key, compute(found?.deps));
  }
}
