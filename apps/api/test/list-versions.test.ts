import { describe, expect, it } from 'vitest';
import { estimatedBytes, VersionedCache } from '../src/db/list-versions.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const ids = (count: number) => Array.from({ length: count }, (_, index) => `publication-${index}`);

describe('VersionedCache', () => {
  it('keeps its estimated bytes under the budget, dropping the least recently used first', async () => {
    const page = ids(6);
    const cache = new VersionedCache<string[]>(
      1000,
      5 * (900 + estimatedBytes('key-0') + estimatedBytes(page)),
    );
    for (let index = 0; index < 8; index += 1) {
      void cache.set(1, `key-${index}`, Promise.resolve(page));
      await settle();
      if (index === 4) void cache.peek(1, 'key-0');
    }
    expect(cache.size).toBe(5);
    expect(cache.bytes).toBeLessThanOrEqual(5 * (900 + estimatedBytes('key-0') + estimatedBytes(page)));
    expect(cache.peek(1, 'key-0')).toBeDefined();
    expect(cache.peek(1, 'key-1')).toBeUndefined();
    expect(cache.peek(1, 'key-7')).toBeDefined();
  });

  it('counts a value once it is computed, forgets failures, and starts empty at a newer version', async () => {
    const cache = new VersionedCache<string[]>(10);
    let finish: (value: string[]) => void = () => undefined;
    void cache.set(1, 'pending', new Promise((resolve) => (finish = resolve)));
    const keyOnly = cache.bytes;
    finish(ids(50));
    await settle();
    expect(cache.bytes).toBe(keyOnly + estimatedBytes(ids(50)));

    await cache.set(1, 'failing', Promise.reject(new Error('no'))).catch(() => undefined);
    await settle();
    expect(cache.peek(1, 'failing')).toBeUndefined();
    expect(cache.bytes).toBe(keyOnly + estimatedBytes(ids(50)));

    expect(cache.peek(2, 'pending')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});
