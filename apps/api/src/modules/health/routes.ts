import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/database.ts';
import { checkDatabase } from './service.ts';

const upSchema = z
  .object({ status: z.literal('ok'), database: z.literal('up'), dialect: z.enum(['sqlite', 'postgres']) })
  .describe('El servicio y su base de datos responden');
const downSchema = z
  .object({ status: z.literal('error'), database: z.literal('down') })
  .describe('La base de datos no responde');

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Estado del servicio y de la base de datos',
        response: { 200: upSchema, 503: downSchema },
      },
    },
    async (request, reply) => {
      const check = await checkDatabase(database.db);
      if (!check.up) {
        request.log.warn({ err: check.reason }, 'Health check: the database does not answer');
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .send({ status: 'error', database: 'down' });
      }
      return reply
        .header('cache-control', 'no-store')
        .send({ status: 'ok', database: 'up', dialect: database.dialect });
    },
  );
};
