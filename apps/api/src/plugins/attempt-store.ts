import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { DB } from '../db/schema.ts';

type Counter = { current: number; ttl: number };

/**
 * Counts one more attempt under `key` in a fixed window of `windowMs`, atomically (one upsert), so that every server
 * process on the database shares the count: a new or expired counter starts again at 1.
 */
export async function countAttempt(
  db: DB,
  key: string,
  windowMs: number,
  now = new Date(),
): Promise<Counter> {
  const nowIso = now.toISOString();
  const endsAt = new Date(now.getTime() + windowMs).toISOString();
  const expired = sql<boolean>`attempt_counters.window_ends_at <= ${nowIso}`;
  const row = await db
    .insertInto('attempt_counters')
    .values({ key, count: 1, window_ends_at: endsAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else attempt_counters.count + 1 end`,
        window_ends_at: sql<string>`case when ${expired} then ${endsAt} else attempt_counters.window_ends_at end`,
      }),
    )
    .returning(['count', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return {
    current: Number(row.count),
    ttl: Math.max(0, new Date(row.window_ends_at).getTime() - now.getTime()),
  };
}

/** Removes the counters whose window is over; returns how many. */
export async function purgeExpiredAttempts(db: DB, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('attempt_counters')
    .where('window_ends_at', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A @fastify/rate-limit store on the database: limits hold across every process of the site. */
export function databaseAttemptStore(db: DB): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: Counter) => void, timeWindow: number): void {
      countAttempt(db, key, timeWindow).then(
        (counter) => callback(null, counter),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return new DatabaseStore();
    }
  }
  return DatabaseStore;
}
