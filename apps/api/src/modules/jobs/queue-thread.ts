import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { queuePauses } from './pacer.ts';
import { createLoadBuffer, publishLoad, type LoadSample } from './shared-load.ts';
import type { JobWorker } from './worker.ts';

// The job queue on a thread of its own (JOBS_WORKER=thread, PostgreSQL's default; decision 052). A burst of
// reminders is minutes of JavaScript (claims, notifications, e-mails); on the main thread it took turns with the
// requests at the same priority. On its own thread, at nice QUEUE_THREAD_NICE, the operating system gives the
// requests a core first and the queue what they leave, as the queue's own niced process of decision 051 does,
// without a process to deploy. The thread has its own connections, mailer and media storage, like another process:
// what it writes reaches the others' caches and streams the way another process's writes do. The priority covers the
// thread's JavaScript, not the statements it has the database run at the requests' priority: the thread paces its work
// by the requests' load (decision 057), which this thread samples into shared memory for it (shared-load.ts).

/** The queue thread's nice increment: the request threads get about ten times its share of a busy core. */
export const QUEUE_THREAD_NICE = 10;
/** After the thread stopped unexpectedly, the first wait before another starts; it doubles up to a minute. */
const RESTART_MS = 1_000;

/** The thread's script beside this module's: TypeScript from the sources, JavaScript in the compiled server. */
const QUEUE_THREAD = new URL(
  import.meta.url.endsWith('.ts') ? './queue-thread-main.ts' : './queue-thread-main.js',
  import.meta.url,
);

export type QueueThreadData = { config: Config; nice: number; load?: SharedArrayBuffer };
export type QueueThreadRequest = { type: 'wake' } | { type: 'stop' };
export type QueueThreadReport =
  /** Running, at this nice value (undefined where it could not be set). */
  | { type: 'started'; nice: number | undefined }
  /** E-mails sent and failed since the last report (the process's /metrics counts them). */
  | { type: 'emails'; sent: number; failed: number }
  /** Seconds the queue waited for the requests since the last report (ditto). */
  | { type: 'paused'; seconds: number };

export function createQueueThread({
  config,
  log,
  countEmails,
  nice = QUEUE_THREAD_NICE,
  load,
  spawned,
}: {
  config: Config;
  log: FastifyBaseLogger;
  /** Adds the thread's e-mails to the process's metrics. */
  countEmails?: (outcome: 'sent' | 'failed', count: number) => void;
  nice?: number;
  /** The requests' load on this thread (pacer.ts); the queue is not paced without. */
  load?: () => LoadSample;
  /** Told of each thread as it starts (a test ends one to see another take its place). */
  spawned?: (thread: Worker) => void;
}): JobWorker {
  let thread: Worker | undefined;
  let stopping = false;
  let restartMs = RESTART_MS;
  let restartTimer: NodeJS.Timeout | undefined;
  let stopPublishing: (() => void) | undefined;
  const loadBuffer = load === undefined ? undefined : createLoadBuffer();

  function spawn(): void {
    if (loadBuffer !== undefined && load !== undefined) stopPublishing ??= publishLoad(loadBuffer, load);
    const worker = new Worker(QUEUE_THREAD, {
      workerData: { config, nice, load: loadBuffer } satisfies QueueThreadData,
    });
    thread = worker;
    spawned?.(worker);
    worker.on('message', (report: QueueThreadReport) => {
      if (report.type === 'started') {
        restartMs = RESTART_MS;
        if (report.nice === undefined) log.warn('The job queue runs on its thread at the same CPU priority');
      } else if (report.type === 'emails') {
        if (report.sent > 0) countEmails?.('sent', report.sent);
        if (report.failed > 0) countEmails?.('failed', report.failed);
      } else if (report.type === 'paused') {
        queuePauses.seconds += report.seconds;
      }
    });
    worker.on('error', (error) => log.error({ err: error }, 'The job queue thread failed'));
    worker.on('exit', (code) => {
      if (thread === worker) thread = undefined;
      if (stopping) return;
      // Its claimed jobs come back when their lease ends; the queue itself must not stay down.
      log.error({ code, restartInMs: restartMs }, 'The job queue thread stopped: starting another');
      restartTimer = setTimeout(spawn, restartMs);
      restartMs = Math.min(restartMs * 2, 60_000);
    });
  }

  return {
    start() {
      if (thread !== undefined || stopping) return;
      spawn();
    },
    wake() {
      thread?.postMessage({ type: 'wake' } satisfies QueueThreadRequest);
    },
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      stopPublishing?.();
      const worker = thread;
      if (worker === undefined) return;
      // The thread finishes its batch in hand, closes its connections and mailer, then ends.
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ type: 'stop' } satisfies QueueThreadRequest);
      await exited;
    },
  };
}
