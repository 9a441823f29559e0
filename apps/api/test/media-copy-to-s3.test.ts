import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyMedia } from '../src/modules/media/copy-media.ts';
import { createS3Storage, type S3MediaStorage } from '../src/modules/media/s3-storage.ts';
import { createLocalStorage, type MediaStorage } from '../src/modules/media/storage.ts';
import { sharedS3Server } from './helpers/media-storage.ts';
import type { TestS3Server } from './helpers/s3-server.ts';
import { runCommand } from './helpers/server-process.ts';

// npm run media:copy-to-s3 against the loopback S3 server: copies DATA_DIR/media, skips what the bucket has (same
// size and MD5 ETag), resumes after an interruption, and never deletes.

const FILES: Record<string, Buffer> = {
  'uploads/u1/1-a.webp': randomBytes(2000),
  'uploads/u1/1-a.sm.webp': randomBytes(500),
  'uploads/u2/2-b.webp': randomBytes(3000),
  'demo/frasco-1.webp': randomBytes(1000),
  'demo/frasco-1.sm.webp': randomBytes(300),
};

describe('npm run media:copy-to-s3', () => {
  let server: TestS3Server;
  let dataDir: string;

  beforeAll(async () => {
    server = await sharedS3Server();
    dataDir = await mkdtemp(path.join(tmpdir(), 'eco-copy-to-s3-'));
    for (const [key, bytes] of Object.entries(FILES)) {
      const file = path.join(dataDir, 'media', ...key.split('/'));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    }
    // A write in progress is not media.
    await writeFile(path.join(dataDir, 'media', 'uploads', 'u1', '3-c.webp.1a2b3c.tmp'), 'half');
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  async function newBucket(): Promise<{ env: Record<string, string>; bucket: S3MediaStorage }> {
    const env = await server.bucketEnv();
    return {
      env: { DATA_DIR: dataDir, ...env },
      bucket: createS3Storage(server.configOf(env.MEDIA_S3_BUCKET!)),
    };
  }

  async function keysOf(storage: MediaStorage): Promise<string[]> {
    const keys: string[] = [];
    for await (const { key } of storage.list('')) keys.push(key);
    return keys.sort();
  }

  it(
    'copies every file with its content type, then copies nothing the second time',
    { timeout: 60_000 },
    async () => {
      const { env, bucket } = await newBucket();
      const first = await runCommand('media-copy-to-s3', [], env);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(
        /Copied 5 files \(6800 bytes\) from .* to bucket eco-[0-9a-f]+ at http:\/\/127\.0\.0\.1:\d+; 0 were already there/,
      );
      expect(await keysOf(bucket)).toEqual(Object.keys(FILES).sort());
      for (const [key, bytes] of Object.entries(FILES))
        expect((await bucket.read(key))?.equals(bytes)).toBe(true);
      const served = await bucket.fetch('uploads/u1/1-a.webp', {});
      expect(served).toMatchObject({
        status: 200,
        headers: { 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable' },
      });
      if (served.status === 200) served.body.resume();

      const second = await runCommand('media-copy-to-s3', [], env);
      expect(second.code).toBe(0);
      expect(second.stdout).toMatch(/Copied 0 files \(0 bytes\).*; 5 were already there/);
    },
  );

  it(
    'replaces an object of another content (its ETag differs) and adds a missing one, deleting nothing',
    { timeout: 60_000 },
    async () => {
      const { env, bucket } = await newBucket();
      expect((await runCommand('media-copy-to-s3', [], env)).code).toBe(0);
      // The same size, other bytes: only the MD5 ETag tells them apart.
      await bucket.save('uploads/u2/2-b.webp', randomBytes(3000), 'image/webp');
      await bucket.remove('demo/frasco-1.sm.webp');
      await bucket.save('uploads/u9/only-in-the-bucket.webp', Buffer.from('x'), 'image/webp');

      const again = await runCommand('media-copy-to-s3', [], env);
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(/Copied 2 files \(3300 bytes\).*; 3 were already there/);
      expect((await bucket.read('uploads/u2/2-b.webp'))?.equals(FILES['uploads/u2/2-b.webp']!)).toBe(true);
      expect(await bucket.head('uploads/u9/only-in-the-bucket.webp')).not.toBeNull();
    },
  );

  it('resumes after an interruption: what was copied is skipped', async () => {
    const { bucket } = await newBucket();
    let saves = 0;
    const interrupted: MediaStorage = {
      ...bucket,
      async save(key, bytes, contentType) {
        saves += 1;
        if (saves > 2) throw new Error('connection reset');
        await bucket.save(key, bytes, contentType);
      },
    };
    const source = createLocalStorage(path.join(dataDir, 'media'));
    await expect(copyMedia(source, interrupted, { concurrency: 1 })).rejects.toThrow('connection reset');
    expect(await keysOf(bucket)).toHaveLength(2);

    const resumed = await copyMedia(source, bucket, { concurrency: 1 });
    expect(resumed).toMatchObject({ copied: 3, skipped: 2 });
    expect(await keysOf(bucket)).toEqual(Object.keys(FILES).sort());
  });

  it('says what is missing: the bucket, or the folder', { timeout: 60_000 }, async () => {
    const noBucket = await runCommand('media-copy-to-s3', [], { DATA_DIR: dataDir });
    expect(noBucket.code).toBe(2);
    expect(noBucket.stderr).toContain('MEDIA_S3_BUCKET is not set');

    const { env } = await newBucket();
    const noFolder = await runCommand('media-copy-to-s3', [path.join(dataDir, 'nowhere')], env);
    expect(noFolder.code).toBe(2);
    expect(noFolder.stderr).toContain('does not exist');
  });

  it('fails with a wrong secret, before copying anything', { timeout: 60_000 }, async () => {
    const { env, bucket } = await newBucket();
    const wrong = await runCommand('media-copy-to-s3', [], {
      ...env,
      MEDIA_S3_SECRET_ACCESS_KEY: 'not-the-secret',
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('The copy failed');
    expect(await keysOf(bucket)).toEqual([]);
  });
});
