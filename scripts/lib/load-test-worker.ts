import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { LatencyHistogram } from './latency-histogram.ts';
import type { LoadRequest } from './load-test.ts';

// One load test on its own thread (load-test.ts): its own heap and event loop, so the bench's thread, which holds
// the fill's leftovers, polls the database and runs the writer, cannot hold an answer back with a garbage collection
// or a busy callback and have that counted as the server's latency.

export type LoadWorkerData = {
  baseUrl: string;
  requests: readonly LoadRequest[];
  seconds: number;
  connections: number;
  rate: number | undefined;
  /** One Uint32 shared by every load test of the same traffic: the next request of the sequence. */
  cursor: SharedArrayBuffer;
};

export type LoadWorkerResult = {
  requestsPerSecond: number;
  failures: number;
  /** The answers' latencies (LatencyHistogram.export), transferred. */
  latencies: ReturnType<LatencyHistogram['export']>;
};

const data = workerData as LoadWorkerData;
const cursor = new Uint32Array(data.cursor);
const latencies = new LatencyHistogram();

const options: autocannon.Options = {
  url: data.baseUrl,
  connections: data.connections,
  duration: data.seconds,
  ...(data.rate === undefined ? {} : { overallRate: data.rate }),
  requests: [
    {
      setupRequest: (request) => {
        const chosen = data.requests[Atomics.add(cursor, 0, 1) % data.requests.length] as LoadRequest;
        return {
          ...request,
          method: chosen.method ?? 'GET',
          path: chosen.path,
          headers: chosen.headers ?? {},
          body: chosen.body ?? '',
        };
      },
    },
  ],
};

/** What autocannon answers off the main thread: its figures left for the thread that started it (`workers` mode). */
type ThreadResult = {
  totalCompletedRequests: number;
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

const run = autocannon(options, (error: unknown, encoded: autocannon.Result) => {
  if (error !== null && error !== undefined) throw error as Error;
  const done = encoded as unknown as ThreadResult;
  const exported = latencies.export();
  const result: LoadWorkerResult = {
    // Its per-second samples go to that thread as they are taken, so the rate is the answers over the seconds (the
    // main thread's average of those samples, but for the last part-second).
    requestsPerSecond: Math.round(done.totalCompletedRequests / done.duration),
    failures: done.non2xx + done.errors + done.timeouts,
    latencies: exported,
  };
  parentPort?.postMessage(result, [exported.counts.buffer]);
});
// Each answer's time as autocannon measured it (process.hrtime), kept to a hundredth of a millisecond; the 2xx
// answers only, as autocannon's own latency figures.
run.on('response', (_client, statusCode, _bytes, ms) => {
  if (statusCode >= 200 && statusCode < 300) latencies.record(ms);
});
