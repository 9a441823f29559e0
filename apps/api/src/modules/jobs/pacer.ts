// The job queue's pace (decision 046): its work steps aside for requests. After each step of work (a claimed batch,
// or a part of one that a handler marks), if requests were in flight for nearly all of that step and the event loop
// was working for at least half of it, the process is saturated, and the worker waits twice as long as the step took
// before the next one: the queue then gets about a third of the time it would take alone and requests the rest. On a
// quiet or moderately busy site (requests in flight part of the time) it runs without a pause, and so it does while
// slow clients keep requests open on an idle process (phones uploading, or downloading images, on a slow network).
// The worker ends its waits within half the lease of the batch in hand, so that a paced batch is never claimed again
// by another process meanwhile. On the queue thread (decision 057) the load is the main thread's, sampled every few
// milliseconds (shared-load.ts): the shares are taken over the samples' own span, and a step that saw no new sample
// is decided with the next one.

import type { LoadSample } from './shared-load.ts';

/** Share of a step's time with requests in flight from which the process may be saturated. */
export const SATURATED_SHARE = 0.9;
/** Share of a step's time the event loop must have worked, too: requests kept open by slow clients cost nothing. */
export const WORKING_SHARE = 0.5;
/** The wait after a step taken while saturated, as a multiple of the step's time. */
export const PAUSE_FACTOR = 2;
/** The longest wait after one step: a long step still lets the queue move on. */
export const MAX_PAUSE_MS = 2_000;

/** Seconds this process's queue has waited for requests since it started (every worker of the process): /metrics. */
export const queuePauses = { seconds: 0 };

export type Pacer = {
  /** Starts measuring a step now (e.g. after an idle sleep, which is no work). */
  restart(): void;
  /** Ends the step begun at the last call (or restart): waits if requests kept the process busy all along. */
  step(): Promise<void>;
};

export function createPacer({
  load,
  pause,
  now = () => performance.now(),
}: {
  /**
   * The requests' load so far: milliseconds with requests in flight (RequestPressure.busyMs) and milliseconds the
   * event loop worked (performance.eventLoopUtilization().active), as measured at `at` on their own clock (live on
   * the main thread: `at` is now; sampled on the queue thread).
   */
  load: () => LoadSample;
  /** Waits this long, or less when the worker stops. */
  pause: (ms: number) => Promise<void>;
  now?: () => number;
}): Pacer {
  let startedAt = now();
  let atStart = load();

  function restart(): void {
    startedAt = now();
    atStart = load();
  }

  return {
    restart,
    async step() {
      const at = load();
      const span = at.at - atStart.at;
      // Not measured since the step began: the next step decides for both.
      if (span <= 0) return;
      const spent = now() - startedAt;
      const busy = at.busyMs - atStart.busyMs;
      const active = at.activeMs - atStart.activeMs;
      if (busy >= span * SATURATED_SHARE && active >= span * WORKING_SHARE) {
        const pausedAt = now();
        await pause(Math.min(spent * PAUSE_FACTOR, MAX_PAUSE_MS));
        queuePauses.seconds += (now() - pausedAt) / 1000;
      }
      restart();
    },
  };
}
