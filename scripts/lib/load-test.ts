import autocannon from 'autocannon';

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
 * Sends `requests` to `baseUrl` in their order, over and over, from `connections` keep-alive connections for
 * `seconds`: every connection takes the next request of the one shared sequence, so the server sees the
 * sequence's mix whatever the number of connections.
 */
export async function loadTest(
  baseUrl: string,
  requests: readonly LoadRequest[],
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  if (requests.length === 0) throw new Error('A load test needs at least one request');
  let next = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          const chosen = requests[next % requests.length] as LoadRequest;
          next += 1;
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
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
