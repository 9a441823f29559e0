import { existsSync } from 'node:fs';
import path from 'node:path';
import { copyMedia } from '../modules/media/copy-media.ts';
import { describeMediaStorage } from '../modules/media/create-storage.ts';
import { createS3Storage } from '../modules/media/s3-storage.ts';
import { createLocalStorage } from '../modules/media/storage.ts';
import { readCommandConfig } from './database-command.ts';

// npm run media:copy-to-s3 [-- <folder>]: copies a media folder (DATA_DIR/media by default) into the bucket of
// MEDIA_S3_BUCKET. Objects the bucket already has (same size and MD5 ETag) are skipped, so it can run while the
// site still writes to the folder, be interrupted and run again, and a last run after the switch copies only what
// came in between. Nothing is deleted on either side. Exit codes: 0 done, 1 failure, 2 bad usage or configuration.

const USAGE = `Usage: npm run media:copy-to-s3 [-- <folder>]

Copies the media files of <folder> (default DATA_DIR/media) into the bucket of MEDIA_S3_BUCKET (with the other
MEDIA_S3_* variables), skipping what the bucket already has. Safe to interrupt and run again.`;

async function run(args: readonly string[]): Promise<number> {
  const [folder, ...extra] = args;
  if (extra.length > 0 || folder?.startsWith('-') === true) {
    console.error(USAGE);
    return 2;
  }
  const config = readCommandConfig();
  if (config === null) return 2;
  if (config.mediaS3 === null) {
    console.error(`MEDIA_S3_BUCKET is not set: name the bucket to copy into.\n\n${USAGE}`);
    return 2;
  }
  const source = folder === undefined ? config.mediaDir : path.resolve(folder);
  if (!existsSync(source)) {
    console.error(`${source} does not exist: nothing to copy.`);
    return 2;
  }
  const bucket = createS3Storage(config.mediaS3);
  await bucket.check();
  const started = Date.now();
  let seen = 0;
  const result = await copyMedia(createLocalStorage(source), bucket, {
    onObject: () => {
      seen += 1;
      if (seen % 500 === 0) console.log(`${seen} files checked…`);
    },
  });
  console.log(
    `Copied ${result.copied} files (${result.bytes} bytes) from ${source} to ${describeMediaStorage(config)}; ` +
      `${result.skipped} were already there (${Date.now() - started} ms).`,
  );
  return 0;
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  console.error(`The copy failed: ${error instanceof Error ? error.message : String(error)}`);
  console.error('Run it again: what was copied is skipped.');
  process.exitCode = 1;
}
