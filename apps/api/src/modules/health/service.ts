import { sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

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
