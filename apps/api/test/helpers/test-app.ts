import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Logger } from 'pino';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config, type Env } from '../../src/config.ts';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import type { Mailer } from '../../src/modules/mail/mailer.ts';
import type { MediaStorage } from '../../src/modules/media/storage.ts';
import { testMediaEnv } from './media-storage.ts';

// The same suite runs on both dialects: the vitest project sets TEST_DIALECT. Every test database is private to
// its caller (a temporary DATA_DIR, and on PostgreSQL a database of its own), so test files run in parallel.

export type TestDialect = 'sqlite' | 'postgres';

export const testDialect: TestDialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/test';

export type TestDatabase = {
  config: Config;
  database: DatabaseHandle;
  /** Closes the connections, drops the PostgreSQL database and removes DATA_DIR. */
  dispose: () => Promise<void>;
};

export type TestApp = TestDatabase & { app: FastifyInstance };

async function withAdminClient<T>(task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

/** Creates `eco_test_<random>` on the test server; returns its URL and how to drop it. */
async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `eco_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient(async (client) => {
        await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        await client.query(`drop database if exists ${name}`);
      }),
  };
}

/**
 * A configuration for tests: quiet, without demo content, with a private DATA_DIR (and database), attempt limits
 * far above what a test file does (the rate-limit tests set their own) and no captcha (the captcha tests set one).
 */
export async function createTestDatabase(
  options: {
    env?: Env;
    /** More variables from the PostgreSQL database's own URL, e.g. DATABASE_URL through a PgBouncer. */
    envOfUrl?: (url: string) => Env;
    migrate?: boolean;
    dialect?: TestDialect;
  } = {},
): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'eco-api-test-'));
  const dialect = options.dialect ?? testDialect;
  const postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_CONTENT: 'off',
    NODE_ENV: 'test',
    DATABASE_URL: postgres?.url,
    RATE_LIMIT_MAX: '10000',
    // The captcha has tests of its own (captcha-*.test.ts); the other suites sign up without one.
    CAPTCHA_PROVIDER: 'off',
    // The queue beside the requests, where the tests' mailers and storages are (the thread builds its own): the
    // queue thread has tests of its own (queue-thread.test.ts).
    JOBS_WORKER: 'on',
    // The api-s3 project: a bucket of its own on the file's S3 server.
    ...(await testMediaEnv()),
    ...options.env,
    ...(postgres === undefined ? {} : options.envOfUrl?.(postgres.url)),
  });
  const database = createDatabase(config);
  if (options.migrate ?? true) await migrateDatabase(database.db, config);
  let disposed = false;
  return {
    config,
    database,
    dispose: async () => {
      if (disposed) return;
      disposed = true;
      await database.close();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A built (not yet ready) app on a fresh, migrated database. Tests may add routes before the first request.
 * dispose() closes the app before the database.
 */
export async function createTestApp(
  options: {
    env?: Env;
    envOfUrl?: (url: string) => Env;
    logger?: Logger;
    mailer?: Mailer;
    mediaStorage?: MediaStorage;
    dialect?: TestDialect;
  } = {},
): Promise<TestApp> {
  const testDatabase = await createTestDatabase(options);
  const app = await buildApp(testDatabase.config, {
    database: testDatabase.database,
    logger: options.logger,
    mailer: options.mailer,
    mediaStorage: options.mediaStorage,
  });
  return {
    ...testDatabase,
    app,
    dispose: async () => {
      await app.close();
      await testDatabase.dispose();
    },
  };
}

/** The app as another server process would run it on the same database: its own connections and memory. */
export type OtherInstance = { app: FastifyInstance; database: DatabaseHandle; close: () => Promise<void> };

export async function createOtherInstance(subject: TestDatabase): Promise<OtherInstance> {
  const database = createDatabase(subject.config);
  const app = await buildApp(subject.config, { database });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** `use` run against a fresh instance (nothing remembered yet), closed afterwards with its connections. */
export async function withFreshInstance<T>(
  subject: TestDatabase,
  use: (app: FastifyInstance) => Promise<T>,
): Promise<T> {
  const other = await createOtherInstance(subject);
  try {
    return await use(other.app);
  } finally {
    await other.close();
  }
}
