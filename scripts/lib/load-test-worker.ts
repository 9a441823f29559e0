import { Agent, request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { LatencyHistogram } from './latency-histogram.ts';
import type { LoadRequest } from './load-test.ts';
import { seededRandom } from './seeded-random.ts';

// One load test on its own thread (load-test.ts): its own heap and event loop, so the bench's thread, which holds
// the fill's leftovers, polls the database and runs the writer, cannot hold an answer back with a garbage collection
// or a busy callback and have that counted as the server's latency.
//
// Two kinds of traffic. Without a rate, autocannon's: every connection asks again as soon as it is answered, the
// most the server can take. With a rate, a steady traffic of independent visitors: requests arrive at random
// moments (a Poisson process, seeded), each on a free keep-alive connection of the pool or, when all are busy, as
// soon as one is free, and its time counts from the moment it was sent, the wait for a connection included; no
// arrival waits for an answer. (autocannon's own rate lets each connection send a second's share back to back and
// then wait for the next second: a burst at full concurrency every second.)

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
const nextRequest = () => data.requests[Atomics.add(cursor, 0, 1) % data.requests.length] as LoadRequest;

function send(result: LoadWorkerResult): void {
  parentPort?.postMessage(result, [result.latencies.counts.buffer]);
}

/** How long an answer may take before it counts as failed (autocannon's default). */
const TIMEOUT_MS = 10_000;

/** One request on `agent`'s connections: resolves with its status once the whole answer is read. */
function ask(agent: Agent, chosen: LoadRequest): Promise<number> {
  const url = new URL(chosen.path, data.baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { agent, method: chosen.method ?? 'GET', headers: chosen.headers ?? {}, timeout: TIMEOUT_MS },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
    outgoing.on('error', reject);
    outgoing.end(chosen.body);
  });
}

async function steadyTraffic(rate: number): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: data.connections });
  // Seeded by where the traffic stands, so that consecutive windows draw on rather than repeat, and by the thread,
  // so that the servers of one traffic, tested at once from the same place, are not sent requests at the same moments.
  const random = seededRandom(Atomics.load(cursor, 0) * 7919 + threadId);
  const startedAt = performance.now();
  const endsAt = startedAt + data.seconds * 1000;
  let due = startedAt;
  let answered = 0;
  let failures = 0;
  const inFlight = new Set<Promise<void>>();
  for (;;) {
    due += (-Math.log(1 - random()) * 1000) / rate;
    if (due >= endsAt) break;
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait);
    // Timed from now, not from `due`: the timer's own lateness is this thread's, while the wait for a free connection
    // (the server still busy with the previous requests) is counted.
    const sentAt = performance.now();
    const answer = ask(agent, nextRequest()).then(
      (status) => {
        answered += 1;
        if (status >= 200 && status < 300) latencies.record(performance.now() - sentAt);
        else failures += 1;
      },
      () => {
        failures += 1;
      },
    );
    inFlight.add(answer);
    void answer.finally(() => inFlight.delete(answer));
  }
  await Promise.all(inFlight);
  agent.destroy();
  send({
    requestsPerSecond: Math.round(answered / data.seconds),
    failures,
    latencies: latencies.export(),
  });
}

const options: autocannon.Options = {
  url: data.baseUrl,
  connections: data.connections,
  duration: data.seconds,
  requests: [
    {
      setupRequest: (request) => {
        const chosen = nextRequest();
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

function fullSpeed(): void {
  const run = autocannon(options, (error: unknown, encoded: autocannon.Result) => {
    if (error !== null && error !== undefined) throw error as Error;
    const done = encoded as unknown as ThreadResult;
    send({
      // Its per-second samples go to that thread as they are taken, so the rate is the answers over the seconds
      // (the main thread's average of those samples, but for the last part-second).
      requestsPerSecond: Math.round(done.totalCompletedRequests / done.duration),
      failures: done.non2xx + done.errors + done.timeouts,
      latencies: latencies.export(),
    });
  });
  // Each answer's time as autocannon measured it (process.hrtime), kept to a hundredth of a millisecond; the 2xx
  // answers only, as autocannon's own latency figures.
  run.on('response', (_client, statusCode, _bytes, ms) => {
    if (statusCode >= 200 && statusCode < 300) latencies.record(ms);
  });
}

if (data.rate === undefined) fullSpeed();
else await steadyTraffic(data.rate);
