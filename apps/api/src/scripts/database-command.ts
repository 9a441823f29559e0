import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { createDatabase, SQLITE_FILE_NAME, type DatabaseHandle } from '../db/database.ts';

/** Where a command acts, without the password of a PostgreSQL URL. */
export function describeDatabase(config: Config): string {
  if (config.databaseUrl === undefined) return `SQLite ${path.join(config.dataDir, SQLITE_FILE_NAME)}`;
  const url = new URL(config.databaseUrl);
  url.password = '';
  return `PostgreSQL at ${url.toString()}`;
}

/** The configuration from the environment, or null after printing what is wrong with it. */
export function readCommandConfig(): Config | null {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return null;
  }
}

/**
 * Opens the database the server uses, never creating one (a mistyped DATA_DIR must not look like an empty site);
 * null after printing why not.
 */
export function openExistingDatabase(config: Config): DatabaseHandle | null {
  if (config.databaseUrl === undefined && !existsSync(path.join(config.dataDir, SQLITE_FILE_NAME))) {
    console.error(
      `No database found: ${describeDatabase(config)} does not exist. Start the server once, or set DATA_DIR.`,
    );
    return null;
  }
  return createDatabase(config);
}
