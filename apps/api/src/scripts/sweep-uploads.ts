import { createLogger } from '../logger.ts';
import { createMediaStorage, describeMediaStorage } from '../modules/media/create-storage.ts';
import { sweepUploads } from '../modules/media/sweep.ts';
import { describeDatabase, openExistingDatabase, readCommandConfig } from './database-command.ts';

// npm run sweep-uploads: deletes now the uploads that no publication nor profile took within 24 hours, as the
// server's hourly housekeeping does. Safe while the server runs. Exit codes: 0 done, 1 failure, 2 configuration.

async function run(): Promise<number> {
  const config = readCommandConfig();
  if (config === null) return 2;
  const database = openExistingDatabase(config);
  if (database === null) return 1;
  try {
    const log = createLogger({ ...config, logLevel: 'warn' });
    const result = await sweepUploads({ db: database.db, storage: createMediaStorage(config), log });
    console.log(
      `Swept ${describeDatabase(config)} and ${describeMediaStorage(config)}: ${result.unclaimed} unclaimed uploads and ` +
        `${result.strays} stray files removed, ${result.failed} could not be removed.`,
    );
    return result.failed > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run();
} catch (error) {
  console.error(`The sweep failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
