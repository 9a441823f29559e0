import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import type PgModule from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database, DB, Dialect } from './schema.ts';
import { createSqliteDialect } from './sqlite-dialect.ts';

export const SQLITE_FILE_NAME = 'ecoanuncios.sqlite';

export type DatabaseHandle = {
  db: DB;
  dialect: Dialect;
  /** Closes every connection; safe to call more than once. */
  close: () => Promise<void>;
};

type Options = { logger?: Pick<Logger, 'error'> };

/** PostgreSQL when DATABASE_URL is set, otherwise the SQLite file in DATA_DIR. */
export function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: Options = {},
): DatabaseHandle {
  if (config.databaseUrl !== undefined) return createPostgres(config.databaseUrl, options);
  mkdirSync(config.dataDir, { recursive: true });
  return createSqlite(path.join(config.dataDir, SQLITE_FILE_NAME));
}

function createSqlite(filename: string): DatabaseHandle {
  const { dialect } = createSqliteDialect(filename);
  const db = new Kysely<Database>({ dialect });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** pg is loaded only when DATABASE_URL asks for PostgreSQL: an SQLite server never holds it (10 MB resident). */
export const requirePg = () => createRequire(import.meta.url)('pg') as typeof PgModule;

function createPostgres(connectionString: string, { logger }: Options): DatabaseHandle {
  const pg = requirePg();
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its server emits 'error' on the pool; unhandled, it would end the process.
  pool.on('error', (error) => logger?.error({ err: error }, 'PostgreSQL idle client error'));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
