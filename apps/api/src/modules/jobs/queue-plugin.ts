import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { DB, Dialect } from '../../db/schema.ts';
import { createQueueThread } from './queue-thread.ts';
import type { LoadSample } from './shared-load.ts';
import { createJobWorker, type JobHandler, type JobWorker } from './worker.ts';

/** A process that does not run the queue (JOBS_WORKER=off): what it queues waits for one that does. */
const NO_WORKER: JobWorker = { start() {}, wake() {}, stop: async () => {} };

/**
 * This process's job worker, where JOBS_WORKER puts it: started when the app is ready, stopped (the batch in hand
 * finished) when it closes. On the main thread (`on`), `handlers` receive the worker's wake so that what they queue
 * for now runs at once; on the queue thread (`thread`, decision 052) the thread builds its own, and a wake here is
 * passed on to it. With `off` (decision 051) there is none, and a wake does nothing: the processes that run the queue
 * find the work within their poll.
 */
export function startJobWorker(
  app: FastifyInstance,
  options: {
    db: DB;
    dialect: Dialect;
    config: Config;
    handlers: (wake: () => void) => Record<string, JobHandler>;
    /** Adds the queue thread's e-mails to the process's metrics (the main thread's mailer counts its own). */
    countEmails?: (outcome: 'sent' | 'failed', count: number) => void;
  },
): JobWorker {
  const { config } = options;
  if (config.jobsWorker === 'off') return NO_WORKER;
  // The requests' load, which paces the queue (decision 046) on this thread or on its own (decision 057).
  const load = (): LoadSample => ({
    at: performance.now(),
    busyMs: app.frontDoor.pressure.busyMs(),
    activeMs: performance.eventLoopUtilization().active,
  });
  const worker: JobWorker =
    config.jobsWorker === 'thread'
      ? createQueueThread({ config, log: app.log, countEmails: options.countEmails, load })
      : createJobWorker({
          db: options.db,
          dialect: options.dialect,
          // The handlers wake the worker they run in, which exists by the time they run.
          handlers: options.handlers(() => worker.wake()),
          log: app.log,
          pollMs: config.jobsPollMs,
          load,
        });
  app.addHook('onReady', async () => worker.start());
  // The close stops the worker at once and waits for it after the server has stopped accepting connections: the
  // batch in hand (or a thread still starting) finishes beside the requests in flight instead of keeping the port
  // open.
  let stopped: Promise<void> | undefined;
  app.addHook('preClose', async () => {
    stopped = worker.stop();
  });
  app.addHook('onClose', async () => {
    await (stopped ?? worker.stop());
  });
  return worker;
}
