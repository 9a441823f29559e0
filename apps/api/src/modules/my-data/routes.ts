import { deleteAccountSchema } from '@eco/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { attemptLimiter, registerAttemptLimits } from '../../plugins/attempt-limits.ts';
import { errorResponses } from '../../plugins/error-schema.ts';
import { requireSession } from '../sessions/require-session.ts';
import { clearSessionCookie, isSecureSite } from '../sessions/session-cookie.ts';
import { ACCOUNT_DELETED_MESSAGE, createMyDataService } from './service.ts';

export type MyDataOptions = { db: DB; config: Config };

const TAGS = ['users'];
const SIGNED_IN: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
const signedIn = async (request: FastifyRequest) => void (await requireSession(request));

/** The member's rights over their data: a copy of everything (GET /me/export) and the deletion (DELETE /me). */
export const myDataRoutes: FastifyPluginAsyncZod<MyDataOptions> = async (app, { db, config }) => {
  const myData = createMyDataService({
    db,
    storage: app.mediaStorage,
    log: app.log,
    publicUrl: config.publicUrl,
    mediaPublicUrl: config.mediaPublicUrl,
  });
  const secureCookie = isSecureSite(config.publicUrl);
  await registerAttemptLimits(app, db);
  const limiter = attemptLimiter(app, 'delete-account', config.rateLimit);

  app.get(
    '/me/export',
    {
      onRequest: signedIn,
      schema: {
        tags: TAGS,
        summary: 'Descargar mis datos (archivo JSON)',
        description:
          'Todo lo que el sitio guarda sobre la cuenta: cuenta, perfil, datos de pago, anuncios con sus imágenes, ' +
          'imágenes subidas y sesiones abiertas (sin contraseñas ni tokens).',
        security: SIGNED_IN,
        response: {
          200: z.record(z.string(), z.unknown()).describe('Archivo ecoanuncios-mis-datos-AAAA-MM-DD.json'),
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const data = await myData.exportData(user._id);
      const day = data.exportedAt.slice(0, 10);
      reply.header('cache-control', 'private, no-store');
      reply.header('content-disposition', `attachment; filename="ecoanuncios-mis-datos-${day}.json"`);
      return data;
    },
  );

  app.delete(
    '/me',
    {
      onRequest: [signedIn, limiter.byAddress],
      schema: {
        tags: TAGS,
        summary: 'Eliminar mi cuenta (pide la contraseña)',
        description:
          'Borra la cuenta, el perfil, los anuncios, las imágenes y las sesiones. No se puede deshacer; el correo ' +
          'queda libre para una cuenta nueva.',
        security: SIGNED_IN,
        body: deleteAccountSchema,
        response: {
          200: z.object({ message: z.string() }),
          ...errorResponses(400, 401, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await myData.deleteAccount(user._id, request.body.password);
      clearSessionCookie(reply, secureCookie);
      reply.header('cache-control', 'no-store');
      return { message: ACCOUNT_DELETED_MESSAGE };
    },
  );
};
