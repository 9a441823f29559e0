import type { FastifyInstance } from 'fastify';
import type { DB, Dialect } from '../../db/schema.ts';
import { createJobWorker, type JobHandler, type JobWorker } from './worker.ts';

/** A process that does not run the queue (JOBS_WORKER=off): what it queues waits for one that does. */
const NO_WORKER: JobWorker = { start() {}, wake() {}, stop: async () => {} };

/**
 * This process's job worker: started when the app is ready, stopped (the batch in hand finished) when it closes.
 * `handlers` receive the worker's wake so that what they queue for now runs at once. With `run` false (decision
 * 051: the queue in processes of its own) there is none, and a wake does nothing: the processes that run the queue
 * find the work within their poll.
 */
export function startJobWorker(
  app: FastifyInstance,
  options: {
    db: DB;
    dialect: Dialect;
    pollMs: number;
    run: boolean;
    handlers: (wake: () => void) => Record<string, JobHandler>;
  },
): JobWorker {
  if (!options.run) return NO_WORKER;
  // The handlers wake the worker they run in, which exists by the time they run.
  const worker: JobWorker = createJobWorker({
    db: options.db,
    dialect: options.dialect,
    handlers: options.handlers(() => worker.wake()),
    log: app.log,
    pollMs: options.pollMs,
    load: {
      busyMs: () => app.frontDoor.pressure.busyMs(),
      activeMs: () => performance.eventLoopUtilization().active,
    },
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => worker.stop());
  return worker;
}
