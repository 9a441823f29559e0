import type { GeocodedPlace } from '@eco/domain';
import { sql } from 'kysely';
import { dialectOf } from '../../db/dialect-of.ts';
import type { DB } from '../../db/schema.ts';

// The geocoder's shared state in the database, so that every server process keeps one pace and one cache.

/** How long an answer is kept: streets rarely move, and the public instance asks us not to ask twice. */
export const GEOCODED_LIFETIME_MS = 30 * 24 * 3_600_000;

/**
 * The database's clock in epoch milliseconds, fixed for the statement: every machine's process reads the same clock,
 * so a skewed server clock cannot bunch requests together.
 */
function databaseNowMs(db: DB) {
  return dialectOf(db) === 'postgres'
    ? sql<number>`(extract(epoch from statement_timestamp()) * 1000)::double precision`
    : sql<number>`((julianday('now') - 2440587.5) * 86400000.0)`;
}

/**
 * Takes the next free moment to ask the geocoder (at least `intervalMs` after the one taken before, by any process),
 * in one atomic statement; undefined, without taking it, when that moment is more than `maxWaitMs` away. Answers how
 * long to wait for it.
 */
export async function reserveGeocoderSlot(
  db: DB,
  intervalMs: number,
  maxWaitMs: number,
): Promise<{ waitMs: number } | undefined> {
  const now = databaseNowMs(db);
  const row = await db
    .insertInto('geocoder_pace')
    .values({ id: 1, next_at: sql<number>`${now} + ${intervalMs}` })
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet({
          next_at: sql<number>`case when geocoder_pace.next_at <= ${now} then ${now} + ${intervalMs} else geocoder_pace.next_at + ${intervalMs} end`,
        })
        .where('geocoder_pace.next_at', '<=', sql<number>`${now} + ${maxWaitMs}`),
    )
    .returning(['next_at', now.as('now')])
    .executeTakeFirst();
  return row === undefined ? undefined : { waitMs: Number(row.next_at) - intervalMs - Number(row.now) };
}

export async function findGeocoded(
  db: DB,
  queryHash: string,
  now = new Date(),
): Promise<GeocodedPlace[] | null> {
  const row = await db
    .selectFrom('geocoded_addresses')
    .select('places')
    .where('query_hash', '=', queryHash)
    .where('stored_at', '>', new Date(now.getTime() - GEOCODED_LIFETIME_MS).toISOString())
    .executeTakeFirst();
  return row === undefined ? null : (JSON.parse(row.places) as GeocodedPlace[]);
}

export async function storeGeocoded(
  db: DB,
  queryHash: string,
  places: GeocodedPlace[],
  now = new Date(),
): Promise<void> {
  const values = { query_hash: queryHash, places: JSON.stringify(places), stored_at: now.toISOString() };
  await db
    .insertInto('geocoded_addresses')
    .values(values)
    .onConflict((conflict) =>
      conflict.column('query_hash').doUpdateSet({ places: values.places, stored_at: values.stored_at }),
    )
    .execute();
}

/** Removes the answers older than their lifetime; returns how many. */
export async function purgeExpiredGeocoded(db: DB, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('geocoded_addresses')
    .where('stored_at', '<=', new Date(now.getTime() - GEOCODED_LIFETIME_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
