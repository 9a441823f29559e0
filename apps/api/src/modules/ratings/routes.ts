import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { pageQuerySchema } from '../../paging.ts';
import { errorResponses } from '../../plugins/error-schema.ts';
import type { CommunityMail } from '../notifications/community-mail.ts';
import { requireSession } from '../sessions/require-session.ts';
import {
  createRatingBodySchema,
  qualificationAnswerSchema,
  qualificationPageSchema,
  toUserParamsSchema,
  updateRatingBodySchema,
} from './schemas.ts';
import { createRatingsService } from './service.ts';

const TAGS = ['ratings'];
// Checked on arrival, so that a guest gets 401 before anything is said about the request itself.
const signedIn = { onRequest: async (request: FastifyRequest) => void (await requireSession(request)) };
const SIGNED_IN: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

/** Members rate each other: one rating per pair, editable by its author; the list of a profile is public. */
export const ratingRoutes: FastifyPluginAsyncZod<{ db: DB; mail: CommunityMail }> = async (
  app,
  { db, mail },
) => {
  const ratings = createRatingsService({ db, mail });

  app.get(
    '/user/:toUserId/my-qualification',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Mi calificación de un usuario',
        description: '404 cuando todavía no lo califiqué.',
        security: SIGNED_IN,
        params: toUserParamsSchema,
        response: { 200: qualificationAnswerSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      reply.header('cache-control', 'no-store');
      return { qualification: await ratings.mine(user._id, request.params.toUserId) };
    },
  );

  app.post(
    '/user/:toUserId/qualifications',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Calificar a un usuario',
        description:
          'Estrellas de 1 a 5 y un comentario opcional (6 a 300 caracteres). Una calificación por par de ' +
          'usuarios (la segunda responde 409: se edita con PUT); nadie se califica a sí mismo (400). El ' +
          'calificado recibe una notificación y, si los tiene activados, un correo.',
        security: SIGNED_IN,
        params: toUserParamsSchema,
        body: createRatingBodySchema,
        response: { 201: qualificationAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const qualification = await ratings.create(user._id, request.params.toUserId, request.body);
      return reply.code(201).send({ qualification });
    },
  );

  app.put(
    '/user/:toUserId/qualification',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Editar mi calificación de un usuario',
        description:
          'Con el `_id` de la calificación propia. Solo su autor la modifica (403 para los demás, también ' +
          'superusuarios). Un cambio notifica al calificado.',
        security: SIGNED_IN,
        params: toUserParamsSchema,
        body: updateRatingBodySchema,
        response: { 200: qualificationAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return { qualification: await ratings.update(user._id, request.params.toUserId, request.body) };
    },
  );

  app.get(
    '/user/:id/qualifications',
    {
      schema: {
        tags: TAGS,
        summary: 'Calificaciones que recibió un usuario',
        description: 'Las más nuevas primero. Pública.',
        params: z.object({ id: z.string().min(1).max(100) }),
        querystring: pageQuerySchema,
        response: { 200: qualificationPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => ratings.list(request.params.id, request.query),
  );
};
