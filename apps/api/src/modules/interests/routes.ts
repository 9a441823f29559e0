import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema } from '../../paging.ts';
import { errorResponses } from '../../plugins/error-schema.ts';
import { amongAnswerSchema, amongQuerySchema } from '../favorites/schemas.ts';
import { publicationParamsSchema } from '../publications/schemas.ts';
import { requireSession } from '../sessions/require-session.ts';
import { agendaPageSchema, agendaQuerySchema, interestedPageSchema } from './schemas.ts';
import type { InterestsService } from './service.ts';

const TAGS = ['interests'];
// Checked on arrival, so that a guest gets 401 before anything is said about the request itself.
const signedIn = { onRequest: async (request: FastifyRequest) => void (await requireSession(request)) };
const SIGNED_IN: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

/** "Me interesa" (decision 036). Every answer is the member's own: never cached. */
export const interestRoutes: FastifyPluginAsyncZod<{ interests: InterestsService }> = async (
  app,
  { interests },
) => {
  app.put(
    '/publication/:id/interest',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Marcar «Me interesa» en un evento o curso',
        description:
          'Idempotente. Programa los recordatorios: 24 horas antes (enseguida si ya falta menos) y, si el miembro ' +
          'lo eligió en su configuración, 1 hora antes. Otro tipo de anuncio: 400. Uno que el miembro no puede ver: ' +
          '404, como en GET /api/publication/{id}.',
        security: SIGNED_IN,
        params: publicationParamsSchema,
        response: { 204: z.null().describe('Marcado'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await interests.mark(user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/publication/:id/interest',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Quitar «Me interesa»',
        description:
          'Idempotente; quita sus recordatorios pendientes. Uno marcado se quita aunque ya no esté publicado; uno ' +
          'que el miembro no puede ver y no marcó responde 404.',
        security: SIGNED_IN,
        params: publicationParamsSchema,
        response: { 204: z.null().describe('Ya no está marcado'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await interests.unmark(user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/publication/:id/interested',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'A quiénes les interesa (su autor o un superusuario)',
        description:
          'Nombre, foto y enlace al perfil público de cada miembro, el primero que marcó primero; nada de sus ' +
          'datos de contacto. A otros miembros: 403.',
        security: SIGNED_IN,
        params: publicationParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: interestedPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      reply.header('cache-control', 'no-store');
      return interests.interested(user, request.params.id, request.query);
    },
  );

  app.get(
    '/interests',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Mi agenda: los eventos y cursos que me interesan',
        description:
          'Los que no terminaron, el más cercano primero; con `past=1`, los que ya terminaron, el más reciente ' +
          'primero. Uno que ya no está publicado llega con `publication: null`.',
        security: SIGNED_IN,
        querystring: agendaQuerySchema,
        response: { 200: agendaPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      reply.header('cache-control', 'no-store');
      return interests.agenda(user, request.query);
    },
  );

  app.get(
    '/interests/among',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Cuáles de estos anuncios me interesan',
        description:
          'Para marcar «Me interesa» en las tarjetas de una lista, que es la misma para todos y no lo dice: ' +
          '`?ids=a,b,c` (hasta una página) responde los que el miembro marcó.',
        security: SIGNED_IN,
        querystring: amongQuerySchema,
        response: { 200: amongAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      reply.header('cache-control', 'no-store');
      return { ids: await interests.among(user, request.query.ids) };
    },
  );
};
