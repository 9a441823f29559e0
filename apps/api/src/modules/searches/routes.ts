import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { errorResponses } from '../../plugins/error-schema.ts';
import { requireSession } from '../sessions/require-session.ts';
import { MAX_SAVED_SEARCHES } from './messages.ts';
import {
  createSearchBodySchema,
  savedSearchSchema,
  searchListSchema,
  searchParamsSchema,
  updateSearchBodySchema,
} from './schemas.ts';
import { createSavedSearchesService } from './service.ts';

const TAGS = ['searches'];
const signedIn = { onRequest: async (request: FastifyRequest) => void (await requireSession(request)) };
const SIGNED_IN: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

/** "Búsquedas guardadas" (decision 041): the member's own, never cached. Their alerts are jobs (alerts.ts). */
export const savedSearchRoutes: FastifyPluginAsyncZod<{ db: DB }> = async (app, { db }) => {
  const searches = createSavedSearchesService(db);

  app.post(
    '/searches',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Guardar una búsqueda',
        description:
          'El texto y los filtros de explorar (los mismos campos que GET /api/publications) bajo un nombre. Con ' +
          '`alert`, cada anuncio que se publique y coincida (como en explorar: acentos, plurales, faltas de ' +
          'ortografía, filtros) avisa con una notificación, nunca los propios ni dos veces el mismo; con `digest` ' +
          `también va al resumen diario por e-mail. Hasta ${MAX_SAVED_SEARCHES} por miembro (409).`,
        security: SIGNED_IN,
        body: createSearchBodySchema,
        response: { 201: savedSearchSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await searches.create(user, request.body));
    },
  );

  app.get(
    '/searches',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Mis búsquedas guardadas',
        description: 'Las más recientes primero; `query` abre la búsqueda en explorar.',
        security: SIGNED_IN,
        response: { 200: searchListSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      reply.header('cache-control', 'no-store');
      return searches.list(user);
    },
  );

  app.put(
    '/search/:id',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Renombrar una búsqueda guardada o cambiar sus avisos',
        description: 'Solo su dueño: para cualquier otro (también un superusuario) no existe (404).',
        security: SIGNED_IN,
        params: searchParamsSchema,
        body: updateSearchBodySchema,
        response: { 200: savedSearchSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      reply.header('cache-control', 'no-store');
      return searches.update(user, request.params.id, request.body);
    },
  );

  app.delete(
    '/search/:id',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Eliminar una búsqueda guardada',
        description: 'Solo su dueño: para cualquier otro (también un superusuario) no existe (404).',
        security: SIGNED_IN,
        params: searchParamsSchema,
        response: { 204: z.null().describe('Eliminada'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await searches.remove(user, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
