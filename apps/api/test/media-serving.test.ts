import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testMediaStorage } from './helpers/media-storage.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// GET /media/* answers alike from the local folder (@fastify/static) and from the bucket (streamed through): the
// api-s3 project runs this file with the media in a bucket.

const KEY = 'uploads/user-serving/1-a.webp';
const BYTES = Buffer.from(Array.from({ length: 3000 }, (_, index) => index % 251));

describe(`GET /media/* from the ${testMediaStorage} storage`, () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp();
    await subject.app.mediaStorage.save(KEY, BYTES, 'image/webp');
  });

  afterAll(async () => {
    await subject.dispose();
  });

  const get = (headers: Record<string, string> = {}, url = `/media/${KEY}`) =>
    subject.app.inject({ method: 'GET', url, headers });

  it('serves the bytes with the content type, a year of immutable cache, a validator and ranges', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-length']).toBe(String(BYTES.length));
    expect(response.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(response.headers['last-modified']).toBeDefined();
    expect(response.rawPayload.equals(BYTES)).toBe(true);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const etag = String((await get()).headers.etag);
    const again = await get({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get({ 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('answers a byte range with 206 and its Content-Range', async () => {
    const response = await get({ range: 'bytes=100-199' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 100-199/${BYTES.length}`);
    expect(response.rawPayload.equals(BYTES.subarray(100, 200))).toBe(true);

    const open = await get({ range: 'bytes=2990-' });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(BYTES.subarray(2990))).toBe(true);
  });

  // s3rver reads 'bytes=-10' as 'bytes=0-10' (S3 itself, and the folder, answer the last ten bytes): the bucket
  // route passes the Range header on as it came, so what a real bucket does is what the browser gets.
  it.skipIf(testMediaStorage === 's3')('answers a suffix range with the last bytes', async () => {
    const tail = await get({ range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(BYTES.subarray(BYTES.length - 10))).toBe(true);
  });

  it('answers 416 to a range past the end', async () => {
    const response = await get({ range: `bytes=${BYTES.length + 10}-${BYTES.length + 20}` });
    expect(response.statusCode).toBe(416);
  });

  it('answers HEAD with the headers and no body, many times over', async () => {
    // More than the S3 client's pooled sockets (50): a HEAD must not keep one busy.
    for (let round = 0; round < 60; round += 1) {
      const response = await subject.app.inject({ method: 'HEAD', url: `/media/${KEY}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['content-length']).toBe(String(BYTES.length));
      expect(response.rawPayload.length).toBe(0);
    }
    expect((await get()).statusCode).toBe(200);
  });

  it.each(['/media/uploads/nobody/missing.webp', '/media/uploads/..%2F..%2Fsecret', '/media/demo/'])(
    'answers the Spanish 404 for %s',
    async (url) => {
      const response = await get({}, url);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('No se encontró la ruta solicitada');
    },
  );
});
