import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../src/modules/media/s3-storage.ts';
import { STORAGE_UNAVAILABLE_MESSAGE } from '../src/modules/media/storage-errors.ts';
import { multipartBody } from './fixtures/multipart.ts';
import { actor } from './helpers/publications.ts';
import { startS3Server, type TestS3Server } from './helpers/s3-server.ts';
import { createTestApp } from './helpers/test-app.ts';

describe('the S3 media storage against a signature-checking S3 server', () => {
  let server: TestS3Server;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(async () => server.close());

  it('saves, lists, reads and removes objects', async () => {
    await server.createBucket('smoke');
    const storage = createS3Storage(server.configOf('smoke'));
    await storage.check?.();
    await storage.save('uploads/u1/a.webp', Buffer.from('hello'), 'image/webp');
    expect((await storage.read('uploads/u1/a.webp'))?.toString()).toBe('hello');
    const listed = [];
    for await (const item of storage.list('uploads')) listed.push(item);
    expect(listed.map((item) => [item.key, item.size])).toEqual([['uploads/u1/a.webp', 5]]);
    await storage.remove('uploads/u1/a.webp');
    expect(await storage.read('uploads/u1/a.webp')).toBeNull();
    await storage.remove('uploads/u1/a.webp');
  });

  it('refuses a wrong secret', async () => {
    await server.createBucket('wrong');
    const config = server.configOf('wrong');
    const storage = createS3Storage({
      ...config,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'nope' },
    });
    const before = server.rejected();
    await expect(storage.check?.()).rejects.toThrow();
    await expect(storage.save('a.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/signature/i);
    expect(server.rejected()).toBeGreaterThan(before);
  });

  it('makes /api/ready answer 503 storage down when the bucket refuses the signature, or is missing', async () => {
    const env = await server.bucketEnv();
    for (const [change, ready] of [
      [{}, 200],
      [{ MEDIA_S3_SECRET_ACCESS_KEY: 'not-the-secret' }, 503],
      [{ MEDIA_S3_BUCKET: 'no-such-bucket' }, 503],
    ] as const) {
      const subject = await createTestApp({ env: { ...env, ...change } });
      try {
        const response = await subject.app.inject({ method: 'GET', url: '/api/ready' });
        expect(response.statusCode, JSON.stringify(change)).toBe(ready);
        expect(response.json().storage).toBe(ready === 200 ? 'up' : 'down');
      } finally {
        await subject.dispose();
      }
    }
  });

  it('answers an upload with a Spanish 503 while the bucket cannot be reached, and keeps nothing', async () => {
    const env = await server.bucketEnv();
    // A loopback port nobody listens on: the bucket's server is down.
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const subject = await createTestApp({ env: { ...env, MEDIA_S3_ENDPOINT: `http://127.0.0.1:${closed}` } });
    try {
      const member = await actor(subject.database.db, 'fotos@example.com', 'Fotógrafa');
      const image = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#2f9e44' } })
        .jpeg()
        .toBuffer();
      const { payload, headers } = multipartBody([
        { name: 'file', filename: 'foto.jpg', contentType: 'image/jpeg', data: image },
      ]);
      const response = await subject.app.inject({
        method: 'POST',
        url: '/api/media',
        payload,
        headers: { ...headers, ...member.headers },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json().message).toBe(STORAGE_UNAVAILABLE_MESSAGE);
      const uploads = await subject.database.db.selectFrom('uploads').select('key').execute();
      expect(uploads).toEqual([]);
    } finally {
      await subject.dispose();
    }
  });
});
