import type { ServerResponse } from 'node:http';

// How much of the time this process has requests to answer (decision 046): the job queue's work steps aside while
// requests keep the process busy. Every request the HTTP server receives counts from its arrival until its response
// closes, except an event stream, which waits for events rather than working: its route releases it.

export type RequestPressure = {
  /** Counts the request of `response` as in flight until the response closes. */
  track(response: ServerResponse): void;
  /** Stops counting a request that stays open while idle (an event stream). */
  release(response: ServerResponse): void;
  /** Milliseconds so far with at least one request in flight: the difference over a span is its busy time. */
  busyMs(now?: number): number;
};

export function createRequestPressure(): RequestPressure {
  const counted = new WeakSet<ServerResponse>();
  let inFlight = 0;
  let busySince = 0;
  let busyTotal = 0;

  function release(response: ServerResponse): void {
    if (!counted.delete(response)) return;
    inFlight -= 1;
    if (inFlight === 0) busyTotal += performance.now() - busySince;
  }

  return {
    track(response) {
      if (counted.has(response)) return;
      counted.add(response);
      if (inFlight === 0) busySince = performance.now();
      inFlight += 1;
      response.once('close', () => release(response));
    },
    release,
    busyMs(now = performance.now()) {
      return inFlight > 0 ? busyTotal + Math.max(0, now - busySince) : busyTotal;
    },
  };
}
