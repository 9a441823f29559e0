import autocannon from 'autocannon';
import { LatencyHistogram } from './latency-histogram.ts';

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

/** Optional settings of a load test. */
export type LoadOptions = {
  /** Requests per second in all (autocannon's overallRate): a steady traffic rather than as fast as it answers. */
  rate?: number;
  /** Where the answers' times are recorded: several runs (windows, servers) into one distribution. */
  latencies?: LatencyHistogram;
  /**
   * Where in `requests` to go on from, kept across calls: consecutive windows of one traffic (before, during and
   * after an event) ask on through the sequence instead of asking its first requests, which the server has
   * remembered, again. Without it every call starts at the first request.
   */
  cursor?: { next: number };
};

/**
 * Sends `requests` to `baseUrl` in their order, over and over, from `connections` keep-alive connections for
 * `seconds`: every connection takes the next request of the one shared sequence, so the server sees the
 * sequence's mix whatever the number of connections.
 */
export async function loadTest(
  baseUrl: string,
  requests: readonly LoadRequest[],
  seconds: number,
  connections: number,
  { rate, latencies = new LatencyHistogram(), cursor = { next: 0 } }: LoadOptions = {},
): Promise<LoadResult> {
  if (requests.length === 0) throw new Error('A load test needs at least one request');
  const options: autocannon.Options = {
    url: baseUrl,
    connections,
    duration: seconds,
    ...(rate === undefined ? {} : { overallRate: rate }),
    requests: [
      {
        setupRequest: (request) => {
          const chosen = requests[cursor.next % requests.length] as LoadRequest;
          cursor.next += 1;
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
  // Each answer's time as autocannon measured it (process.hrtime), kept to a hundredth of a millisecond; the 2xx
  // answers only, as autocannon's own latency figures.
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(options, (error: unknown, done: autocannon.Result) =>
      error === null || error === undefined ? resolve(done) : reject(error as Error),
    );
    run.on('response', (_client, statusCode, _bytes, ms) => {
      if (statusCode >= 200 && statusCode < 300) latencies.record(ms);
    });
  });
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: round(latencies.percentile(0.5)),
    p99Ms: round(latencies.percentile(0.99)),
    maxMs: round(latencies.max),
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
