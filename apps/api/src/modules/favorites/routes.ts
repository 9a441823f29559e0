import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { errorResponses } from '../../plugins/error-schema.ts';
import { publicationParamsSchema } from '../publications/schemas.ts';
import { requireSession } from '../sessions/require-session.ts';
import { amongAnswerSchema, amongQuerySchema, favoritePageSchema, favoriteQuerySchema } from './schemas.ts';
import { createFavoritesService } from './service.ts';

const TAGS = ['favorites'];
// Checked on arrival, so that a guest gets 401 before anything is said about the request itself.
const signedIn = { onRequest: async (request: FastifyRequest) => void (await requireSession(request)) };
const SIGNED_IN: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

/** "Guardar": a member's saved publications (decision 033). Every answer is the member's own: never cached. */
export const favoriteRoutes: FastifyPluginAsyncZod<{ db: DB }> = async (app, { db }) => {
  const favorites = createFavoritesService({ db, storage: app.mediaStorage });

  app.put(
    '/publication/:id/favorite',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Guardar un anuncio',
        description:
          'Idempotente: guardarlo de nuevo no cambia nada. Uno que el miembro no puede ver (no publicado y ajeno) ' +
          'no existe para él (404), como en GET /api/publication/{id}.',
        security: SIGNED_IN,
        params: publicationParamsSchema,
        response: { 204: z.null().describe('Guardado'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await favorites.save(user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/publication/:id/favorite',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Dejar de guardar un anuncio',
        description:
          'Idempotente. Uno guardado se quita aunque ya no esté publicado; uno que el miembro no puede ver y no ' +
          'guardó responde 404.',
        security: SIGNED_IN,
        params: publicationParamsSchema,
        response: { 204: z.null().describe('Ya no está guardado'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await favorites.remove(user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/favorites',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Mis anuncios guardados',
        description:
          'Los guardados más recientemente primero. Uno que ya no está publicado (y que el miembro no puede ver) ' +
          'llega con `publication: null`: se muestra "Este anuncio ya no está publicado", sin su contenido. Uno ' +
          'eliminado desaparece de la lista.',
        security: SIGNED_IN,
        querystring: favoriteQuerySchema,
        response: { 200: favoritePageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      reply.header('cache-control', 'no-store');
      return favorites.list(user, request.query);
    },
  );

  app.get(
    '/favorites/among',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Cuáles de estos anuncios guardé',
        description:
          'Para marcar "Guardado" en las tarjetas de una lista, que es la misma para todos y no lo dice: ' +
          '`?ids=a,b,c` (hasta una página) responde los que el miembro guardó.',
        security: SIGNED_IN,
        querystring: amongQuerySchema,
        response: { 200: amongAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      reply.header('cache-control', 'no-store');
      return { ids: await favorites.among(user, request.query.ids) };
    },
  );
};
