import { isDatabaseUnavailable } from './connection-errors.ts';
import { readListVersion } from './list-versions.ts';
import type { DB } from './schema.ts';

// The read replica (DATABASE_READ_URL) serves what is computed under a list's version (decision 040). A list's
// answer, counts and corrections are remembered under the version read on the primary before computing them
// (list-versions.ts), so they must be computed from rows at least that new. Every write a list shows raises that
// version in its own transaction, and a streaming replica replays transactions in commit order: a replica whose copy
// of the version is at least the primary's has replayed every write the answer may show. Then it reads; otherwise
// (it lags, or does not answer) the primary does. The same rule gives a member their own writes: their write raised
// the version, so the replica serves them again only once it has replayed it.

/** How the lists' reads went to the replica, since the process started: what /metrics reports. */
export type ReplicaReads = { replica: number; behind: number; failed: number };

const counts: ReplicaReads = { replica: 0, behind: 0, failed: 0 };

/**
 * After the replica failed to answer, the primary reads alone for this long: a replica whose host does not answer
 * would otherwise cost every list the pool's connection timeout.
 */
export const REPLICA_PAUSE_MS = 5000;
const pausedUntil = new WeakMap<DB, number>();

export function replicaReads(): Readonly<ReplicaReads> {
  return counts;
}

/**
 * Where a read computed under `version` of `list` runs: `replica` once it has replayed that version, `primary`
 * otherwise (no replica, a lagging one, or one that does not answer).
 */
export async function readsAt(
  replica: DB | undefined,
  primary: DB,
  list: string,
  version: number,
): Promise<DB> {
  if (replica === undefined) return primary;
  if ((pausedUntil.get(replica) ?? 0) > Date.now()) {
    counts.failed += 1;
    return primary;
  }
  try {
    if ((await readListVersion(replica, list)) >= version) {
      counts.replica += 1;
      return replica;
    }
    counts.behind += 1;
  } catch (error) {
    // A replica down or restarting is not the request's problem: the primary answers.
    if (!isDatabaseUnavailable(error)) throw error;
    counts.failed += 1;
    pausedUntil.set(replica, Date.now() + REPLICA_PAUSE_MS);
  }
  return primary;
}
