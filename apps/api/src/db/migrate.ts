import { Kysely, PostgresDialect, sql } from 'kysely';
import { DEFAULT_MIGRATION_TABLE, Migrator, type MigrationResult } from 'kysely/migration';
import { requirePg } from './database.ts';
import type { Database, DB } from './schema.ts';
import { migrations } from './migrations/index.ts';

export class MigrationError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

/**
 * Brings the schema up to date; returns the names of the migrations that ran now. Safe when several processes start
 * at once on one PostgreSQL database: Kysely's Migrator holds a session advisory lock (`pg_advisory_lock`) while it
 * reads which migrations ran and applies the rest in one transaction, so the others wait, then find nothing to do
 * (migrations-concurrent.test.ts; decision 030).
 */
export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result: MigrationResult) => result.status === 'Error');
    const name = failed ? ` "${failed.migrationName}"` : '';
    throw new MigrationError(`Database migration${name} failed: ${String(error)}`, { cause: error });
  }
  return results.map((result) => result.migrationName);
}

/**
 * Migrates through the direct connection (DATABASE_LISTEN_URL) when it differs from DATABASE_URL. Kysely's Migrator
 * takes its session advisory lock on one connection, applies the migrations in a transaction and unlocks: behind a
 * transaction-pooling PgBouncer the lock, the transaction and the unlock could each run on another server
 * connection, and the lock would stay held on one of them (decision 040). One client, closed afterwards.
 */
export async function migrateDatabase(
  db: DB,
  config: { databaseUrl: string | undefined; databaseListenUrl: string | undefined },
): Promise<string[]> {
  const direct = config.databaseListenUrl;
  if (direct === undefined || direct === config.databaseUrl) return migrateToLatest(db);
  const pool = new (requirePg().Pool)({ connectionString: direct, max: 1 });
  // A connection lost while migrating fails the migration (its transaction rolls back), not the process.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const directDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    return await migrateToLatest(directDb);
  } finally {
    await directDb.destroy();
  }
}

const LATEST_MIGRATION = Object.keys(migrations).at(-1) ?? '';

/**
 * Whether every migration this code knows has been applied (a newer process may have applied more). Migrations run
 * in order, so the latest one being recorded means all of them are. Throws when the database does not answer.
 */
export async function migrationsDone(db: DB, signal?: AbortSignal): Promise<boolean> {
  const { rows } = await sql<{
    name: string;
  }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)} where name = ${LATEST_MIGRATION}`.execute(db, {
    signal,
  });
  return rows.length > 0;
}
