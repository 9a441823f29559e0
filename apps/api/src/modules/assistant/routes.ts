import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { registerAttemptLimits } from '../../plugins/attempt-limits.ts';
import { errorResponses } from '../../plugins/error-schema.ts';
import { createAssistant } from './engine.ts';
import { createHumanCheck } from './human-check.ts';
import type { IntentClassifier } from './intent-classifier.ts';
import { createLanguageModel } from './language-model.ts';
import { interactionAnswerSchema, interactionBodySchema } from './schemas.ts';

export const TOO_MANY_MESSAGES_MESSAGE =
  'Demasiados mensajes seguidos. Espera un momento y vuelve a escribir.';
const RATE_WINDOW_MS = 60_000;

export type AssistantRouteOptions = {
  database: DatabaseHandle;
  config: Config;
  /**
   * Checks run after the body is validated and before the assistant answers, e.g. a human verification of guests.
   * Each throws an HttpError to refuse the message.
   */
  guards?: readonly preHandlerAsyncHookHandler[];
  /** The clock of the answers (tests fix it). */
  now?: () => Date;
  /** The clock of the guests' human grants (tests make old ones). */
  grantClock?: () => number;
};

// Training takes a fraction of a second: once per process, shared by every app built in it, on the first question
// (a server nobody asks never loads the NLP library nor holds the model: about 8 MB resident).
let classifier: Promise<IntentClassifier> | undefined;
export function sharedIntentClassifier(): Promise<IntentClassifier> {
  classifier ??= import('./intent-classifier.ts').then(({ trainIntentClassifier }) =>
    trainIntentClassifier(),
  );
  classifier.catch(() => (classifier = undefined));
  return classifier;
}
const lazyIntentClassifier: IntentClassifier = {
  classify: async (text) => (await sharedIntentClassifier()).classify(text),
};

/** POST /api/io: the virtual assistant, for guests and members alike. */
export const assistantRoutes: FastifyPluginAsyncZod<AssistantRouteOptions> = async (
  app,
  { database, config, guards = [], now, grantClock },
) => {
  const humanCheck = createHumanCheck({ captcha: app.captcha, secretKey: config.secretKey, now: grantClock });
  const grants = new WeakMap<FastifyRequest, string>();
  const { languageModel } = config.assistant;
  const assistant = createAssistant({
    db: database.db,
    reader: database.reader,
    dialect: database.dialect,
    storage: app.mediaStorage,
    classifier: lazyIntentClassifier,
    languageModel: languageModel === undefined ? null : createLanguageModel(languageModel, app.log),
    log: app.log,
    now,
  });
  await registerAttemptLimits(app, database.db);
  const perAddress = app.createRateLimit({
    max: config.assistant.rateLimitMax,
    timeWindow: RATE_WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => `io|ip|${request.ip}`,
  });

  app.post(
    '/io',
    {
      onRequest: async (request, reply) => {
        const result = await perAddress(request);
        if (result.isAllowed || !result.isExceeded) return;
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new HttpError(429, TOO_MANY_MESSAGES_MESSAGE);
      },
      preHandler: [
        async (request) => {
          const grant = await humanCheck(request);
          if (grant !== undefined) grants.set(request, grant);
        },
        ...guards,
      ],
      schema: {
        tags: ['assistant'],
        summary: 'Preguntar al asistente virtual',
        description:
          'Responde con los datos del sitio: los anuncios publicados que coinciden (categoría, material, lugar y ' +
          'fecha reconocidos en el texto, con la búsqueda de /publications), las preguntas frecuentes y sus ' +
          'páginas. Sin lugar en el texto usa el del perfil de quien inició sesión. Con ASSISTANT_LLM_URL, un ' +
          `modelo de lenguaje solo reescribe el mensaje. Limitado a ${config.assistant.rateLimitMax} mensajes por ` +
          'minuto y dirección (429 con Retry-After). No se guarda nada. Los visitantes sin sesión demuestran ser ' +
          'personas (salvo con CAPTCHA_PROVIDER=off): el primer mensaje lleva la solución del widget en `captcha` ' +
          'y la respuesta trae `humanToken`, que los mensajes siguientes envían durante 30 minutos. Sin ninguno de ' +
          'los dos, o con uno que falla, vencido o ya usado: 400 con `code` HUMAN_CHECK_REQUIRED y el motivo en ' +
          'español. Los miembros no la necesitan.',
        security: [{}, { bearer: [] }, { cookie: [] }],
        body: interactionBodySchema,
        response: { 200: interactionAnswerSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const session = await request.getSession();
      reply.header('cache-control', 'no-store');
      const { reply: answer } = await assistant.answer(request.body.interaction, session?.user ?? null, {
        near: request.body.near,
      });
      const humanToken = grants.get(request);
      return humanToken === undefined ? { reply: answer } : { reply: answer, humanToken };
    },
  );
};
