import { sql } from 'kysely';
import { migrationsDone } from '../../db/migrate.ts';
import type { DB } from '../../db/schema.ts';
import type { MediaStorage } from '../media/storage.ts';

export const HEALTH_CHECK_TIMEOUT_MS = 2000;

export type DatabaseCheck = { up: true } | { up: false; reason: unknown };

/** Whether the database answers `select 1` within the timeout. */
export async function checkDatabase(db: DB, timeoutMs = HEALTH_CHECK_TIMEOUT_MS): Promise<DatabaseCheck> {
  try {
    await sql`select 1`.execute(db, { signal: AbortSignal.timeout(timeoutMs) });
    return { up: true };
  } catch (reason) {
    return { up: false, reason };
  }
}

export type ReadinessCheck = {
  database: 'up' | 'down';
  migrations: 'done' | 'pending' | 'unknown';
  storage: 'up' | 'down';
  /** What failed, for the log. */
  reasons: unknown[];
};

/** The database answers with every migration applied, and the media storage is usable; checked at once. */
export async function checkReadiness(
  db: DB,
  storage: MediaStorage,
  timeoutMs = HEALTH_CHECK_TIMEOUT_MS,
): Promise<ReadinessCheck> {
  const reasons: unknown[] = [];
  const signal = AbortSignal.timeout(timeoutMs);
  const [migrations, storageUp] = await Promise.all([
    migrationsDone(db, signal).then(
      (done) => (done ? 'done' : 'pending'),
      (reason: unknown) => void reasons.push(reason),
    ),
    // Raced with the timeout: a storage that hangs is not usable either.
    Promise.race([Promise.resolve().then(() => storage.check?.()), aborted(signal)]).then(
      () => true,
      (reason: unknown) => void reasons.push(reason),
    ),
  ]);
  // The migrations' query is the database's check: it answered, whatever it found.
  return {
    database: migrations === undefined ? 'down' : 'up',
    migrations: migrations ?? 'unknown',
    storage: storageUp === true ? 'up' : 'down',
    reasons,
  };
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) =>
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }),
  );
}
