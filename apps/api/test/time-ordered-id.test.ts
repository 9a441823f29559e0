import { describe, expect, it } from 'vitest';
import { timeOrderedId } from '../src/db/time-ordered-id.ts';

// The ids of rows written by the thousand (notifications, queued pushes) follow the clock, so that a batch's primary
// keys land side by side (decision 063).

describe('time-ordered ids', () => {
  it('are UUIDv7: the current millisecond first, version 7, RFC 9562 variant, and in the order they were made', () => {
    const before = Date.now();
    const ids = Array.from({ length: 1000 }, () => timeOrderedId());
    const after = Date.now();
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const millisecond = Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
      expect(millisecond).toBeGreaterThanOrEqual(before);
      expect(millisecond).toBeLessThanOrEqual(after);
    }
    // Sorted as text, as the indexes sort them, they are in the order made (monotonic within a millisecond).
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
