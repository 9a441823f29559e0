import path from 'node:path';
import { OperationError, restoreSqlite } from '../operations/backup.ts';
import { createMediaStorage, describeMediaStorage } from '../modules/media/create-storage.ts';
import { readCommandConfig } from './database-command.ts';

// npm run restore -- <dir>: puts a backup of `npm run backup` back into DATA_DIR, with the server stopped. What was
// there is kept, renamed *.before-restore-<time>. Exit codes: 0 done, 1 failure, 2 bad usage or configuration.

const USAGE = `Usage: npm run restore -- <folder>

Stop the server first. Replaces DATA_DIR's SQLite database and media files with the backup in <folder> (made by
npm run backup); the current ones are kept next to them, renamed *.before-restore-<time>.
With DATABASE_URL (PostgreSQL) restore the database with pg_restore / psql instead (see README).`;

async function run(args: readonly string[]): Promise<number> {
  const [source, ...extra] = args;
  if (source === undefined || extra.length > 0 || source.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const config = readCommandConfig();
  if (config === null) return 2;
  if (config.databaseUrl !== undefined) {
    console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore or psql (see README).');
    return 2;
  }
  const { manifest, kept } = await restoreSqlite({
    dataDir: config.dataDir,
    mediaDir: config.mediaDir,
    source: path.resolve(source),
    storage: createMediaStorage(config),
  });
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${config.dataDir} and ${describeMediaStorage(config)}.`,
  );
  for (const file of kept) console.log(`The previous copy is kept at ${file}.`);
  return 0;
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  console.error(
    error instanceof OperationError
      ? error.message
      : `The restore failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
}
