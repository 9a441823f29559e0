import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CAPTCHA_PROVIDERS } from '@eco/domain';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-schema.ts';

const TAGS = ['captcha'];

const challengeSchema = z
  .object({
    parameters: z
      .object({
        algorithm: z.string(),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
        keySignature: z.string().optional(),
        expiresAt: z.number().optional().describe('Vence (segundos desde 1970): 5 minutos'),
      })
      .loose(),
    signature: z.string().optional(),
  })
  .describe('Desafío ALTCHA v2 firmado');

/** What the widget needs: which verification the site uses, and the ALTCHA challenges. */
export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/captcha',
    {
      schema: {
        tags: TAGS,
        summary: 'Qué verificación humana usa el sitio',
        response: {
          200: z.object({ provider: z.enum(CAPTCHA_PROVIDERS), siteKey: z.string().nullable() }),
        },
      },
    },
    async () => app.captcha.settings,
  );

  app.get(
    '/captcha/challenge',
    {
      schema: {
        tags: TAGS,
        summary: 'Un desafío de prueba de trabajo (ALTCHA) nuevo',
        description:
          'Firmado con SECRET_KEY, vence en 5 minutos y su solución sirve una sola vez. El widget envía la ' +
          'solución en el campo `captcha` del formulario. 404 si el sitio usa otra verificación.',
        response: { 200: challengeSchema, ...errorResponses(404) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const challenge = await app.captcha.challenge();
      return { ...challenge, parameters: { ...challenge.parameters } };
    },
  );
};
