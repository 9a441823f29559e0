import type { FastifyPluginAsync } from 'fastify';
import type { DB } from '../db/schema.ts';
import { purgeExpiredTokens } from '../modules/accounts/repository.ts';
import { purgeExpiredSolutions } from '../modules/captcha/repository.ts';
import { purgeExpiredSessions } from '../modules/sessions/service.ts';

export const HOUSEKEEPING_INTERVAL_MS = 3_600_000;

/** Removes expired sessions, link tokens and used captcha solutions now and then; they are refused anyway, this keeps the tables small. */
export const housekeeping: FastifyPluginAsync<{ db: DB; intervalMs?: number }> = async (
  app,
  { db, intervalMs = HOUSEKEEPING_INTERVAL_MS },
) => {
  async function purge(): Promise<void> {
    try {
      const now = new Date();
      const sessions = await purgeExpiredSessions(db, now);
      const tokens = await purgeExpiredTokens(db, now.toISOString());
      const captchaSolutions = await purgeExpiredSolutions(db, now.toISOString());
      if (sessions + tokens + captchaSolutions > 0) {
        app.log.info(
          { sessions, tokens, captchaSolutions },
          'Expired sessions, tokens and captcha solutions removed',
        );
      }
    } catch (error) {
      app.log.warn({ err: error }, 'Could not remove expired sessions and tokens');
    }
  }

  const timer = setInterval(() => void purge(), intervalMs);
  // The timer alone never keeps the process (or a test run) alive.
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};
