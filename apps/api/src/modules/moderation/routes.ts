import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moderationReasonSchema, optionalModerationReasonSchema, REPORT_TARGET_TYPES } from '@eco/domain';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { errorResponses } from '../../plugins/error-schema.ts';
import { publicationJsonSchema } from '../publications/schemas.ts';
import { requireSuperUser } from '../sessions/require-session.ts';
import { pageQuerySchema } from '../../paging.ts';
import type { OutcomeNotifier } from './outcome-notices.ts';
import { createModerationService } from './service.ts';

const TAGS = ['moderation'];
const SIGNED_IN: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
// Checked on arrival: guests get 401 and members 403 before anything is said about the request itself.
const superUser = { onRequest: async (request: FastifyRequest) => void (await requireSuperUser(request)) };

const pageQuery = pageQuerySchema;
const idParams = z.object({ id: z.string().min(1).max(100) });
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    totalPages: z.number().int(),
    nextPage: z.number().int().nullable(),
  });
const done = z.object({ message: z.string() });

const waitingItem = z.object({
  publication: publicationJsonSchema,
  captchaVerified: z
    .boolean()
    .nullable()
    .describe('Verificación humana del formulario: superada, fallida o ninguna'),
  reviewNote: z.string().nullable(),
  waitingSince: z.string(),
  openReports: z.number().int(),
  author: z.object({
    id: z.string(),
    name: z.string(),
    memberSince: z.string(),
    published: z.number().int(),
    pending: z.number().int(),
    upheldReports: z.number().int().describe('Denuncias confirmadas sobre sus anuncios o su perfil'),
  }),
});

const reportedItem = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  label: z.string().nullable().describe('Título o nombre; null si ya no existe'),
  openReports: z.number().int(),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
  status: z.number().int().nullable(),
  reviewNote: z.string().nullable(),
  owner: z.object({ id: z.string(), name: z.string() }).nullable(),
  suspended: z.boolean().nullable(),
  isSuperUser: z.boolean().nullable(),
  reports: z.array(
    z.object({
      reason: z.string(),
      comment: z.string().nullable(),
      createdAt: z.string(),
      reporter: z.enum(['member', 'guest']),
    }),
  ),
});

const logItem = z.object({
  id: z.string(),
  actor: z
    .object({ id: z.string().nullable(), name: z.string().nullable() })
    .nullable()
    .describe('null: el sitio'),
  action: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  targetLabel: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});

const suspendedItem = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  pictureUrl: z.string().nullable(),
  suspendedAt: z.string(),
});

/** The moderation desk of the super users: /api/moderation/… */
export const moderationRoutes: FastifyPluginAsyncZod<{ db: DB; notify: OutcomeNotifier }> = async (
  app,
  { db, notify },
) => {
  const desk = createModerationService({ db, storage: app.mediaStorage, notify, log: app.log });
  const schema = <const T extends object>(summary: string, extra: T) => ({
    tags: TAGS,
    summary,
    security: SIGNED_IN,
    ...extra,
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/moderation/queue',
    {
      ...superUser,
      schema: schema('Anuncios en revisión, el más antiguo primero', {
        querystring: pageQuery,
        response: { 200: pageOf(waitingItem), ...errorResponses(400, 401, 403) },
      }),
    },
    async (request) => desk.waiting(request.query),
  );

  app.get(
    '/moderation/reports',
    {
      ...superUser,
      schema: schema('Denuncias abiertas agrupadas por objetivo, el más denunciado primero', {
        querystring: pageQuery,
        response: { 200: pageOf(reportedItem), ...errorResponses(400, 401, 403) },
      }),
    },
    async (request) => desk.reported(request.query),
  );

  app.get(
    '/moderation/log',
    {
      ...superUser,
      schema: schema(
        'Registro de decisiones: quién, qué, sobre qué, por qué y cuándo; lo más nuevo primero',
        {
          querystring: pageQuery,
          response: { 200: pageOf(logItem), ...errorResponses(400, 401, 403) },
        },
      ),
    },
    async (request) => desk.log(request.query),
  );

  app.get(
    '/moderation/suspended',
    {
      ...superUser,
      schema: schema('Miembros suspendidos', {
        querystring: pageQuery,
        response: { 200: pageOf(suspendedItem), ...errorResponses(400, 401, 403) },
      }),
    },
    async (request) => desk.suspended(request.query),
  );

  app.post(
    '/moderation/publications/:id/publish',
    {
      ...superUser,
      schema: schema('Publicar un anuncio (descarta sus denuncias abiertas)', {
        params: idParams,
        body: optionalModerationReasonSchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404, 409) },
      }),
    },
    async (request) => {
      const { user } = await requireSuperUser(request);
      await desk.publish(user, request.params.id, request.body.reason);
      return { message: 'El anuncio está publicado.' };
    },
  );

  app.post(
    '/moderation/publications/:id/review',
    {
      ...superUser,
      schema: schema('Devolver un anuncio a revisión con un motivo para su autor', {
        params: idParams,
        body: moderationReasonSchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404) },
      }),
    },
    async (request) => {
      const { user } = await requireSuperUser(request);
      await desk.sendToReview(user, request.params.id, request.body.reason);
      return { message: 'El anuncio volvió a revisión.' };
    },
  );

  app.post(
    '/moderation/publications/:id/unpublish',
    {
      ...superUser,
      schema: schema('Retirar un anuncio publicado (confirma sus denuncias)', {
        params: idParams,
        body: moderationReasonSchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404, 409) },
      }),
    },
    async (request) => {
      const { user } = await requireSuperUser(request);
      await desk.unpublish(user, request.params.id, request.body.reason);
      return { message: 'El anuncio ya no está publicado.' };
    },
  );

  app.post(
    '/moderation/reports/dismiss',
    {
      ...superUser,
      schema: schema('Descartar las denuncias abiertas de un objetivo', {
        description: 'Un anuncio que las denuncias habían ocultado vuelve a estar publicado.',
        body: optionalModerationReasonSchema.extend({
          targetType: z.enum(REPORT_TARGET_TYPES),
          targetId: z.string().min(1).max(100),
        }),
        response: { 200: done, ...errorResponses(400, 401, 403, 409) },
      }),
    },
    async (request) => {
      const { user } = await requireSuperUser(request);
      const { targetType, targetId, reason } = request.body;
      await desk.dismiss(user, { type: targetType, id: targetId }, reason);
      return { message: 'Las denuncias se descartaron.' };
    },
  );

  app.post(
    '/moderation/users/:id/suspend',
    {
      ...superUser,
      schema: schema('Suspender a un miembro', {
        description:
          'No puede ingresar, sus sesiones terminan ya y sus anuncios y su perfil dejan de verse. Nadie se ' +
          'suspende a sí mismo (400) ni a otro superusuario (403).',
        params: idParams,
        body: moderationReasonSchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404, 409) },
      }),
    },
    async (request) => {
      const { user } = await requireSuperUser(request);
      await desk.suspend(user, request.params.id, request.body.reason);
      return { message: 'La cuenta está suspendida.' };
    },
  );

  app.post(
    '/moderation/users/:id/reinstate',
    {
      ...superUser,
      schema: schema('Levantar la suspensión de un miembro', {
        params: idParams,
        body: optionalModerationReasonSchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404, 409) },
      }),
    },
    async (request) => {
      const { user } = await requireSuperUser(request);
      await desk.reinstate(user, request.params.id, request.body.reason);
      return { message: 'La cuenta está activa de nuevo.' };
    },
  );
};
