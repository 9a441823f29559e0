import { reportSchema } from '@eco/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { errorResponses } from '../../plugins/error-schema.ts';
import { REPORT_RECEIVED_MESSAGE } from './messages.ts';
import { createReportsService } from './service.ts';

const TAGS = ['reports'];

/** 'Denunciar': anybody may report a publication or a profile. */
export const reportRoutes: FastifyPluginAsyncZod<{ db: DB; config: Config }> = async (
  app,
  { db, config },
) => {
  const reports = createReportsService({ db, config, captcha: app.captcha });

  app.post(
    '/reports',
    {
      schema: {
        tags: TAGS,
        summary: 'Denunciar un anuncio o un perfil',
        description:
          'Visitantes (con la verificación humana en `captcha`) y miembros. Una denuncia abierta por persona y ' +
          'objetivo (409); nadie denuncia lo propio (403); objetivo desconocido o no visible: 404. Con ' +
          'REPORTS_TO_HIDE denuncias abiertas de personas distintas, un anuncio publicado vuelve a revisión.',
        security: [{}, { bearer: [] }, { cookie: [] }],
        body: reportSchema,
        response: {
          201: z.object({ message: z.string() }),
          ...errorResponses(400, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const session = await request.getSession();
      await reports.report(session?.user ?? null, request.body, request.ip);
      return reply.code(201).send({ message: REPORT_RECEIVED_MESSAGE });
    },
  );
};
