import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { errorResponses } from '../../plugins/error-schema.ts';
import { sellerAccountOf } from '../deals/seller-account-of.ts';
import { sellerAccountSchema } from '../deals/schemas.ts';
import { ratingDataSchema } from '../ratings/schemas.ts';
import { requireSession, requireSuperUser } from '../sessions/require-session.ts';
import {
  adminUserSchema,
  publicUserSchema,
  updateMeBodySchema,
  updateUserBodySchema,
  userIdParamsSchema,
  userSchema,
  usersPageSchema,
  usersQuerySchema,
} from './schemas.ts';
import { createUsersService } from './service.ts';

const TAGS = ['users'];
// Checked on arrival, so that a guest gets 401 (and a user 403) before anything is said about the request itself.
const signedIn = { onRequest: async (request: FastifyRequest) => void (await requireSession(request)) };
const superUser = { onRequest: async (request: FastifyRequest) => void (await requireSuperUser(request)) };
const SIGNED_IN: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

const meSchema = z.object({
  user: userSchema,
  paymentDetails: z.string().nullable(),
  emailNotifications: z
    .boolean()
    .describe('Recibir avisos por correo (anuncio publicado o devuelto a revisión, calificaciones)'),
  reminderHourBefore: z
    .boolean()
    .describe('«Me interesa» recuerda también 1 hora antes (el de 24 horas antes se envía siempre)'),
  summary: z.object({
    publications: z.object({
      published: z.number().int(),
      pending: z.number().int().describe('En revisión o no publicadas'),
    }),
  }),
  onlinePayments: z.boolean().describe('Si el sitio tiene habilitados los pagos con Mercado Pago'),
  sellerAccount: sellerAccountSchema
    .nullable()
    .describe('Mi cuenta de Mercado Pago; null si no está conectada'),
});

/** The signed-in user's own account (/me), public profiles (/user/{id}) and the super users' list (/users). */
export const userRoutes: FastifyPluginAsyncZod<{ db: DB; onlinePayments: boolean }> = async (
  app,
  { db, onlinePayments },
) => {
  const users = createUsersService({ db, storage: app.mediaStorage, log: app.log });

  app.get(
    '/me',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Mis datos, mis datos de pago y el resumen de mis anuncios',
        security: SIGNED_IN,
        response: { 200: meSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const session = await requireSession(request);
      reply.header('cache-control', 'no-store');
      const [me, sellerAccount] = await Promise.all([
        users.getMe(session.user._id),
        sellerAccountOf(db, session.user._id),
      ]);
      return { ...me, onlinePayments, sellerAccount: onlinePayments ? sellerAccount : null };
    },
  );

  app.put(
    '/me',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Actualizar mi perfil y/o mis datos de pago',
        description:
          'Con cualquier campo del perfil se valida el perfil completo (nombre, país, provincia y ciudad son obligatorios). El correo no se puede cambiar.',
        security: SIGNED_IN,
        body: updateMeBodySchema,
        response: { 200: z.object({ userId: z.string() }), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const session = await requireSession(request);
      await users.updateMe(session.user, request.body);
      return { userId: session.user._id };
    },
  );

  app.get(
    '/user/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Perfil público de un usuario (sin correo ni datos de pago)',
        params: userIdParamsSchema,
        response: {
          200: z.object({ user: publicUserSchema, userRatingData: ratingDataSchema }),
          ...errorResponses(404),
        },
      },
    },
    async (request) => users.getProfile(request.params.id),
  );

  app.get(
    '/users',
    {
      ...superUser,
      schema: {
        tags: TAGS,
        summary: 'Lista de usuarios (solo superusuarios)',
        security: SIGNED_IN,
        querystring: usersQuerySchema,
        response: { 200: usersPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await requireSuperUser(request);
      reply.header('cache-control', 'no-store');
      return users.listUsers(request.query);
    },
  );

  app.put(
    '/users/:id',
    {
      ...superUser,
      schema: {
        tags: TAGS,
        summary: 'Editar un usuario (solo superusuarios)',
        description: 'Un superusuario no puede quitarse su propio rol ni desactivar su propia cuenta.',
        security: SIGNED_IN,
        params: userIdParamsSchema,
        body: updateUserBodySchema,
        response: { 200: z.object({ user: adminUserSchema }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const session = await requireSuperUser(request);
      return { user: await users.updateUser(session.user, request.params.id, request.body) };
    },
  );
};
