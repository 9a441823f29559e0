import { describe, expect, it } from 'vitest';
import { VersionedCache } from '../src/db/list-versions.ts';

// What a process remembers of a list: dropped at a newer version, bounded by keys and by an estimate of bytes.

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

  it('counts bytes as their length against its budget, oldest dropped first', async () => {
    const overhead = new VersionedCache<Buffer>(100, 1_000_000);
    await overhead.get(1, 'a', async () => Buffer.alloc(0));
    const perEntry = overhead.bytes;
    const cache = new VersionedCache<Buffer>(100, 2 * perEntry + 2 * 4_000 + 100);
    await cache.get(1, 'a', async () => Buffer.alloc(4_000));
    await cache.get(1, 'b', async () => Buffer.alloc(4_000));
    expect(cache.size).toBe(2);
    await cache.get(1, 'c', async () => Buffer.alloc(4_000));
    expect(cache.size).toBe(2);
    expect(cache.peek(1, 'a')).toBeUndefined();
    // A newer version starts empty.
    await cache.get(2, 'd', async () => Buffer.alloc(10));
    expect(cache.size).toBe(1);
  });

  it('forgets a failed computation', async () => {
    const cache = new VersionedCache<string>(10);
    await expect(cache.get(1, 'a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.peek(1, 'a')).toBeUndefined();
    expect(await cache.get(1, 'a', async () => 'up')).toBe('up');
  });
});
