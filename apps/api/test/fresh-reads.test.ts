import { describe, expect, it } from 'vitest';
import { freshReads, MOST_OUT } from '../src/db/fresh-reads.ts';

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
  it("sends a lone caller's query at once", () => {
    const manual = manualQuery();
    const read = freshReads(manual.query);
    void read();
    expect(manual.out).toHaveLength(1);
  });

  it('sends one query at the end of the turn for the callers that ask while another is out, without waiting for it', async () => {
    const manual = manualQuery();
    const read = freshReads(manual.query);
    const first = read();
    manual.write();
    // Asked after the write: the query out was sent before it, so these share a new one.
    const waiting = [read(), read(), read()];
    expect(manual.out).toHaveLength(1);
    await settle();
    // Sent while the first is still out: a caller waits one round trip, not the rest of another's first.
    expect(manual.out).toHaveLength(2);
    manual.out[1]?.answer();
    expect(await Promise.all(waiting)).toEqual([1, 1, 1]);
    manual.out[0]?.answer();
    expect(await first).toBe(0);
  });

  it('keeps at most two queries out: a later turn shares one query, sent once one out answers', async () => {
    expect(MOST_OUT).toBe(2);
    const manual = manualQuery();
    const read = freshReads(manual.query);
    const first = read();
    manual.write();
    const second = read();
    await settle();
    expect(manual.out).toHaveLength(2);
    manual.write();
    const third = [read(), read()];
    await settle();
    const later = read();
    await settle();
    // The database does not answer: the callers of every later turn wait together, holding no connection.
    expect(manual.out).toHaveLength(2);
    manual.out[0]?.answer();
    expect(await first).toBe(0);
    await settle();
    // Sent after every write its callers asked after.
    expect(manual.out).toHaveLength(3);
    manual.out[2]?.answer();
    expect(await Promise.all([...third, later])).toEqual([2, 2, 2]);
    manual.out[1]?.answer();
    expect(await second).toBe(1);
  });

  it('answers every caller with a value read after it asked, with at most two queries out', async () => {
    let value = 0;
    let sent = 0;
    let open = 0;
    let mostOpen = 0;
    const pending: (() => void)[] = [];
    const read = freshReads(
      () =>
        new Promise<number>((resolve) => {
          const sentWith = value;
          sent += 1;
          mostOpen = Math.max(mostOpen, (open += 1));
          pending.push(() => {
            open -= 1;
            resolve(sentWith);
          });
        }),
    );
    // A seeded interleaving of asks, writes and answers, a few in each turn of the event loop.
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
      await Promise.resolve();
      if (random() < 0.4) await settle();
    }
    while (pending.length > 0) {
      pending.shift()?.();
      await settle();
    }
    await Promise.all(checks);
    // A lone caller's query, and one shared by those that came while queries were out, waiting for room at two.
    expect(mostOpen).toBe(MOST_OUT);
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
