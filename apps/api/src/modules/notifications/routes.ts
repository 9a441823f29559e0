import type { ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { errorResponses } from '../../plugins/error-schema.ts';
import { pageQuerySchema } from '../../paging.ts';
import { requireSession } from '../sessions/require-session.ts';
import { updateUser } from '../users/repository.ts';
import { UNSUBSCRIBE_INVALID_MESSAGE, UNSUBSCRIBED_MESSAGE } from './messages.ts';
import {
  notificationAnswerSchema,
  notificationPageSchema,
  notificationParamsSchema,
  unsubscribeParamsSchema,
} from './schemas.ts';
import { createNotificationsService } from './service.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';

const TAGS = ['notifications'];
// Checked on arrival, so that a guest gets 401 before anything is said about the request itself.
const signedIn = { onRequest: async (request: FastifyRequest) => void (await requireSession(request)) };
const SIGNED_IN: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

/** How long a browser waits before it reconnects a dropped stream (the `retry:` field). */
export const STREAM_RETRY_MS = 5000;
/** The shortest wait a closing server asks for (its streams' reconnections spread between this and the above). */
export const CLOSING_RETRY_MIN_MS = 1000;
/** setTimeout's largest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The member's notifications, their live unread count, and the one-click unsubscribe of the e-mails. */
export const notificationRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; config: Config }> = async (
  app,
  { database, config },
) => {
  const { db } = database;
  const notifications = createNotificationsService(db);
  const hub = app.unreadHub;
  /**
   * The open streams, ended before the server closes (an open stream would hold the close forever), each with a
   * `retry:` hint: the browser reconnects, through the balancer, to a process that stays. The waits are spread so
   * that a process's thousands of streams do not all come back in the same second.
   */
  const streams = new Set<(retryMs?: number) => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) {
      end(CLOSING_RETRY_MIN_MS + Math.floor(Math.random() * (STREAM_RETRY_MS - CLOSING_RETRY_MIN_MS)));
    }
  });

  app.get(
    '/notifications',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Mis notificaciones',
        description:
          'Las más nuevas primero (6 por página por omisión), con cuántas no leídas tengo (`unread`).',
        security: SIGNED_IN,
        querystring: pageQuerySchema,
        response: { 200: notificationPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      reply.header('cache-control', 'no-store');
      return notifications.list(user._id, request.query);
    },
  );

  app.get(
    '/notifications/stream',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Cantidad de notificaciones no leídas, en vivo (Server-Sent Events)',
        description:
          'text/event-stream. Primero `retry: 5000`, luego un evento `message` con `data: {"unread": n}` al ' +
          'abrir y cada vez que la cantidad cambia (una nueva, una marcada leída o no leída), en todas las ' +
          'instancias del servidor. Comentarios `: heartbeat` periódicos mantienen viva la conexión. Termina ' +
          'cuando vence la sesión, o cuando el servidor se detiene, con un último `retry:` de 1 a 5 segundos ' +
          'para reconectarse a otra instancia.',
        security: SIGNED_IN,
        produces: ['text/event-stream'],
        response: {
          200: z.string().describe('Eventos `data: {"unread": n}`'),
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => {
      const session = await requireSession(request);
      reply.hijack();
      const raw: ServerResponse = reply.raw;
      // An open stream waits for events: it does not keep the process busy (the job queue's pace, decision 046).
      app.frontDoor.pressure.release(raw);
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Proxies (nginx) must pass each event on at once.
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: ${STREAM_RETRY_MS}\n\n`);

      let last: number | undefined;
      let ended = false;
      let unsubscribe = (): void => undefined;
      const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), config.sseHeartbeatMs);
      const expiry = setTimeout(
        () => end(),
        Math.min(Math.max(session.expiresAt.getTime() - Date.now(), 0), MAX_TIMER_MS),
      );
      function end(retryMs?: number): void {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe();
        streams.delete(end);
        if (!raw.writableEnded) raw.end(retryMs === undefined ? undefined : `retry: ${retryMs}\n\n`);
      }
      streams.add(end);
      request.raw.on('close', () => end());
      raw.on('close', () => end());
      raw.on('error', () => end());

      const subscription = await hub.subscribe(session.user._id, (unread) => {
        if (ended || unread === last) return;
        last = unread;
        raw.write(`data: ${JSON.stringify({ unread })}\n\n`);
      });
      if (ended) subscription();
      else unsubscribe = subscription;
    },
  );

  app.put(
    '/notification/:id',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Marcar una notificación como leída o no leída (alterna)',
        description: 'Cuerpo vacío. Solo su destinatario; para los demás no existe (404).',
        security: SIGNED_IN,
        params: notificationParamsSchema,
        response: { 200: notificationAnswerSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return { notification: await notifications.toggle(user._id, request.params.id) };
    },
  );

  app.delete(
    '/notification/:id',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Eliminar una notificación leída',
        description: 'Una no leída responde 409. Solo su destinatario; para los demás no existe (404).',
        security: SIGNED_IN,
        params: notificationParamsSchema,
        response: { 204: z.null().describe('Eliminada'), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await notifications.remove(user._id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  await app.register(async (unsubscribeScope) => {
    // Mail providers post the RFC 8058 form body; the web page may post nothing at all.
    unsubscribeScope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    unsubscribeScope.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (_request, body, done) => {
        const text = String(body).trim();
        if (text === '') return done(null, undefined);
        try {
          done(null, JSON.parse(text));
        } catch {
          done(new HttpError(400, UNSUBSCRIBE_INVALID_MESSAGE), undefined);
        }
      },
    );

    unsubscribeScope.withTypeProvider<ZodTypeProvider>().post(
      '/unsubscribe/:token',
      {
        schema: {
          tags: TAGS,
          summary: 'Dejar de recibir avisos por correo, con el enlace del correo (sin ingresar)',
          description:
            'Un clic (RFC 8058): acepta un cuerpo vacío o el formulario `List-Unsubscribe=One-Click`. Un ' +
            'enlace que no es nuestro responde 400.',
          params: unsubscribeParamsSchema,
          response: { 200: z.object({ message: z.string() }), ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        const userId = readUnsubscribeToken(config.secretKey, request.params.token);
        if (userId === null) throw new HttpError(400, UNSUBSCRIBE_INVALID_MESSAGE);
        await updateUser(db, userId, { email_notifications: 0, updated_at: new Date().toISOString() });
        reply.header('cache-control', 'no-store');
        return { message: UNSUBSCRIBED_MESSAGE };
      },
    );
  });
};
