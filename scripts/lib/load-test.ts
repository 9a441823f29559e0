import autocannon from 'autocannon';

export type LoadResult = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 2xx, plus connection errors and timeouts. */
  failures: number;
};

/**
 * Sends GET requests to `url` over `connections` keep-alive connections for `seconds`, then stops by itself.
 */
export async function loadTest(url: string, seconds: number, connections: number): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration: seconds, method: 'GET' });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
