import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { geocodeText, type GeocodedPlace, type GeocodeQuery } from '@eco/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { GeocoderConfig } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { GEOCODER_BUSY_MESSAGE, GEOCODER_DOWN_MESSAGE } from './messages.ts';
import { GeocoderUnavailable, type Geocoder } from './nominatim.ts';
import { findGeocoded, reserveGeocoderSlot, storeGeocoded } from './repository.ts';

/** A search waits at most this long for its turn; past it the service is too busy and the person is told so. */
export const GEOCODER_MAX_WAIT_MS = 4000;
/** Seconds a refused search (busy or down) tells the client to wait. */
export const GEOCODER_RETRY_S = 5;

/**
 * Process-wide totals of address searches (shown by /metrics as eco_geocoder_searches_total): answered from the
 * cache, asked of the geocoder, refused because the pace was full, or failed (the geocoder down or astray).
 */
export const geocoderOutcomes = { cached: 0, asked: 0, busy: 0, failed: 0 };

export type GeocodingService = { search(query: GeocodeQuery): Promise<GeocodedPlace[]> };

/** The cache key: what is asked (text, country, the city that frames it), normalised, hashed. */
export function queryHash(query: GeocodeQuery): string {
  const text = geocodeText(query).toLocaleLowerCase('es').replace(/\s+/g, ' ').trim();
  return createHash('sha256')
    .update(`${query.country}|${query.city ?? ''}|${text}`)
    .digest('hex');
}

export function createGeocodingService(options: {
  db: DB;
  geocoder: Geocoder;
  settings: GeocoderConfig;
  log: FastifyBaseLogger;
}): GeocodingService {
  const { db, geocoder, settings, log } = options;
  return {
    async search(query) {
      const hash = queryHash(query);
      const cached = await findGeocoded(db, hash);
      if (cached !== null) {
        geocoderOutcomes.cached += 1;
        return cached;
      }
      const slot = await reserveGeocoderSlot(db, settings.intervalMs, GEOCODER_MAX_WAIT_MS);
      if (slot === undefined) {
        geocoderOutcomes.busy += 1;
        log.warn('Geocoder busy: address search refused');
        throw new HttpError(503, GEOCODER_BUSY_MESSAGE);
      }
      if (slot.waitMs > 0) await sleep(slot.waitMs);
      let places: GeocodedPlace[];
      try {
        places = await geocoder.search(query);
      } catch (error) {
        if (!(error instanceof GeocoderUnavailable)) throw error;
        geocoderOutcomes.failed += 1;
        log.warn({ reason: error.message }, 'Geocoder unavailable: address search failed');
        throw new HttpError(503, GEOCODER_DOWN_MESSAGE);
      }
      geocoderOutcomes.asked += 1;
      await storeGeocoded(db, hash, places);
      return places;
    },
  };
}
