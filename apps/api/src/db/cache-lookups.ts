/** How often a named cache had what was asked (hit) or had to compute it (miss), since the process started. */
export type CacheLookups = { hits: number; misses: number };

// Per process, by cache name (every app of a test process adds to the same names): what /metrics reports.
const lookups = new Map<string, CacheLookups>();

/** The counters of the cache `name`, created at zero on first use. */
export function cacheLookupsOf(name: string): CacheLookups {
  let counts = lookups.get(name);
  if (counts === undefined) {
    counts = { hits: 0, misses: 0 };
    lookups.set(name, counts);
  }
  return counts;
}

/** Every named cache's counters. */
export function allCacheLookups(): ReadonlyMap<string, Readonly<CacheLookups>> {
  return lookups;
}
