import { setTimeout } from 'node:timers/promises';
import type { Logger } from 'pino';
import { checkDatabase } from '../modules/health/service.ts';
import type { DB } from './schema.ts';

/** The first wait between attempts; each next one doubles, up to the largest. */
export const DATABASE_RETRY_FIRST_MS = 250;
export const DATABASE_RETRY_MAX_MS = 5000;

export class DatabaseUnavailableError extends Error {
  constructor(waitedMs: number, options: { cause: unknown }) {
    super(
      `The database did not answer within ${waitedMs} ms (DATABASE_WAIT_MS): ${String(options.cause)}`,
      options,
    );
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * Resolves once the database answers. A database that is still starting (a container started alongside, a failover)
 * is waited for, with growing pauses and a log line each time, up to `totalMs` in all; then it throws.
 */
export async function waitForDatabase(
  db: DB,
  { totalMs, log }: { totalMs: number; log: Pick<Logger, 'warn' | 'info'> },
): Promise<void> {
  const started = Date.now();
  let pauseMs = DATABASE_RETRY_FIRST_MS;
  for (let attempt = 1; ; attempt += 1) {
    const check = await checkDatabase(db);
    const waitedMs = Date.now() - started;
    if (check.up) {
      if (attempt > 1) log.info({ attempts: attempt, waitedMs }, 'The database answers');
      return;
    }
    if (waitedMs + pauseMs > totalMs) throw new DatabaseUnavailableError(waitedMs, { cause: check.reason });
    log.warn(
      { attempt, retryInMs: pauseMs, waitedMs, reason: String(check.reason) },
      'Waiting for the database…',
    );
    await setTimeout(pauseMs);
    pauseMs = Math.min(pauseMs * 2, DATABASE_RETRY_MAX_MS);
  }
}
