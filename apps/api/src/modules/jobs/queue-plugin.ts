import type { FastifyInstance } from 'fastify';
import type { DB, Dialect } from '../../db/schema.ts';
import { createJobWorker, type JobHandler, type JobWorker } from './worker.ts';

/**
 * This process's job worker: started when the app is ready, stopped (the batch in hand finished) when it closes.
 * `handlers` receive the worker's wake so that what they queue for now runs at once.
 */
export function startJobWorker(
  app: FastifyInstance,
  options: {
    db: DB;
    dialect: Dialect;
    pollMs: number;
    handlers: (wake: () => void) => Record<string, JobHandler>;
  },
): JobWorker {
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
