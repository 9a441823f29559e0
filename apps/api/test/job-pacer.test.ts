import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJobs } from '../src/modules/jobs/repository.ts';
import { createPacer, MAX_PAUSE_MS, PAUSE_FACTOR } from '../src/modules/jobs/pacer.ts';
import {
  createJobWorker,
  type JobHandler,
  type JobWorker,
  type JobWorkerOptions,
} from '../src/modules/jobs/worker.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-app.ts';

// The job queue's pace (decision 046): a step of work taken while requests kept the process busy nearly all along
// is followed by a wait twice as long; otherwise the queue does not wait at all; stopping ends a wait.

describe('the job pacer', () => {
  /** A pacer on a clock, a busy time and a working time the test moves by hand; the waits it asks for are recorded. */
  function pacedBy() {
    const clock = { now: 1_000, busy: 0, active: 0 };
    const pauses: number[] = [];
    const pacer = createPacer({
      now: () => clock.now,
      load: () => ({ at: clock.now, busyMs: clock.busy, activeMs: clock.active }),
      pause: async (ms) => void pauses.push(ms),
    });
    return { clock, pauses, pacer };
  }

  it('waits twice the step when requests were in flight for nearly all of it and kept the loop working', async () => {
    const { clock, pauses, pacer } = pacedBy();
    clock.now += 100;
    clock.busy += 95;
    clock.active += 60;
    await pacer.step();
    expect(pauses).toEqual([100 * PAUSE_FACTOR]);
  });

  it('does not wait for requests that slow clients keep open while the loop is idle', async () => {
    const { clock, pauses, pacer } = pacedBy();
    clock.now += 100;
    clock.busy += 100;
    clock.active += 30;
    await pacer.step();
    expect(pauses).toEqual([]);
  });

  it('does not wait when requests kept the process busy only part of the step', async () => {
    const { clock, pauses, pacer } = pacedBy();
    clock.now += 100;
    clock.busy += 60;
    clock.active += 100;
    await pacer.step();
    clock.now += 100;
    await pacer.step();
    expect(pauses).toEqual([]);
  });

  it('waits at most MAX_PAUSE_MS after a long step', async () => {
    const { clock, pauses, pacer } = pacedBy();
    clock.now += 10_000;
    clock.busy += 10_000;
    clock.active += 10_000;
    await pacer.step();
    expect(pauses).toEqual([MAX_PAUSE_MS]);
  });

  it('measures each step from the last one, or from a restart (an idle sleep is no work)', async () => {
    const { clock, pauses, pacer } = pacedBy();
    // A minute asleep (no request, whatever the loop did), then a busy step of 50 ms.
    clock.now += 60_000;
    clock.active += 60_000;
    pacer.restart();
    clock.now += 50;
    clock.busy += 50;
    clock.active += 50;
    await pacer.step();
    // Then a step with no request at all.
    clock.now += 50;
    await pacer.step();
    expect(pauses).toEqual([50 * PAUSE_FACTOR]);
  });

  it('on a sampled load (the queue thread), decides over the samples and waits twice its own steps', async () => {
    // The thread's clock (`now`) and the main thread's samples, taken every 10 ms.
    const clock = { now: 5_000 };
    let sample = { at: 1_000, busyMs: 0, activeMs: 0 };
    const pauses: number[] = [];
    const pacer = createPacer({
      now: () => clock.now,
      load: () => sample,
      pause: async (ms) => void pauses.push(ms),
    });
    // A step of 4 ms with no new sample: nothing to decide on yet.
    clock.now += 4;
    await pacer.step();
    expect(pauses).toEqual([]);
    // Another 4 ms, with a sample of 10 ms saturated: both steps (8 ms) are followed by twice their time.
    clock.now += 4;
    sample = { at: 1_010, busyMs: 10, activeMs: 9 };
    await pacer.step();
    expect(pauses).toEqual([8 * PAUSE_FACTOR]);
    // Samples of a quiet main thread: no wait, however long the step.
    clock.now += 30;
    sample = { at: 1_040, busyMs: 12, activeMs: 20 };
    await pacer.step();
    expect(pauses).toEqual([8 * PAUSE_FACTOR]);
  });
});

describe('a paced job worker', () => {
  let subject: TestDatabase;
  const workers: JobWorker[] = [];
  const log = pino({ level: 'silent' });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeAll(async () => {
    subject = await createTestDatabase();
  });

  // Each test's worker stops with it: a worker left polling would claim the next test's job, find no handler for
  // its kind and put it off for a retry (as a process without that handler would), and that test would wait.
  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.stop();
  });

  afterAll(async () => {
    await subject?.dispose();
  });

  /** Requests in flight and the loop working all along: the clock itself. */
  const saturated = () => ({ at: performance.now(), busyMs: performance.now(), activeMs: performance.now() });
  const quiet = () => ({ at: performance.now(), busyMs: 0, activeMs: 0 });

  /** Runs one job whose handler works `stepMs`, calls `pace`, and reports how long `pace` took. */
  async function pacedStep(load: JobWorkerOptions['load'], stepMs: number, kind: string, leaseMs?: number) {
    const paced = Promise.withResolvers<number>();
    const pausing = Promise.withResolvers<void>();
    const handler: JobHandler = async (_jobs, pace) => {
      await sleep(stepMs);
      pausing.resolve();
      const started = performance.now();
      try {
        await pace();
      } finally {
        // Once the worker stops, the step throws (the job goes back to the queue): its wait counts all the same.
        paced.resolve(performance.now() - started);
      }
    };
    const worker = createJobWorker({
      db: subject.database.db,
      dialect: subject.database.dialect,
      handlers: { [kind]: handler },
      log,
      pollMs: 100,
      load,
      ...(leaseMs === undefined ? {} : { leaseMs }),
    });
    workers.push(worker);
    await enqueueJobs(subject.database.db, [{ id: `${kind}-1`, kind, runAt: new Date() }]);
    worker.start();
    return { worker, paced: paced.promise, pausing: pausing.promise };
  }

  it('steps aside for twice the step while requests are in flight all along', async () => {
    // Always a request in flight: the busy time grows with the clock.
    const { paced } = await pacedStep(saturated, 80, 'busy');
    // A timer may fire a millisecond early; never much sooner than asked.
    expect(await paced).toBeGreaterThanOrEqual(80 * PAUSE_FACTOR - 5);
  });

  it('does not wait with no request in flight', async () => {
    const { paced } = await pacedStep(quiet, 200, 'quiet');
    // The wait would be 400 ms.
    expect(await paced).toBeLessThan(150);
  });

  it('ends its waits within half the lease of the batch in hand, so that no other process claims it meanwhile', async () => {
    // A lease of 2 s and a busy step of 600 ms: the wait would be 1.2 s, and ends when 1 s has passed since the claim.
    const { paced } = await pacedStep(saturated, 600, 'leased', 2_000);
    expect(await paced).toBeLessThan(900);
  });

  it('ends a wait when the worker stops', async () => {
    // A step of 1.2 s while busy: a wait of MAX_PAUSE_MS (2 s).
    const { worker, paced, pausing } = await pacedStep(saturated, 1_200, 'stopping');
    await pausing;
    const started = performance.now();
    await worker.stop();
    expect(await paced).toBeLessThan(MAX_PAUSE_MS);
    expect(performance.now() - started).toBeLessThan(MAX_PAUSE_MS);
    // Stopped at that step, the job is handed back, due at once and its attempt not counted (decision 060).
    const job = await subject.database.db
      .selectFrom('jobs')
      .select(['claim', 'attempts'])
      .where('id', '=', 'stopping-1')
      .executeTakeFirstOrThrow();
    expect({ claim: job.claim, attempts: Number(job.attempts) }).toEqual({ claim: null, attempts: 0 });
  });
});
