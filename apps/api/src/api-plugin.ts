import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from './db/database.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { handleNotFound } from './plugins/error-handler.ts';

export type ApiOptions = { database: DatabaseHandle };

/** Everything under /api, encapsulated: feature modules register here. */
export const apiPlugin: FastifyPluginAsync<ApiOptions> = async (api, { database }) => {
  await api.register(healthRoutes, { database });

  // Explicit catch-alls: the web plugin's `/*` would otherwise answer unknown /api paths with an HTML page.
  api.all('/', { schema: { hide: true } }, handleNotFound);
  api.all('/*', { schema: { hide: true } }, handleNotFound);
  api.setNotFoundHandler(handleNotFound);
};
