import { setTimeout } from 'node:timers/promises';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateDatabase } from './db/migrate.ts';
import { waitForDatabase } from './db/wait-for-database.ts';
import { DEMO_SUPER_USER_EMAIL, DEMO_SUPER_USER_PASSWORD } from './demo/demo-data.ts';
import { loadDemoContentInChild } from './demo/demo-process.ts';
import { createLogger } from './logger.ts';
import { hasWebBuild, webPlugin } from './web/web-plugin.ts';

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** How long the requests in flight (and the streams' endings) may take once the server closes. */
const CLOSE_MS = 10_000;

const config = readConfig();
const logger = createLogger(config);
const database = createDatabase(config, { logger });

try {
  await waitForDatabase(database.db, { totalMs: config.databaseWaitMs, log: logger });
  const applied = await migrateDatabase(database.db, config);
  logger.info({ dialect: database.dialect, applied }, 'Database schema is up to date');

  if (config.demoContent) {
    const demo = await loadDemoContentInChild(database.db);
    if (demo.loaded) logger.info(demo, 'Demo content loaded into the empty database');
  }

  const app = await buildApp(config, { database, logger });
  if (hasWebBuild(config.webBuildDir)) {
    await app.register(webPlugin, { buildDir: config.webBuildDir, config });
  } else {
    logger.warn(
      { webBuildDir: config.webBuildDir },
      'No web build found (run `npm run build`): only the API and the media are served',
    );
  }

  // Bounded: the drain, then up to CLOSE_MS for the requests in flight; past that the process exits with 1.
  closeWithGrace({ delay: config.shutdownDrainMs + CLOSE_MS, logger }, async ({ signal, err }) => {
    if (err !== undefined) logger.error({ err }, 'Shutting down after an unexpected error');
    else logger.info({ signal }, 'Shutting down');
    if (err === undefined && config.shutdownDrainMs > 0) {
      // The balancer sees /api/ready fail and stops sending requests; until it does, they are served as usual.
      app.readiness.startDraining();
      logger.info({ drainMs: config.shutdownDrainMs }, 'Draining: /api/ready answers 503 before the close');
      await setTimeout(config.shutdownDrainMs);
    }
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(`\nEcoAnuncios is running at ${config.publicUrl}\n`);
  // Whoever runs the demo content needs its super user, in production mode too (a demo is never a real site).
  if (config.demoContent) {
    process.stdout.write(`Demo super user: ${DEMO_SUPER_USER_EMAIL} / ${DEMO_SUPER_USER_PASSWORD}\n\n`);
  }
} catch (error) {
  logger.fatal({ err: error }, 'EcoAnuncios could not start');
  await database.close();
  process.exit(1);
}
