import { describe, expect, it } from 'vitest';
import type { ListChange } from '../src/db/list-changes.ts';
import { estimatedBytes, VersionedCache, type ChangeTracker } from '../src/db/list-versions.ts';

// What a process remembers of a list: computed once per key, bounded by keys and by an estimate of bytes, and at a
// newer version kept only when its dependencies say that no change in between can alter it.

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const ids = (count: number) => Array.from({ length: count }, (_, index) => `publication-${index}`);
const plain = <V>(value: V) => Promise.resolve({ value });

/** A tracker over a log held in memory: version → its changes; an entry depends on the ids it names. */
function trackerOf(log: Map<number, ListChange[]>, reads: number[][]): ChangeTracker<string[]> {
  return {
    async changes(from, to) {
      reads.push([from, to]);
      const changes: ListChange[] = [];
      for (let version = from + 1; version <= to; version++) {
        const logged = log.get(version);
        if (logged === undefined) return null;
        changes.push(...logged);
      }
      return changes;
    },
    affects: (deps, change) =>
      change.kind === 'reset' || (change.kind === 'files' && deps.includes(change.id)),
  };
}

describe('VersionedCache', () => {
  it('computes once per key and version, and forgets everything at a newer version without a tracker', async () => {
    const cache = new VersionedCache<string>(10);
    let computed = 0;
    const compute = async () => ({ value: `value ${++computed}` });
    expect(await cache.get(1, 'a', compute)).toBe('value 1');
    expect(await cache.get(1, 'a', compute)).toBe('value 1');
    expect(await cache.get(2, 'a', compute)).toBe('value 2');
    // A request that read an older version gets the newer value the cache holds (it began before that write was
    // acknowledged: it may see it or not), and computes for itself, keeping nothing, a key the cache lacks.
    expect(await cache.get(1, 'a', compute)).toBe('value 2');
    expect(await cache.get(1, 'b', compute)).toBe('value 3');
    expect(await cache.peek(2, 'b')).toBeUndefined();
    expect(await cache.get(2, 'a', compute)).toBe('value 2');
  });

  it('answers a request that read an older version with an entry kept since, never one the changes dropped', async () => {
    const log = new Map<number, ListChange[]>([[2, [{ kind: 'files', id: 'p1' }]]]);
    const cache = new VersionedCache<string, string[]>(10, undefined, trackerOf(log, []));
    await cache.get(1, 'shows p1', async () => ({ value: 'p1 before', deps: ['p1'] }));
    await cache.get(1, 'shows p2', async () => ({ value: 'p2', deps: ['p2'] }));
    // Another request read version 2: the cache moves, dropping what the change may alter.
    expect(await cache.peek(2, 'shows p2')).toBe('p2');
    let computed = 0;
    const compute = async () => ({ value: `computed ${++computed}`, deps: [] });
    expect(await cache.peek(1, 'shows p2')).toBe('p2');
    expect(await cache.get(1, 'shows p2', compute)).toBe('p2');
    expect(await cache.peek(1, 'shows p1')).toBeUndefined();
    expect(await cache.get(1, 'shows p1', compute)).toBe('computed 1');
    // Computed for an older version, it is not kept: the next request at version 2 computes again.
    expect(await cache.get(2, 'shows p1', compute)).toBe('computed 2');
    expect(computed).toBe(2);
  });

  it('shares one computation between concurrent requests', async () => {
    const cache = new VersionedCache<string>(10);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await settle();
      return { value: 'once' };
    };
    expect(await Promise.all([cache.get(1, 'a', compute), cache.get(1, 'a', compute)])).toEqual([
      'once',
      'once',
    ]);
    expect(computed).toBe(1);
  });

  it('keeps, at a newer version, the entries no change in between can alter, reading the changes once', async () => {
    const log = new Map<number, ListChange[]>([
      [2, [{ kind: 'files', id: 'p1' }]],
      [3, [{ kind: 'author', id: 'someone' }]],
      [4, [{ kind: 'reset' }]],
    ]);
    const reads: number[][] = [];
    const cache = new VersionedCache<string, string[]>(10, undefined, trackerOf(log, reads));
    await cache.get(1, 'shows p1', async () => ({ value: 'page 1', deps: ['p1'] }));
    await cache.get(1, 'shows p2', async () => ({ value: 'page 2', deps: ['p2'] }));
    await cache.get(1, 'no deps', async () => ({ value: 'kept nowhere' }));

    expect(await cache.peek(3, 'shows p2')).toBe('page 2');
    expect(await cache.peek(3, 'shows p1')).toBeUndefined();
    expect(await cache.peek(3, 'no deps')).toBeUndefined();
    expect(reads).toEqual([[1, 3]]);
    // A reset keeps nothing.
    expect(await cache.peek(4, 'shows p2')).toBeUndefined();
    // Changes no longer kept: nothing is kept either.
    await cache.get(4, 'shows p3', async () => ({ value: 'page 3', deps: ['p3'] }));
    expect(await cache.peek(6, 'shows p3')).toBeUndefined();
  });

  it('computes an entry a change made stale from its dependencies, kept as its hint, and never serves it', async () => {
    // An entry is altered by a change to an id it names; its dependencies stay its hint unless the change is a reset.
    const log = new Map<number, ListChange[]>([
      [2, [{ kind: 'files', id: 'p1' }]],
      [3, [{ kind: 'files', id: 'p9' }]],
      [4, [{ kind: 'files', id: 'p1' }]],
      [5, [{ kind: 'reset' }]],
    ]);
    const cache = new VersionedCache<string, string[]>(10, undefined, {
      ...trackerOf(log, []),
      keepsHint: (_deps, change) => change.kind !== 'reset',
    });
    const hints: (string[] | undefined)[] = [];
    const compute = (value: string) => async (hint?: string[]) => {
      hints.push(hint);
      return { value, deps: ['p1'] };
    };
    expect(await cache.get(1, 'shows p1', compute('at 1'))).toBe('at 1');
    // Stale at 2: not served, not even to a request that read version 1, which computes for itself.
    expect(await cache.peek(2, 'shows p1')).toBeUndefined();
    expect(await cache.get(1, 'shows p1', compute('for 1'))).toBe('for 1');
    // Stale through a change that does not alter it (3): computed at 3 from its hint.
    expect(await cache.peek(3, 'shows p1')).toBeUndefined();
    expect(await cache.get(3, 'shows p1', compute('at 3'))).toBe('at 3');
    expect(await cache.get(3, 'shows p1', compute('again'))).toBe('at 3');
    expect(hints).toEqual([undefined, undefined, ['p1']]);
    // A reset keeps no hint.
    expect(await cache.peek(5, 'shows p1')).toBeUndefined();
    expect(await cache.get(5, 'shows p1', compute('at 5'))).toBe('at 5');
    expect(hints.at(-1)).toBeUndefined();
  });

  it('patches a value a change alters when the tracker can, and drops it when one change cannot be patched', async () => {
    const log = new Map<number, ListChange[]>([
      [2, [{ kind: 'files', id: 'p1' }]],
      [
        3,
        [
          { kind: 'files', id: 'p1' },
          { kind: 'files', id: 'p9' },
          { kind: 'files', id: 'p1' },
        ],
      ],
      [4, [{ kind: 'reset' }]],
    ]);
    const cache = new VersionedCache<number, string[]>(10, undefined, {
      ...trackerOf(log, []),
      // Each change to a named id adds one; a reset cannot be patched.
      patch: (_deps, value, change) => (change.kind === 'files' ? value + 1 : undefined),
    });
    let computed = 0;
    const compute = async () => ({ value: 100 + ++computed, deps: ['p1'] });
    expect(await cache.get(1, 'count', compute)).toBe(101);
    expect(await cache.peek(2, 'count')).toBe(102);
    // Only the changes that alter it are patched in: the one to p9 is not.
    expect(await cache.get(3, 'count', compute)).toBe(104);
    expect(await cache.peek(4, 'count')).toBeUndefined();
    expect(await cache.get(4, 'count', compute)).toBe(102);
    expect(computed).toBe(2);
  });

  it('drops an entry still being computed when the version moves, and serves nothing older meanwhile', async () => {
    const log = new Map<number, ListChange[]>([[2, []]]);
    const cache = new VersionedCache<string, string[]>(10, undefined, trackerOf(log, []));
    let finish: (value: { value: string; deps: string[] }) => void = () => undefined;
    const pending = cache.set(1, 'slow', new Promise((resolve) => (finish = resolve)));
    expect(await cache.peek(2, 'slow')).toBeUndefined();
    finish({ value: 'late', deps: [] });
    expect(await pending).toBe('late');
    expect(await cache.peek(2, 'slow')).toBeUndefined();
    expect(await cache.peek(1, 'anything')).toBeUndefined();
  });

  it('drops the least recently used key beyond its capacity', async () => {
    const cache = new VersionedCache<number>(2);
    await cache.get(1, 'a', async () => ({ value: 1 }));
    await cache.get(1, 'b', async () => ({ value: 2 }));
    await cache.get(1, 'a', async () => ({ value: 0 }));
    await cache.get(1, 'c', async () => ({ value: 3 }));
    expect(await cache.peek(1, 'b')).toBeUndefined();
    expect(await cache.peek(1, 'a')).toBe(1);
  });

  it('counts bytes as their length against its budget, oldest dropped first', async () => {
    const overhead = new VersionedCache<Buffer>(100, 1_000_000);
    await overhead.get(1, 'a', async () => ({ value: Buffer.alloc(0) }));
    const perEntry = overhead.bytes;
    const cache = new VersionedCache<Buffer>(100, 2 * perEntry + 2 * 4_000 + 100);
    await cache.get(1, 'a', async () => ({ value: Buffer.alloc(4_000) }));
    await cache.get(1, 'b', async () => ({ value: Buffer.alloc(4_000) }));
    expect(cache.size).toBe(2);
    await cache.get(1, 'c', async () => ({ value: Buffer.alloc(4_000) }));
    expect(cache.size).toBe(2);
    expect(await cache.peek(1, 'a')).toBeUndefined();
    // A newer version without a tracker starts empty.
    await cache.get(2, 'd', async () => ({ value: Buffer.alloc(10) }));
    expect(cache.size).toBe(1);
  });

  it('keeps its estimated bytes under the budget, dropping the least recently used first', async () => {
    const page = ids(6);
    const budget = 5 * (900 + estimatedBytes('key-0') + estimatedBytes(page));
    const cache = new VersionedCache<string[]>(1000, budget);
    for (let index = 0; index < 8; index += 1) {
      void cache.set(1, `key-${index}`, plain(page));
      await settle();
      if (index === 4) await cache.peek(1, 'key-0');
    }
    expect(cache.size).toBe(5);
    expect(cache.bytes).toBeLessThanOrEqual(budget);
    expect(await cache.peek(1, 'key-0')).toBeDefined();
    expect(await cache.peek(1, 'key-1')).toBeUndefined();
    expect(await cache.peek(1, 'key-7')).toBeDefined();
  });

  it('counts a value once it is computed, forgets failures, and starts empty at a newer version', async () => {
    const cache = new VersionedCache<string[]>(10);
    let finish: (value: { value: string[] }) => void = () => undefined;
    void cache.set(1, 'pending', new Promise((resolve) => (finish = resolve)));
    await settle();
    const keyOnly = cache.bytes;
    finish({ value: ids(50) });
    await settle();
    expect(cache.bytes).toBe(keyOnly + estimatedBytes(ids(50)));

    await expect(cache.get(1, 'failing', async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    await settle();
    expect(await cache.peek(1, 'failing')).toBeUndefined();
    expect(await cache.get(1, 'failing', async () => ({ value: ['up'] }))).toEqual(['up']);

    expect(await cache.peek(2, 'pending')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it("counts a value with the cache's own estimate when it has one, and drops what exceeds the budget", async () => {
    let walked = 0;
    const sizeOf = (value: string[]) => {
      walked += 1;
      return 1_000 * value.length;
    };
    const cache = new VersionedCache<string[]>(10, 10_000, undefined, undefined, sizeOf);
    await cache.get(1, 'empty', async () => ({ value: [] }));
    const keyOnly = cache.bytes;
    await cache.get(1, 'three', async () => ({ value: ids(3) }));
    await settle();
    expect(walked).toBe(2);
    expect(cache.bytes).toBe(2 * keyOnly + 3_000 + ('three'.length - 'empty'.length) * 2);
    // Twenty ids are 20,000 bytes by its estimate: more than the whole budget, so nothing older stays either.
    await cache.get(1, 'twenty', async () => ({ value: ids(20) }));
    await settle();
    expect(cache.size).toBe(0);
  });
});
