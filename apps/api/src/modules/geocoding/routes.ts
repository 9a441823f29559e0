import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { registerAttemptLimits } from '../../plugins/attempt-limits.ts';
import { errorResponses } from '../../plugins/error-schema.ts';
import { requireSession } from '../sessions/require-session.ts';
import { GEOCODER_OFF_MESSAGE, GEOCODER_TOO_MANY_MESSAGE } from './messages.ts';
import { createNominatimGeocoder } from './nominatim.ts';
import { addressAnswerSchema, addressQuerySchema } from './schemas.ts';
import { createGeocodingService, GEOCODER_RETRY_S } from './service.ts';

/** Searches a member may make in a window: a few tries per publication, never a bulk geocoding service. */
export const ADDRESS_SEARCHES_MAX = 30;
export const ADDRESS_SEARCHES_WINDOW_MS = 15 * 60_000;

const signedIn = { onRequest: async (request: FastifyRequest) => void (await requireSession(request)) };

type Options = { db: DB; config: Config };

/**
 * "Buscar la dirección" in the publication form (decision 050): a typed address to candidate points, through the
 * configured Nominatim-compatible service (GEOCODER_URL), paced and cached for every process in the database.
 * Members only: the form is theirs, and a public endpoint would turn our quota into anyone's geocoder.
 */
export const geocodingRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, config }) => {
  const settings = config.geocoder;
  const service =
    settings === null
      ? null
      : createGeocodingService({
          db,
          settings,
          geocoder: createNominatimGeocoder(settings, config.publicUrl),
          log: app.log,
        });
  await registerAttemptLimits(app, db);
  const perMember = app.createRateLimit({
    max: ADDRESS_SEARCHES_MAX,
    timeWindow: ADDRESS_SEARCHES_WINDOW_MS,
    keyGenerator: async (request: FastifyRequest) =>
      `places-search|user|${(await requireSession(request)).user.id}`,
  });

  app.get(
    '/places/search',
    {
      ...signedIn,
      schema: {
        tags: ['places'],
        summary: 'Buscar una dirección',
        description:
          'Convierte la dirección escrita en el formulario en puntos candidatos, con el servicio compatible con ' +
          'Nominatim configurado en GEOCODER_URL (404 si no hay ninguno). Solo miembros; hasta ' +
          `${ADDRESS_SEARCHES_MAX} búsquedas cada ${ADDRESS_SEARCHES_WINDOW_MS / 60_000} minutos (429). Las ` +
          'respuestas se guardan 30 días. El servicio se consulta a su ritmo (GEOCODER_INTERVAL_MS, compartido ' +
          'por todos los procesos): si la espera sería larga, o si no responde, 503 con Retry-After.',
        security: [{ bearer: [] }, { cookie: [] }],
        querystring: addressQuerySchema,
        response: { 200: addressAnswerSchema, ...errorResponses(400, 401, 404, 429, 503) },
      },
      preHandler: async (request, reply) => {
        if (service === null) throw new HttpError(404, GEOCODER_OFF_MESSAGE);
        const result = await perMember(request);
        if (result.isAllowed || !result.isExceeded) return;
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new HttpError(429, GEOCODER_TOO_MANY_MESSAGE);
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      try {
        return { places: await service!.search(request.query) };
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 503)
          reply.header('retry-after', String(GEOCODER_RETRY_S));
        throw error;
      }
    },
  );
};
