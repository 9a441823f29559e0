import { sql } from 'kysely';
import type { DB, Dialect } from '../../db/schema.ts';

// The durable queue of publications to match (saved_search_queue, migration 0028; a trigger on publications fills
// it in the publishing transaction). Any process claims an entry with a lease; the entry is deleted after its
// matches are saved. A worker that dies leaves its lease to expire and another takes the entry again: what was
// already done is not done twice (the hits' primary key and the notifications' dedupe key), so every match
// notifies exactly once whatever the processes and restarts.

/** How long a claim holds before another worker may take the entry again. */
export const CLAIM_LEASE_MS = 120_000;
/** After this many claims an entry is dropped (and logged): a publication that always fails must not loop. */
export const MAX_ATTEMPTS = 20;
/** A failed entry waits this long per attempt made before it is taken again (another process's lock, a restart). */
export const RETRY_STEP_MS = 1_000;

export type Claim = { publicationId: string; lease: string; attempts: number };

/** Claims the oldest entry nobody holds; undefined when there is none. */
export async function claimNext(db: DB, dialect: Dialect, now = new Date()): Promise<Claim | undefined> {
  const at = now.toISOString();
  const lease = new Date(now.getTime() + CLAIM_LEASE_MS).toISOString();
  // PostgreSQL: `skip locked` lets workers of several processes claim different entries at once; the outer
  // condition is checked again on the row a concurrent claim may have just changed. SQLite has one writer.
  const lock = dialect === 'postgres' ? sql`for update skip locked` : sql``;
  const { rows } = await sql<{ publication_id: string; attempts: number }>`
    update saved_search_queue set claimed_until = ${lease}, attempts = attempts + 1
    where claimed_until < ${at} and publication_id = (
      select publication_id from saved_search_queue where claimed_until < ${at}
      order by enqueued_at, publication_id limit 1 ${lock})
    returning publication_id, attempts`.execute(db);
  const row = rows[0];
  return row === undefined
    ? undefined
    : { publicationId: row.publication_id, lease, attempts: Number(row.attempts) };
}

/** Done: the entry goes, unless another worker has claimed it since (its lease is then another). */
export async function complete(db: DB, claim: Claim): Promise<void> {
  await db
    .deleteFrom('saved_search_queue')
    .where('publication_id', '=', claim.publicationId)
    .where('claimed_until', '=', claim.lease)
    .execute();
}

/** Failed: the entry is left to be taken again after a short wait that grows with its attempts. */
export async function release(db: DB, claim: Claim, now = new Date()): Promise<void> {
  await db
    .updateTable('saved_search_queue')
    .set({ claimed_until: new Date(now.getTime() + claim.attempts * RETRY_STEP_MS).toISOString() })
    .where('publication_id', '=', claim.publicationId)
    .where('claimed_until', '=', claim.lease)
    .execute();
}

export async function queueLength(db: DB): Promise<number> {
  const row = await db
    .selectFrom('saved_search_queue')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
