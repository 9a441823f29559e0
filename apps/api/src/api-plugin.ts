import type { FastifyPluginAsync } from 'fastify';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { assistantRoutes } from './modules/assistant/routes.ts';
import { captchaRoutes } from './modules/captcha/routes.ts';
import { dealRoutes } from './modules/deals/routes.ts';
import { favoriteRoutes } from './modules/favorites/routes.ts';
import { calendarFeedRoutes } from './modules/calendar-feeds/routes.ts';
import { interestRoutes } from './modules/interests/routes.ts';
import { createInterestsService } from './modules/interests/service.ts';
import { startJobWorker } from './modules/jobs/queue-plugin.ts';
import { geocodingRoutes } from './modules/geocoding/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { notifyOutcomes } from './modules/moderation/outcome-notices.ts';
import { moderationRoutes } from './modules/moderation/routes.ts';
import { myDataRoutes } from './modules/my-data/routes.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { publicationRoutes } from './modules/publications/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { createCommunityMail } from './modules/notifications/community-mail.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { ratingRoutes } from './modules/ratings/routes.ts';
import { scheduleDigests } from './modules/searches/digest.ts';
import { savedSearchRoutes } from './modules/searches/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { handleNotFound } from './plugins/error-handler.ts';
import { queueHandlers } from './queue-handlers.ts';
import { refuseNulCharacters } from './plugins/input-guard.ts';
import { originCheck } from './plugins/origin-check.ts';

export type ApiOptions = {
  database: DatabaseHandle;
  config: Config;
  /** With metrics on: counts the e-mails of the queue thread, whose mailer is not the app's. */
  countEmails?: (outcome: 'sent' | 'failed', count: number) => void;
};

/** Everything under /api, encapsulated: feature modules register here. */
export const apiPlugin: FastifyPluginAsync<ApiOptions> = async (api, { database, config, countEmails }) => {
  await api.register(originCheck, { publicUrl: config.publicUrl });
  refuseNulCharacters(api);

  // The e-mails that repeat notifications; registered first, so its onClose runs after every route's.
  const communityMail = createCommunityMail({
    db: database.db,
    mailer: api.mailer,
    publicUrl: config.publicUrl,
    secretKey: config.secretKey,
    logger: api.log,
  });
  api.addHook('onClose', async () => communityMail.settled());

  // The durable job queue's worker of this process (decision 036), where JOBS_WORKER puts it (decisions 051, 052).
  const { db, dialect } = database;
  const jobs = startJobWorker(api, {
    db,
    dialect,
    config,
    countEmails,
    handlers: (wake) =>
      queueHandlers(
        {
          db,
          dialect,
          // SQLite's one connection is this thread's: the matching's large reads go to the reader threads.
          reads: dialect === 'sqlite' ? database.reader : undefined,
          mailer: api.mailer,
          storage: api.mediaStorage,
          publicUrl: config.publicUrl,
          secretKey: config.secretKey,
        },
        wake,
      ),
  });
  await scheduleDigests(db);
  const interests = createInterestsService({
    db,
    dialect,
    storage: api.mediaStorage,
    wake: () => jobs.wake(),
  });

  await api.register(healthRoutes, { database, storage: api.mediaStorage, readiness: api.readiness });
  await api.register(captchaRoutes);
  await api.register(accountRoutes, { db: database.db, config });
  await api.register(userRoutes, { db: database.db, onlinePayments: config.mercadoPago !== null });
  await api.register(myDataRoutes, { db: database.db, config });
  await api.register(mediaRoutes, {
    db: database.db,
    storage: api.mediaStorage,
    maxBytes: config.mediaMaxBytes,
  });
  await api.register(publicationRoutes, {
    database,
    mail: communityMail,
    publicUrl: config.publicUrl,
    secretKey: config.secretKey,
    interests,
  });
  await api.register(reportRoutes, { db: database.db, config });
  await api.register(moderationRoutes, { db: database.db, notify: notifyOutcomes });
  await api.register(ratingRoutes, { db: database.db, mail: communityMail });
  await api.register(notificationRoutes, { database, config });
  await api.register(assistantRoutes, { database, config });
  await api.register(dealRoutes, { db: database.db, config });
  await api.register(favoriteRoutes, { db: database.db });
  await api.register(pushRoutes, { database, config });
  await api.register(calendarFeedRoutes, { db: database.db, publicUrl: config.publicUrl });
  await api.register(savedSearchRoutes, { db });
  await api.register(interestRoutes, { interests });
  await api.register(geocodingRoutes, { db: database.db, config });

  // Explicit catch-alls: the web plugin's `/*` would otherwise answer unknown /api paths with an HTML page.
  api.all('/', { schema: { hide: true } }, handleNotFound);
  api.all('/*', { schema: { hide: true } }, handleNotFound);
  api.setNotFoundHandler(handleNotFound);
};
