import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { errorResponses } from '../../plugins/error-schema.ts';
import { requireSession } from '../sessions/require-session.ts';
import { keptVapidKeys } from './keys.ts';
import {
  deviceListSchema,
  deviceSchema,
  pushKeyAnswerSchema,
  subscribeBodySchema,
  unsubscribeBodySchema,
} from './schemas.ts';
import { createPushSender } from './sender.ts';
import { createPushService } from './service.ts';

const TAGS = ['push'];
// Checked on arrival, so that a guest gets 401 before anything is said about the request itself.
const signedIn = { onRequest: async (request: FastifyRequest) => void (await requireSession(request)) };
const SIGNED_IN: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

/** Web Push (decision 038): the VAPID key, a member's devices, and the sender of the queued pushes. */
export const pushRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; config: Config }> = async (
  app,
  { database, config },
) => {
  const { db, dialect } = database;
  const keys = keptVapidKeys(db, config.push);
  const push = createPushService({ db, config: config.push, keys });
  const sender = createPushSender({ db, dialect, config: config.push, keys, log: app.log });
  app.addHook('onClose', async () => sender.close());

  app.get(
    '/push/key',
    {
      schema: {
        tags: TAGS,
        summary: 'Clave pública de las notificaciones push',
        description:
          'La misma en todos los procesos del sitio; no cambia mientras haya dispositivos suscriptos.',
        response: { 200: pushKeyAnswerSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { publicKey: await push.publicKey() };
    },
  );

  app.get(
    '/push/subscriptions',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Mis dispositivos con notificaciones push',
        security: SIGNED_IN,
        response: { 200: deviceListSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      reply.header('cache-control', 'no-store');
      return { devices: await push.devices(user.id) };
    },
  );

  app.post(
    '/push/subscriptions',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Activar las notificaciones push en este dispositivo',
        description:
          'Recibe el `PushSubscription.toJSON()` del navegador y los tipos de avisos. Idempotente por `endpoint`: ' +
          'suscribirse de nuevo cambia los tipos. Solo direcciones `https://` de servicios públicos.',
        security: SIGNED_IN,
        body: subscribeBodySchema,
        response: { 201: deviceSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const device = await push.subscribe(user.id, request.body, request.headers['user-agent']);
      return reply.code(201).send(device);
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Desactivar las notificaciones push de un dispositivo',
        description: 'Solo uno de los dispositivos del miembro; uno ajeno o desconocido responde 404.',
        security: SIGNED_IN,
        body: unsubscribeBodySchema,
        response: { 204: z.null().describe('Desactivadas'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await push.unsubscribe(user.id, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
};
