import type { GeocodedPlace } from '@eco/domain';
import { sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

// The geocoder's shared state in the database, so that every server process keeps one pace and one cache.

/** How long an answer is kept: streets rarely move, and the public instance asks us not to ask twice. */
export const GEOCODED_LIFETIME_MS = 30 * 24 * 3_600_000;

/**
 * Takes the next free moment to ask the geocoder (at least `intervalMs` after the one taken before, by any process),
 * in one atomic statement; null, without taking it, when that moment is more than `maxWaitMs` away.
 */
export async function reserveGeocoderSlot(
  db: DB,
  intervalMs: number,
  maxWaitMs: number,
  now = Date.now(),
): Promise<number | null> {
  const row = await db
    .insertInto('geocoder_pace')
    .values({ id: 1, next_at: now + intervalMs })
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet({
          next_at: sql<number>`case when geocoder_pace.next_at <= ${now} then ${now + intervalMs} else geocoder_pace.next_at + ${intervalMs} end`,
        })
        .where('geocoder_pace.next_at', '<=', now + maxWaitMs),
    )
    .returning('next_at')
    .executeTakeFirst();
  return row === undefined ? null : Number(row.next_at) - intervalMs;
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
