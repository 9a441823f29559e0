import { rmSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import type { Config, Env } from '../../src/config.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';

// The media suite runs on both storages: the vitest project `api-s3` sets TEST_MEDIA_STORAGE=s3, and every test app
// then keeps its media in a bucket of its own on one S3-protocol server per test file (s3rver behind a SigV4 check,
// helpers/s3-server.ts). Tests reach the media through app.mediaStorage, or through these helpers for what only a
// test does (making a file look old).

export type TestMediaStorage = 'local' | 's3';

export const testMediaStorage: TestMediaStorage = process.env.TEST_MEDIA_STORAGE === 's3' ? 's3' : 'local';

let server: Promise<TestS3Server> | undefined;

/** The test file's S3 server, started on first use and stopped when the worker exits. */
export function sharedS3Server(): Promise<TestS3Server> {
  if (server === undefined) {
    server = startS3Server();
    void server.then((started) => {
      process.once('exit', () => {
        // Synchronous at exit: only the store's folder needs removing; the sockets close with the process.
        rmSync(started.storeDirectory, { recursive: true, force: true });
      });
    });
  }
  return server;
}

/** The MEDIA_S3_* variables of a new bucket in the S3 variant; nothing (the local folder) otherwise. */
export async function testMediaEnv(storage: TestMediaStorage = testMediaStorage): Promise<Env> {
  if (storage === 'local') return {};
  return (await sharedS3Server()).bucketEnv();
}

/** Makes a stored object look written at `date` (the sweep's age), on either storage. */
export async function backdateMedia(config: Config, key: string, date: Date): Promise<void> {
  const file =
    config.mediaS3 === null
      ? path.join(config.mediaDir, ...key.split('/'))
      : (await sharedS3Server()).objectFile(config.mediaS3.bucket, key);
  await utimes(file, date, date);
}

/** The MEDIA_S3_* variables of a test app's configuration, for the commands a test spawns. */
export function mediaEnvOf(config: Config): Record<string, string> {
  const s3 = config.mediaS3;
  if (s3 === null) return {};
  return {
    MEDIA_S3_BUCKET: s3.bucket,
    MEDIA_S3_ENDPOINT: s3.endpoint ?? '',
    MEDIA_S3_REGION: s3.region,
    MEDIA_S3_ACCESS_KEY_ID: s3.credentials?.accessKeyId ?? '',
    MEDIA_S3_SECRET_ACCESS_KEY: s3.credentials?.secretAccessKey ?? '',
    MEDIA_S3_FORCE_PATH_STYLE: s3.forcePathStyle ? 'on' : 'off',
  };
}
