import { describe, expect, it } from 'vitest';
import { VersionedCache } from '../src/db/list-versions.ts';

// What a process remembers of a list: dropped at a newer version, bounded by keys and, when asked, by weight.

describe('VersionedCache', () => {
  it('computes once per key and version, and forgets everything at a newer version', async () => {
    const cache = new VersionedCache<string>(10);
    let computed = 0;
    const compute = async () => `value ${++computed}`;
    expect(await cache.get(1, 'a', compute)).toBe('value 1');
    expect(await cache.get(1, 'a', compute)).toBe('value 1');
    expect(await cache.get(2, 'a', compute)).toBe('value 2');
    // A request that read an older version computes for itself and keeps nothing.
    expect(await cache.get(1, 'a', compute)).toBe('value 3');
    expect(await cache.get(2, 'a', compute)).toBe('value 2');
  });

  it('drops the least recently used key beyond its capacity', async () => {
    const cache = new VersionedCache<number>(2);
    await cache.get(1, 'a', async () => 1);
    await cache.get(1, 'b', async () => 2);
    await cache.get(1, 'a', async () => 0);
    await cache.get(1, 'c', async () => 3);
    expect(cache.peek(1, 'b')).toBeUndefined();
    expect(await cache.peek(1, 'a')).toBe(1);
  });

  it('keeps the summed weight of its values under the limit, oldest dropped first', async () => {
    const cache = new VersionedCache<string>(100, { maxWeight: 10, weigh: (text) => text.length });
    await cache.get(1, 'a', async () => 'aaaa');
    await cache.get(1, 'b', async () => 'bbbb');
    expect(cache.weight).toBe(8);
    await cache.get(1, 'c', async () => 'cccc');
    expect(cache.size).toBe(2);
    expect(cache.weight).toBe(8);
    expect(cache.peek(1, 'a')).toBeUndefined();
    // A newer version starts empty.
    await cache.get(2, 'd', async () => 'dd');
    expect([cache.size, cache.weight]).toEqual([1, 2]);
  });

  it('forgets a failed computation', async () => {
    const cache = new VersionedCache<string>(10, { maxWeight: 10, weigh: (text) => text.length });
    await expect(cache.get(1, 'a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.peek(1, 'a')).toBeUndefined();
    expect(await cache.get(1, 'a', async () => 'up')).toBe('up');
    expect(cache.weight).toBe(2);
  });
});
