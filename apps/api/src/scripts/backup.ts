import path from 'node:path';
import { backupSqlite, OperationError } from '../operations/backup.ts';
import { createMediaStorage, describeMediaStorage } from '../modules/media/create-storage.ts';
import { readCommandConfig } from './database-command.ts';

// npm run backup -- <dir>: a consistent copy of the running site's SQLite database and media files in <dir> (new or
// empty). Safe while the server runs. Exit codes: 0 done, 1 failure, 2 bad usage or configuration.

const USAGE = `Usage: npm run backup -- <folder>

Copies DATA_DIR's SQLite database (a consistent snapshot, while the server keeps running) and its media files into
<folder>, which must be new or empty. Restore with: npm run restore -- <folder> (server stopped).
With DATABASE_URL (PostgreSQL) back the database up with pg_dump instead (see README) and add
--media-only to copy the media files here.`;

async function run(args: readonly string[]): Promise<number> {
  const mediaOnly = args.includes('--media-only');
  const rest = args.filter((arg) => arg !== '--media-only');
  const [target, ...extra] = rest;
  if (target === undefined || extra.length > 0 || target.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const config = readCommandConfig();
  if (config === null) return 2;
  if (config.databaseUrl !== undefined && !mediaOnly) {
    console.error(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump (see README), and run this command with --media-only ' +
        'for the media files.',
    );
    return 2;
  }
  const folder = path.resolve(target);
  const started = Date.now();
  const manifest = await backupSqlite({
    dataDir: config.dataDir,
    mediaDir: config.mediaDir,
    target: folder,
    mediaOnly,
    storage: createMediaStorage(config),
  });
  const what = mediaOnly ? 'media files' : 'database snapshot and media files';
  console.log(
    `Backed up the ${what} of ${config.dataDir} and ${describeMediaStorage(config)} to ${folder} (${manifest.mediaFiles} media files, snapshot at ` +
      `${manifest.createdAt}, ${Date.now() - started} ms).`,
  );
  return 0;
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  console.error(
    error instanceof OperationError
      ? error.message
      : `The backup failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
}
