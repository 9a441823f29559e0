import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { LatencyHistogram } from '../../../scripts/lib/latency-histogram.ts';
import { LoadCursor, loadTest } from '../../../scripts/lib/load-test.ts';
import { testDialect } from './helpers/test-app.ts';

// The benchmark's load generator (scripts/lib/load-test.ts, autocannon on a thread of its own) over real loopback
// servers: consecutive windows of one traffic (bench:reminders' quiet phase, then the burst's windows) go on through
// the sequence with a shared cursor instead of asking its first, already remembered, requests again, and load tests
// of several servers at once take turns in that one sequence, as a balancer spreads a site's traffic. Nothing here
// touches a database: once, on the SQLite project.

async function withRecordingServer(task: (url: string, asked: string[]) => Promise<void>): Promise<void> {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    asked.push(request.url ?? '');
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await task(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const sequence = Array.from({ length: 10_000 }, (_, index) => ({ path: `/r${index}` }));
const indexOf = (path: string) => Number(path.slice(2));

describe.runIf(testDialect === 'sqlite')('the benchmark load generator', () => {
  it('goes on through the sequence from one window to the next with a cursor', async () => {
    await withRecordingServer(async (url, asked) => {
      const cursor = new LoadCursor();
      await loadTest(url, sequence, 1, 1, { rate: 40, cursor });
      const first = asked.length;
      await loadTest(url, sequence, 1, 1, { rate: 40, cursor });
      expect(first).toBeGreaterThan(10);
      expect(asked.length).toBeGreaterThan(first + 10);
      // No request asked twice, and the second window starts past everything the first one asked (one connection:
      // they arrive in order).
      expect(new Set(asked).size).toBe(asked.length);
      const firstWindow = asked.slice(0, first).map(indexOf);
      expect(Math.min(...asked.slice(first).map(indexOf))).toBeGreaterThan(Math.max(...firstWindow));
      expect(cursor.next).toBeGreaterThanOrEqual(asked.length);
    });
  });

  it('starts every window at the first request without one', async () => {
    await withRecordingServer(async (url, asked) => {
      await loadTest(url, sequence, 1, 1, { rate: 20 });
      await loadTest(url, sequence, 1, 1, { rate: 20 });
      expect(asked[0]).toBe('/r0');
      // A request of the first window may still arrive as the second starts; the second asks /r0 and /r1 again.
      expect(asked.filter((path) => path === '/r0' || path === '/r1')).toEqual(['/r0', '/r1', '/r0', '/r1']);
    });
  });

  it('spreads one sequence over servers tested at once with one cursor, every answer in one histogram', async () => {
    await withRecordingServer(async (first, askedFirst) => {
      await withRecordingServer(async (second, askedSecond) => {
        const cursor = new LoadCursor();
        const latencies = new LatencyHistogram();
        const results = await Promise.all(
          [first, second].map((url) => loadTest(url, sequence, 2, 1, { rate: 20, cursor, latencies })),
        );
        expect(askedFirst.length).toBeGreaterThan(10);
        expect(askedSecond.length).toBeGreaterThan(10);
        // Each request of the sequence went to one server only, and together they asked its beginning.
        const both = [...askedFirst, ...askedSecond].map(indexOf);
        expect(new Set(both).size).toBe(both.length);
        expect(Math.min(...both)).toBe(0);
        expect(cursor.next).toBeGreaterThanOrEqual(both.length);
        expect(results.every((result) => result.failures === 0)).toBe(true);
        // About the rate asked of each (20 a second), as autocannon counts it once a second.
        for (const result of results) expect(result.requestsPerSecond).toBeGreaterThan(10);
        for (const result of results) expect(result.requestsPerSecond).toBeLessThan(30);
        // Both threads' answers are merged: as many as the servers answered, bar one in flight at each deadline.
        expect(latencies.count).toBeGreaterThanOrEqual(both.length - 2);
        expect(latencies.count).toBeLessThanOrEqual(both.length);
      });
    });
  });

  it('sends a steady rate as requests spread over the second, not each second at once', async () => {
    const arrivals: number[] = [];
    const server = createServer((_request, response) => {
      arrivals.push(performance.now());
      // A server that takes 2 ms: a second's share sent at once would queue behind each other.
      setTimeout(() => response.end('{}'), 2);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const result = await loadTest(url, sequence, 3, 8, { rate: 100 });
      expect(result.failures).toBe(0);
      expect(result.requestsPerSecond).toBeGreaterThan(70);
      expect(result.requestsPerSecond).toBeLessThan(130);
      // No 100 ms holds more than a fifth of a second's requests (Poisson at 10 per 100 ms rarely passes 20), and
      // every tenth of the run got some.
      const start = arrivals[0] as number;
      const perTenth = new Map<number, number>();
      for (const at of arrivals) {
        const tenth = Math.floor((at - start) / 100);
        perTenth.set(tenth, (perTenth.get(tenth) ?? 0) + 1);
      }
      expect(Math.max(...perTenth.values())).toBeLessThanOrEqual(25);
      expect(perTenth.size).toBeGreaterThanOrEqual(25);
      // Nothing queued: each answer in about the server's own 2 ms.
      expect(result.p50Ms).toBeLessThan(10);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
