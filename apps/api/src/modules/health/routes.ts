import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/database.ts';
import type { MediaStorage } from '../media/storage.ts';
import type { Readiness } from './readiness.ts';
import { checkDatabase, checkReadiness } from './service.ts';

const upSchema = z
  .object({ status: z.literal('ok'), database: z.literal('up'), dialect: z.enum(['sqlite', 'postgres']) })
  .describe('El servicio y su base de datos responden');
const downSchema = z
  .object({ status: z.literal('error'), database: z.literal('down') })
  .describe('La base de datos no responde');

const readySchema = z
  .object({
    status: z.literal('ready'),
    database: z.literal('up'),
    migrations: z.literal('done'),
    storage: z.literal('up'),
  })
  .describe('Listo para recibir tráfico: base de datos, migraciones y almacenamiento de imágenes en orden');
const notReadySchema = z
  .object({
    status: z.enum(['draining', 'unready']).describe('`draining`: el proceso se está deteniendo'),
    database: z.enum(['up', 'down']).optional(),
    migrations: z.enum(['done', 'pending', 'unknown']).optional(),
    storage: z.enum(['up', 'down']).optional(),
  })
  .describe('No enviar tráfico a este proceso por ahora');

export type HealthOptions = { database: DatabaseHandle; storage: MediaStorage; readiness: Readiness };

export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (
  app,
  { database, storage, readiness },
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

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Si el proceso puede recibir tráfico (para el balanceador de carga)',
        description:
          'Responde 200 cuando la base de datos responde con todas las migraciones aplicadas y el ' +
          'almacenamiento de imágenes se puede usar; 503 si algo falla o mientras el proceso se detiene ' +
          '(SIGTERM), antes de que deje de aceptar conexiones.',
        response: { 200: readySchema, 503: notReadySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (readiness.draining) return reply.code(503).send({ status: 'draining' });
      const { reasons, ...check } = await checkReadiness(database.db, storage);
      if (check.database === 'up' && check.migrations === 'done' && check.storage === 'up') {
        return reply.send({ status: 'ready', database: 'up', migrations: 'done', storage: 'up' });
      }
      request.log.warn({ ...check, err: reasons[0] }, 'Readiness check failed');
      return reply.code(503).send({ status: 'unready', ...check });
    },
  );
};
