import { describe, expect, it } from 'vitest';
import { freshReads } from '../src/db/fresh-reads.ts';

// The list's version is read on every list request: concurrent reads share queries, but a caller must never take the
// answer of a query sent before it asked (that query may have missed a write committed just before the ask).

/** A query whose answers the test gives by hand: each query answers the value current when it was sent. */
function manualQuery() {
  let value = 0;
  const out: { sentWith: number; answer: () => void; fail: () => void }[] = [];
  const query = () =>
    new Promise<number>((resolve, reject) => {
      const sentWith = value;
      out.push({ sentWith, answer: () => resolve(sentWith), fail: () => reject(new Error('down')) });
    });
  return {
    query,
    out,
    /** A write committed: queries sent from now on see it. */
    write: () => (value += 1),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('fresh reads', () => {
  it('sends one query for the callers that ask while another is out, after that one is answered', async () => {
    const manual = manualQuery();
    const read = freshReads(manual.query);
    const first = read();
    expect(manual.out).toHaveLength(1);
    manual.write();
    // Asked after the write: the query out was sent before it, so these wait for the next one.
    const waiting = [read(), read(), read()];
    await settle();
    expect(manual.out).toHaveLength(1);
    manual.out[0]?.answer();
    expect(await first).toBe(0);
    await settle();
    expect(manual.out).toHaveLength(2);
    manual.out[1]?.answer();
    expect(await Promise.all(waiting)).toEqual([1, 1, 1]);
  });

  it('answers every caller with a value read after it asked, with at most one query out', async () => {
    let value = 0;
    let open = 0;
    let mostOpen = 0;
    let sent = 0;
    const pending: (() => void)[] = [];
    const read = freshReads(
      () =>
        new Promise<number>((resolve) => {
          const sentWith = value;
          sent += 1;
          open += 1;
          mostOpen = Math.max(mostOpen, open);
          pending.push(() => {
            open -= 1;
            resolve(sentWith);
          });
        }),
    );
    // A seeded interleaving of asks, writes and answers.
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const checks: Promise<void>[] = [];
    for (let step = 0; step < 400; step++) {
      const roll = random();
      if (roll < 0.5) {
        const askedAt = value;
        checks.push(read().then((answer) => expect(answer).toBeGreaterThanOrEqual(askedAt)));
      } else if (roll < 0.7) value += 1;
      else pending.shift()?.();
      await settle();
    }
    while (pending.length > 0) {
      pending.shift()?.();
      await settle();
    }
    await Promise.all(checks);
    expect(mostOpen).toBe(1);
    expect(sent).toBeLessThan(checks.length);
  });

  it('passes a failure to the callers of that query only, and the next caller sends a new one', async () => {
    const manual = manualQuery();
    const read = freshReads(manual.query);
    const failing = read();
    const waiting = read();
    manual.out[0]?.fail();
    await expect(failing).rejects.toThrow('down');
    await settle();
    manual.out[1]?.answer();
    expect(await waiting).toBe(0);
    const later = read();
    expect(manual.out).toHaveLength(3);
    manual.out[2]?.answer();
    expect(await later).toBe(0);
  });
});
