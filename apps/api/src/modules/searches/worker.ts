import type { FastifyBaseLogger } from 'fastify';
import type { DB, Dialect } from '../../db/schema.ts';
import { drainQueue } from './alerts.ts';

/** How often each process looks at the queue: a match notifies within a few seconds of being published. */
export const ALERT_POLL_MS = 2_000;

/**
 * Every process works the queue now and then (one round at a time); several processes share it through the claims.
 * `tasks` run after each round (the daily e-mail).
 */
export function startAlertWorker(options: {
  db: DB;
  dialect: Dialect;
  log: FastifyBaseLogger;
  intervalMs?: number;
  tasks?: (() => Promise<void>)[];
}): { close: () => Promise<void> } {
  const { db, dialect, log, intervalMs = ALERT_POLL_MS, tasks = [] } = options;
  let running: Promise<void> | undefined;
  let closed = false;
  async function round(): Promise<void> {
    try {
      await drainQueue(db, dialect, log);
      for (const task of tasks) if (!closed) await task();
    } catch (error) {
      log.warn({ err: error }, 'Saved searches round failed');
    }
  }
  const timer = setInterval(() => {
    if (!closed) running ??= round().finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  return {
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}
