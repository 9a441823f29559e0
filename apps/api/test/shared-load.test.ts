import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { createLoadBuffer, publishLoad, readLoad, SAMPLE_MS } from '../src/modules/jobs/shared-load.ts';

// The main thread's load in shared memory for the queue thread (decision 057): published every SAMPLE_MS, read whole
// by another thread while it is being written.

const MODULE = new URL('../src/modules/jobs/shared-load.ts', import.meta.url).href;

describe('the load shared with the queue thread', () => {
  it('holds the last sample, published again every few milliseconds until stopped', async () => {
    const buffer = createLoadBuffer();
    let calls = 0;
    const stop = publishLoad(buffer, () => {
      calls += 1;
      return { at: calls, busyMs: calls * 2, activeMs: calls * 3 };
    });
    expect(readLoad(buffer)).toEqual({ at: 1, busyMs: 2, activeMs: 3 });
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS * 6));
    const later = readLoad(buffer);
    expect(later.at).toBeGreaterThan(1);
    expect(later).toEqual({ at: later.at, busyMs: later.at * 2, activeMs: later.at * 3 });
    stop();
    const stopped = calls;
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS * 4));
    expect(calls).toBe(stopped);
  });

  it('is read whole by another thread while this one writes it', async () => {
    const buffer = createLoadBuffer();
    const sequence = new Int32Array(buffer, 0, 1);
    const values = new Float64Array(buffer, 8, 3);
    // The other thread reads as fast as it can and counts samples whose parts come from different writes.
    const reader = new Worker(
      `const { workerData, parentPort } = require('node:worker_threads');
      import(workerData.module).then(({ readLoad }) => {
        let reads = 0, torn = 0, last = 0;
        const until = Date.now() + 400;
        while (Date.now() < until) {
          const sample = readLoad(workerData.buffer);
          reads += 1;
          if (sample.busyMs !== sample.at * 2 || sample.activeMs !== sample.at * 3 || sample.at < last) torn += 1;
          last = sample.at;
        }
        parentPort.postMessage({ reads, torn, last });
      });`,
      { eval: true, workerData: { buffer, module: MODULE } },
    );
    const report = new Promise<{ reads: number; torn: number; last: number }>((resolve, reject) => {
      reader.once('message', resolve);
      reader.once('error', reject);
    });
    // Written as publishLoad writes, as fast as possible, while the reader reads (the seqlock's worst case).
    let at = 0;
    let done = false;
    void report.then(() => (done = true));
    while (!done) {
      for (let i = 0; i < 10_000; i += 1) {
        at += 1;
        Atomics.add(sequence, 0, 1);
        values[0] = at;
        values[1] = at * 2;
        values[2] = at * 3;
        Atomics.add(sequence, 0, 1);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    const { reads, torn, last } = await report;
    await reader.terminate();
    expect(reads).toBeGreaterThan(100);
    expect(last).toBeGreaterThan(0);
    expect(torn).toBe(0);
  });
});
