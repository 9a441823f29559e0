import { describe, expect, it } from 'vitest';
import { LatencyHistogram } from '../../../scripts/lib/latency-histogram.ts';
import { testDialect } from './helpers/test-app.ts';

// The benchmark's latencies (scripts/lib/latency-histogram.ts): to a hundredth of a millisecond, where autocannon's
// own histogram keeps whole milliseconds. Nothing here touches a database: once, on the SQLite project.

describe.runIf(testDialect === 'sqlite')('the benchmark latency histogram', () => {
  it('reads percentiles to a hundredth of a millisecond', () => {
    const latencies = new LatencyHistogram();
    // 0.25, 0.5, …, 250 ms, shuffled: the order of the answers does not matter.
    const values = Array.from({ length: 1000 }, (_, index) => (index + 1) / 4);
    for (let index = 0; index < values.length; index += 1) {
      latencies.record(values[(index * 337) % values.length] as number);
    }
    expect(latencies.count).toBe(1000);
    expect(latencies.percentile(0.5)).toBeCloseTo(125.01, 5);
    expect(latencies.percentile(0.99)).toBeCloseTo(247.51, 5);
    expect(latencies.max).toBe(250);
    expect(latencies.percentile(1)).toBe(250);
  });

  it('tells apart answers under a millisecond, which whole milliseconds read as 0', () => {
    const latencies = new LatencyHistogram();
    for (let index = 0; index < 98; index += 1) latencies.record(0.3);
    latencies.record(0.84);
    latencies.record(0.9);
    expect(latencies.percentile(0.5)).toBeCloseTo(0.31, 5);
    expect(latencies.percentile(0.99)).toBeCloseTo(0.85, 5);
  });

  it('keeps answers past the timeout in the last bucket, with their true maximum', () => {
    const latencies = new LatencyHistogram();
    latencies.record(1);
    latencies.record(12_345.6);
    expect(latencies.percentile(0.99)).toBe(12_345.6);
    expect(latencies.max).toBe(12_345.6);
    expect(new LatencyHistogram().percentile(0.99)).toBe(0);
  });

  it('merges what another thread recorded into one distribution', () => {
    const mine = new LatencyHistogram();
    const theirs = new LatencyHistogram();
    for (let index = 0; index < 50; index += 1) mine.record(1);
    for (let index = 0; index < 50; index += 1) theirs.record(3);
    theirs.record(40);
    mine.merge(theirs.export());
    expect(mine.count).toBe(101);
    expect(mine.percentile(0.4)).toBeCloseTo(1.01, 5);
    expect(mine.percentile(0.9)).toBeCloseTo(3.01, 5);
    expect(mine.max).toBe(40);
  });
});
