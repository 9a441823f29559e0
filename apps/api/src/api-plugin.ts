import type { FastifyPluginAsync } from 'fastify';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { myDataRoutes } from './modules/my-data/routes.ts';
import { publicationRoutes } from './modules/publications/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { handleNotFound } from './plugins/error-handler.ts';
import { refuseNulCharacters } from './plugins/input-guard.ts';
import { originCheck } from './plugins/origin-check.ts';

export type ApiOptions = { database: DatabaseHandle; config: Config };

/** Everything under /api, encapsulated: feature modules register here. */
export const apiPlugin: FastifyPluginAsync<ApiOptions> = async (api, { database, config }) => {
  await api.register(originCheck, { publicUrl: config.publicUrl });
  refuseNulCharacters(api);

  await api.register(healthRoutes, { database });
  await api.register(accountRoutes, { db: database.db, config });
  await api.register(userRoutes, { db: database.db });
  await api.register(myDataRoutes, { db: database.db, config });
  await api.register(mediaRoutes, {
    db: database.db,
    storage: api.mediaStorage,
    maxBytes: config.mediaMaxBytes,
  });
  await api.register(publicationRoutes, { database });

  // Explicit catch-alls: the web plugin's `/*` would otherwise answer unknown /api paths with an HTML page.
  api.all('/', { schema: { hide: true } }, handleNotFound);
  api.all('/*', { schema: { hide: true } }, handleNotFound);
  api.setNotFoundHandler(handleNotFound);
};
