import { Worker } from 'node:worker_threads';
import { LatencyHistogram } from './latency-histogram.ts';
import type { LoadWorkerData, LoadWorkerResult } from './load-test-worker.ts';

export type LoadResult = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers other than 2xx, plus connection errors and timeouts. */
  failures: number;
};

/** A request of a load test: GET by default. */
export type LoadRequest = {
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
};

/**
 * Where a traffic is in its sequence of requests, shared by every load test given it: consecutive windows go on
 * where the previous one stopped, and load tests running at once against several servers take turns in one
 * sequence, as a load balancer spreads one site's traffic, rather than each asking the same requests.
 */
export class LoadCursor {
  readonly buffer = new SharedArrayBuffer(Uint32Array.BYTES_PER_ELEMENT);

  /** How many requests of the sequence have been taken. */
  get next(): number {
    return Atomics.load(new Uint32Array(this.buffer), 0);
  }
}

/** Optional settings of a load test. */
export type LoadOptions = {
  /**
   * Requests per second on average, arriving at random moments as independent visitors do (load-test-worker.ts),
   * each timed from the moment it was sent, a wait for a free connection included: a steady traffic rather than as
   * fast as the server answers.
   */
  rate?: number;
  /** Where the answers' times are recorded: several runs (windows, servers) into one distribution. */
  latencies?: LatencyHistogram;
  /** Where in `requests` to go on from (see LoadCursor). Without it every call starts at the first request. */
  cursor?: LoadCursor;
};

/**
 * Sends `requests` to `baseUrl` in their order, over and over, from `connections` keep-alive connections for
 * `seconds`: every connection takes the next request of the one shared sequence, so the server sees the
 * sequence's mix whatever the number of connections. The traffic runs on a thread of its own
 * (load-test-worker.ts), so that nothing the calling thread does while it waits is counted as the server's time.
 */
export async function loadTest(
  baseUrl: string,
  requests: readonly LoadRequest[],
  seconds: number,
  connections: number,
  { rate, latencies = new LatencyHistogram(), cursor = new LoadCursor() }: LoadOptions = {},
): Promise<LoadResult> {
  if (requests.length === 0) throw new Error('A load test needs at least one request');
  const data: LoadWorkerData = { baseUrl, requests, seconds, connections, rate, cursor: cursor.buffer };
  const worker = new Worker(new URL('./load-test-worker.ts', import.meta.url), { workerData: data });
  const result = await new Promise<LoadWorkerResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`The load test's thread ended (${code}) without a result`)),
    );
  });
  await worker.terminate();
  latencies.merge(result.latencies);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    requestsPerSecond: result.requestsPerSecond,
    p50Ms: round(latencies.percentile(0.5)),
    p99Ms: round(latencies.percentile(0.99)),
    maxMs: round(latencies.max),
    failures: result.failures,
  };
}
