import type { Config } from '../../config.ts';
import { createS3Storage } from './s3-storage.ts';
import { createLocalStorage, type MediaStorage } from './storage.ts';

/** The storage the configuration names: the bucket of MEDIA_S3_BUCKET, or DATA_DIR/media. */
export function createMediaStorage(config: Pick<Config, 'mediaDir' | 'mediaS3'>): MediaStorage {
  return config.mediaS3 === null ? createLocalStorage(config.mediaDir) : createS3Storage(config.mediaS3);
}

/** Where the configured media are, for logs and command output (never the credentials). */
export function describeMediaStorage(config: Pick<Config, 'mediaDir' | 'mediaS3'>): string {
  const s3 = config.mediaS3;
  if (s3 === null) return config.mediaDir;
  return `bucket ${s3.bucket} at ${s3.endpoint ?? `AWS ${s3.region}`}`;
}
