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
  // eslint-disable-next-line prefer-const -- the wake closure is made before the worker it wakes
  let worker: JobWorker | undefined;
  const wake = () => worker?.wake();
  worker = createJobWorker({
    db: options.db,
    dialect: options.dialect,
    handlers: options.handlers(wake),
    log: app.log,
    pollMs: options.pollMs,
  });
  const started = worker;
  app.addHook('onReady', async () => started.start());
  app.addHook('preClose', async () => started.stop());
  return started;
}
