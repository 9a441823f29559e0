import { Migrator, type MigrationResult } from 'kysely/migration';
import type { DB } from './schema.ts';
import { migrations } from './migrations/index.ts';

export class MigrationError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

/** Brings the schema up to date; returns the names of the migrations that ran now. */
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
