import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { errorResponses } from '../../plugins/error-schema.ts';
import { requireSession } from '../sessions/require-session.ts';
import { feedLinksSchema, feedStateSchema, personalFeedParamsSchema } from './schemas.ts';
import { createCalendarFeedsService } from './service.ts';

const TAGS = ['calendar'];
const signedIn = { onRequest: async (request: FastifyRequest) => void (await requireSession(request)) };
const SIGNED_IN: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

/** The personal calendar feed and its link in the member's settings (decision 037). */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{ db: DB; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  const feeds = createCalendarFeedsService({ db, publicUrl });

  app.get(
    '/calendar/:secret.ics',
    {
      schema: {
        tags: TAGS,
        summary: 'Mi agenda como calendario suscribible (enlace secreto, sin sesión)',
        description:
          'GET /api/calendar/{secreto}.ics: iCalendar con los eventos y cursos propios del miembro (en cualquier ' +
          'estado) y los que guardó (publicados), desde hace 30 días en adelante, los 300 más próximos. Funciona ' +
          'sin sesión (las aplicaciones de calendario no la envían); un secreto desconocido o ya cambiado: 404. ' +
          'Responde `ETag`, y 304 a `If-None-Match` con la misma.',
        params: personalFeedParamsSchema,
        produces: ['text/calendar'],
        response: {
          200: z.string().describe('text/calendar; charset=utf-8'),
          304: z.null().describe('Sin cambios desde la ETag enviada'),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const feed = await feeds.personalFeed(request.params.secret);
      // One member's agenda: no shared cache keeps it, no search engine lists it.
      reply.header('cache-control', 'private, no-cache');
      reply.header('x-robots-tag', 'noindex');
      reply.header('referrer-policy', 'no-referrer');
      reply.header('etag', feed.etag);
      if (request.headers['if-none-match'] === feed.etag) return reply.code(304).send(null);
      // Bytes: no serializer runs for them; the schema's string documents the text.
      return reply.type('text/calendar; charset=utf-8').send(feed.text as unknown as string);
    },
  );

  app.get(
    '/me/calendar-feed',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Si tengo un calendario personal (sin su enlace, que solo se muestra al crearlo)',
        security: SIGNED_IN,
        response: { 200: feedStateSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      reply.header('cache-control', 'no-store');
      return { feed: await feeds.describe(user) };
    },
  );

  app.post(
    '/me/calendar-feed',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Crear o cambiar el enlace de mi calendario personal',
        description:
          'Un enlace nuevo, con un secreto aleatorio de 256 bits; el anterior deja de funcionar en el acto (404). ' +
          'Solo el del propio miembro: no hay forma de cambiar el de otro.',
        security: SIGNED_IN,
        response: { 201: feedLinksSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ feed: await feeds.rotate(user) });
    },
  );

  app.delete(
    '/me/calendar-feed',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Quitar mi calendario personal (su enlace deja de funcionar)',
        security: SIGNED_IN,
        response: { 204: z.null().describe('Quitado'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await feeds.remove(user);
      return reply.code(204).send(null);
    },
  );
};
