import type { FastifyPluginAsync } from 'fastify';
import { pruneListChanges } from '../db/list-changes.ts';
import type { DB } from '../db/schema.ts';
import { purgeExpiredTokens } from '../modules/accounts/repository.ts';
import { purgeExpiredSolutions } from '../modules/captcha/repository.ts';
import type { MediaStorage } from '../modules/media/storage.ts';
import { sweepUploads, UPLOAD_GRACE_MS } from '../modules/media/sweep.ts';
import { purgeExpiredGeocoded } from '../modules/geocoding/repository.ts';
import { purgeExpiredSessions } from '../modules/sessions/service.ts';
import { purgeExpiredAttempts } from './attempt-store.ts';

export const HOUSEKEEPING_INTERVAL_MS = 3_600_000;

export type HousekeepingOptions = {
  db: DB;
  storage: MediaStorage;
  intervalMs?: number;
  /** How old an upload nothing took must be to be swept (24 hours). */
  uploadGraceMs?: number;
};

/**
 * Now and then: removes expired sessions, link tokens, attempt counters and geocoded addresses (refused or unused
 * anyway; this keeps the tables small) and the lists' logged changes older than an hour, and sweeps the uploads
 * nothing took.
 */
export const housekeeping: FastifyPluginAsync<HousekeepingOptions> = async (
  app,
  { db, storage, intervalMs = HOUSEKEEPING_INTERVAL_MS, uploadGraceMs = UPLOAD_GRACE_MS },
) => {
  let running: Promise<void> | undefined;

  async function purge(): Promise<void> {
    try {
      const now = new Date();
      const sessions = await purgeExpiredSessions(db, now);
      const tokens = await purgeExpiredTokens(db, now.toISOString());
      const captchaSolutions = await purgeExpiredSolutions(db, now.toISOString());
      const attempts = await purgeExpiredAttempts(db, now);
      const listChanges = await pruneListChanges(db, now);
      const geocoded = await purgeExpiredGeocoded(db, now);
      if (sessions + tokens + captchaSolutions + attempts + listChanges + geocoded > 0) {
        app.log.info(
          { sessions, tokens, captchaSolutions, attempts, listChanges, geocoded },
          'Expired sessions, tokens, captcha solutions, attempt counters, list changes and geocoded addresses removed',
        );
      }
    } catch (error) {
      app.log.warn({ err: error }, 'Could not remove expired sessions and tokens');
    }
    try {
      const swept = await sweepUploads({ db, storage, log: app.log, graceMs: uploadGraceMs });
      if (swept.unclaimed + swept.strays + swept.failed > 0) app.log.info(swept, 'Unused uploads swept');
    } catch (error) {
      app.log.warn({ err: error }, 'Could not sweep unused uploads');
    }
  }

  const timer = setInterval(() => {
    // One round at a time: a slow sweep never overlaps the next.
    running ??= purge().finally(() => (running = undefined));
  }, intervalMs);
  // The timer alone never keeps the process (or a test run) alive.
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
};
