import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { z } from 'zod';
import { APP_NAME, SESSION_COOKIE_NAME } from '@eco/domain';
import { apiPlugin } from './api-plugin.ts';
import type { Config } from './config.ts';
import { createDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateDatabase } from './db/migrate.ts';
import { createLogger } from './logger.ts';
import { createCaptcha, type Captcha } from './modules/captcha/captcha.ts';
import { createReadiness, type Readiness } from './modules/health/readiness.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { createMediaStorage } from './modules/media/create-storage.ts';
import { useMediaPublicUrl } from './modules/media/public-address.ts';
import { serveMedia } from './modules/media/serve-media.ts';
import type { MediaStorage } from './modules/media/storage.ts';
import { countedMailer } from './modules/metrics/counted-mailer.ts';
import { createMetrics } from './modules/metrics/registry.ts';
import { serveMetrics } from './modules/metrics/routes.ts';
import { createUnreadHub, type UnreadHub } from './modules/notifications/unread-hub.ts';
import { sessionPlugin } from './modules/sessions/session-plugin.ts';
import { handleError, handleNotFound } from './plugins/error-handler.ts';
import { createFrontDoor, type FrontDoor } from './plugins/front-door.ts';
import { closeGracefully } from './plugins/graceful-close.ts';
import { housekeeping } from './plugins/housekeeping.ts';
import { requestIdOf } from './plugins/request-id.ts';
import { logAbortedRequests, logsRequests, OneLinePerRequest } from './plugins/request-log.ts';
import { securityHeaders } from './plugins/security-headers.ts';

// Zod's own messages (for schemas without custom ones) in Spanish, like every message the client reads.
z.config(z.locales.es());

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the application's e-mails (SMTP, or .eml files in the outbox). */
    mailer: Mailer;
    /** Where uploaded images are kept and how they are addressed. */
    mediaStorage: MediaStorage;
    /** The human verification of CAPTCHA_PROVIDER. */
    captcha: Captcha;
    /** The live unread counts of the notifications streams of this process. */
    unreadHub: UnreadHub;
    /** Lanes in front of the pipeline for answers held whole in memory. */
    frontDoor: FrontDoor;
    /** Whether this process takes new traffic (/api/ready); main.ts starts draining on SIGTERM. */
    readiness: Readiness;
  }
}

export type BuildOptions = {
  /** An open, migrated database owned by the caller; without it the app opens, migrates and closes its own. */
  database?: DatabaseHandle;
  logger?: Logger;
  /** A mailer owned by the caller; without it the app creates one from the configuration and closes it. */
  mailer?: Mailer;
  mediaStorage?: MediaStorage;
  captcha?: Captcha;
};

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const logger = options.logger ?? createLogger(config);
  const loggerInstance: FastifyBaseLogger = logger;
  const frontDoor = createFrontDoor(() => loggerInstance);
  const app = Fastify({
    loggerInstance,
    logController: new OneLinePerRequest(),
    genReqId: requestIdOf,
    requestIdHeader: false,
    frameworkErrors: handleError,
    trustProxy: config.trustProxy,
    // closeGracefully answers in Spanish instead.
    return503OnClosing: false,
    serverFactory: frontDoor.serverFactory,
  });
  app.decorate('frontDoor', frontDoor);
  const readiness = createReadiness();
  app.decorate('readiness', readiness);
  // Closing without a signal first (tests, embedders) drains too.
  app.addHook('preClose', async () => readiness.startDraining());
  // Closing, every request goes through the pipeline, which answers it (closeGracefully).
  app.addHook('preClose', async () => frontDoor.close());

  let database = options.database;
  if (database === undefined) {
    const owned = createDatabase(config, { logger });
    database = owned;
    app.addHook('onClose', async () => owned.close());
    try {
      await migrateDatabase(owned.db, config);
    } catch (error) {
      await owned.close();
      throw error;
    }
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Browsers load media from MEDIA_PUBLIC_URL: the JSON answers say so (the database keeps /media/ addresses).
  if (config.mediaPublicUrl !== undefined) useMediaPublicUrl(app, config.mediaPublicUrl);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);

  // Callback hooks where they run on every request: an async one costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Only where requests are logged: the hook listens to every request's connection.
  if (logsRequests(logger.level)) logAbortedRequests(app);

  await app.register(securityHeaders, {
    upgradeInsecureRequests: config.publicUrl.startsWith('https:'),
    recaptcha: config.captcha.provider === 'recaptcha',
    mediaOrigin: config.mediaPublicUrl === undefined ? undefined : new URL(config.mediaPublicUrl).origin,
    mapOrigins: config.mapOrigins,
  });
  // After the headers every answer carries: its 503 skips the hooks that come after it.
  closeGracefully(app);
  // Without METRICS_TOKEN nothing is measured: the request path stays as it was (decision 020).
  const metrics =
    config.metricsToken === undefined
      ? undefined
      : createMetrics({ database, openStreams: () => app.unreadHub.listenerCount() });
  serveMetrics(app, metrics === undefined ? undefined : { token: config.metricsToken as string, metrics });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(cookie);
  await app.register(sessionPlugin, { db: database.db });

  let mailer = options.mailer;
  if (mailer === undefined) {
    const owned = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: config.outboxDir,
      logger: loggerInstance,
    });
    mailer = owned;
    // Registered before the API, so it runs after the API's own onClose hooks have sent what was pending.
    app.addHook('onClose', async () => owned.close());
  }
  app.decorate('mailer', metrics === undefined ? mailer : countedMailer(mailer, metrics));
  const mediaStorage = options.mediaStorage ?? createMediaStorage(config);
  app.decorate('mediaStorage', mediaStorage);
  await app.register(housekeeping, { db: database.db, storage: mediaStorage });
  app.decorate('captcha', options.captcha ?? createCaptcha({ db: database.db, config, log: loggerInstance }));
  if (config.captcha.provider === 'off') {
    loggerInstance.warn(
      "CAPTCHA_PROVIDER=off: sign-up, password resets, guests' reports and guests' messages to the assistant are not checked for a person",
    );
  }
  const unreadHub = createUnreadHub({
    db: database.db,
    dialect: database.dialect,
    // Its own direct connection: LISTEN is session state that a transaction-pooling PgBouncer would not keep.
    databaseUrl: config.databaseListenUrl,
    log: loggerInstance,
  });
  app.decorate('unreadHub', unreadHub);
  app.addHook('onClose', async () => unreadHub.close());

  await app.register(swagger, {
    openapi: {
      info: {
        title: `API de ${APP_NAME}`,
        description:
          'API JSON de EcoAnuncios. Los errores responden { statusCode, error, message } en español.',
        version: '1.0.0',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE_NAME },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Only tagged routes are API operations; the web pages, media and catch-alls stay out of the description.
    hideUntagged: true,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });

  await serveMedia(app, config, mediaStorage);

  await app.register(apiPlugin, {
    prefix: '/api',
    database,
    config,
    countEmails: metrics === undefined ? undefined : (outcome, count) => metrics.email(outcome, count),
  });
  return app;
}
