import { setImmediate } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { DB, Dialect } from '../../db/schema.ts';
import { createPacer } from './pacer.ts';
import type { LoadSample } from './shared-load.ts';
import { claimJobs, failJob, finishJobs, nextDue, releaseJobs, type Job } from './repository.ts';

// The loop that runs the queue's jobs in a server process (decision 036). Every process runs one; the claim is
// atomic, so each job is run by one process at a time, and a job is left only when its handler finished it. A
// process that dies holding jobs leaves them due again when their lease ends. Idle, the loop sleeps until the next
// job is due or `pollMs` at most (other processes may queue work it is not told about), and `wake()` cuts that
// short when this process queues something due. While requests keep the process saturated, the work is paced
// (pacer.ts): after every batch, and after every step a handler marks with `pace`. A stopping worker ends its batch at
// the handler's next step and hands back what it had not finished, due at once for the processes still running,
// instead of holding the process open (or its claim for a whole lease when the close runs out of time).

/**
 * Runs a batch of due jobs of one kind. Resolving finishes them all but those in the returned map (their errors),
 * which are retried; throwing retries the whole batch. A handler must tolerate running a job twice (a process that
 * died after the work and before finishing it): its effects are keyed (a notification's dedupe key). A handler
 * whose batch is long calls `pace` between its steps, so that the requests of a saturated process go first; once the
 * worker stops, `pace` throws QueueStopping, which the handler lets through.
 */
export type JobHandler = (
  jobs: Job[],
  pace: () => Promise<void>,
) => Promise<ReadonlyMap<string, unknown> | void>;

export type JobWorkerOptions = {
  db: DB;
  dialect: Dialect;
  handlers: Readonly<Record<string, JobHandler>>;
  log: FastifyBaseLogger;
  /** The longest idle sleep: how late a job queued by another process may start. */
  pollMs: number;
  /** Jobs claimed at once: by default BATCH_SIZE, or SQLITE_BATCH_SIZE on SQLite. */
  batchSize?: number;
  /** How long a claim lasts before a job is due again (a dead process's jobs). Above any batch's run time. */
  leaseMs?: number;
  /** Claims before a failing job is given up. */
  maxAttempts?: number;
  /** How busy requests keep the process (pacer.ts); never paced without. */
  load?: () => LoadSample;
};

export type JobWorker = {
  start(): void;
  /** Something is due now: claim without waiting for the poll. */
  wake(): void;
  /** Stops claiming and waits for the batch in hand, up to its handler's next step (the rest is handed back). */
  stop(): Promise<void>;
};

/** What `pace` throws once the worker stops: the batch's jobs go back to the queue, not counted as failed. */
export class QueueStopping extends Error {
  constructor() {
    super('The job worker is stopping');
    this.name = 'QueueStopping';
  }
}

/** Jobs claimed at once on PostgreSQL, whose statements leave the event loop free while they run. */
export const BATCH_SIZE = 200;
/**
 * Jobs claimed at once on SQLite, whose statements run on the event loop: a batch's claim, its handler's transaction
 * and its finish each hold it for their whole length, which grows with the batch (decision 051).
 */
export const SQLITE_BATCH_SIZE = 50;

/** Pause before the next try of a job that failed `attempts` times: 30 s doubling, up to an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, dialect, handlers, log, pollMs, leaseMs = 300_000, maxAttempts = 8 } = options;
  const batchSize = options.batchSize ?? (dialect === 'sqlite' ? SQLITE_BATCH_SIZE : BATCH_SIZE);
  let stopped = true;
  let loop: Promise<void> | undefined;
  let woken = false;
  let interrupt: (() => void) | undefined;
  /** The pacer's waits in progress: stopping ends them (a wake does not). */
  const pausing = new Set<() => void>();
  const pacer = createPacer({
    load: options.load ?? (() => ({ at: performance.now(), busyMs: 0, activeMs: 0 })),
    pause,
  });
  // Each step first lets the I/O that arrived meanwhile be handled: SQLite's statements run on this thread, and a
  // chain of awaited statements never yields to the event loop (decision 055), so without this the requests would
  // wait for every step of a batch, however short each is. Two turns: from an I/O callback (a PostgreSQL answer) the
  // first comes before the loop polls again, the second after.
  const pace = async () => {
    await setImmediate();
    await setImmediate();
    await pacer.step();
    if (stopped) throw new QueueStopping();
  };
  /** When the batch in hand was claimed: its waits end within half its lease, so the claim never runs out. */
  let claimedAt = 0;

  function pause(ms: number): Promise<void> {
    const wait = Math.min(ms, leaseMs / 2 - (performance.now() - claimedAt));
    if (stopped || wait <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, wait);
      function done() {
        clearTimeout(timer);
        pausing.delete(done);
        resolve();
      }
      pausing.add(done);
    });
  }

  function sleep(ms: number): Promise<void> {
    if (woken || stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        interrupt = undefined;
        resolve();
      }
      interrupt = done;
    });
  }

  async function fail(job: Job, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const last = job.attempts >= maxAttempts;
    log.warn({ err: error, job: job.id, kind: job.kind, attempts: job.attempts, last }, 'Job failed');
    await failJob(db, job, message, last ? null : new Date(Date.now() + retryDelayMs(job.attempts)));
  }

  async function runKind(kind: string, jobs: Job[]): Promise<void> {
    const handler = handlers[kind];
    if (handler === undefined) {
      for (const job of jobs) await fail(job, new Error(`No handler for jobs of kind ${kind}`));
      return;
    }
    let failures: ReadonlyMap<string, unknown>;
    try {
      failures = (await handler(jobs, pace)) ?? new Map();
    } catch (error) {
      failures = new Map(jobs.map((job) => [job.id, error]));
    }
    const unfinished = jobs.filter((job) => failures.get(job.id) instanceof QueueStopping);
    if (unfinished.length > 0) {
      await releaseJobs(db, unfinished);
      failures = new Map([...failures].filter(([, error]) => !(error instanceof QueueStopping)));
    }
    await finishJobs(
      db,
      jobs.filter((job) => !failures.has(job.id)),
    );
    for (const job of jobs) if (failures.has(job.id)) await fail(job, failures.get(job.id));
  }

  async function round(): Promise<number> {
    claimedAt = performance.now();
    const jobs = await claimJobs(db, dialect, { limit: batchSize, leaseMs });
    const byKind = new Map<string, Job[]>();
    for (const job of jobs) byKind.set(job.kind, [...(byKind.get(job.kind) ?? []), job]);
    for (const [kind, batch] of byKind) {
      if (stopped) await releaseJobs(db, batch);
      else await runKind(kind, batch);
    }
    if (jobs.length > 0 && !stopped) await pace();
    return jobs.length;
  }

  async function run(): Promise<void> {
    while (!stopped) {
      woken = false;
      let claimed = 0;
      // Sleeping was no work: the step starts with the claim.
      pacer.restart();
      try {
        claimed = await round();
      } catch (error) {
        if (stopped) break;
        log.warn({ err: error }, 'Could not run the queued jobs');
      }
      if (stopped) break;
      // A burst (100,000 reminders due at once) is hundreds of full batches back to back: the requests that arrived
      // meanwhile are served between two of them (the step that ends each round yields), not after the burst.
      if (claimed === batchSize) continue;
      let wait = pollMs;
      try {
        const next = await nextDue(db);
        // A due job that no claim took is another process's claim in progress: a short pause, not a spin.
        if (next !== undefined)
          wait = Math.max(claimed === 0 ? 50 : 0, Math.min(pollMs, next.getTime() - Date.now()));
      } catch {
        // The poll is the bound either way.
      }
      await sleep(wait);
    }
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      loop = run();
    },
    wake() {
      woken = true;
      interrupt?.();
    },
    async stop() {
      stopped = true;
      interrupt?.();
      for (const done of [...pausing]) done();
      await loop;
    },
  };
}
