import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { createS3Storage, MEDIA_CACHE_CONTROL, type S3MediaStorage } from './s3-storage.ts';
import { MEDIA_URL_PREFIX, mediaKeyOf, type MediaStorage } from './storage.ts';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** GET /media/*: the bucket's object streamed through, with S3's own range and conditional answers. */
function serveBucket(app: FastifyInstance, bucket: S3MediaStorage): void {
  app.get(`${MEDIA_URL_PREFIX}*`, async (request, reply) => {
    const query = request.url.indexOf('?');
    const key = mediaKeyOf(query < 0 ? request.url : request.url.slice(0, query));
    if (key === null) return reply.callNotFound();
    const answer = await bucket.fetch(key, {
      range: header(request.headers.range),
      ifNoneMatch: header(request.headers['if-none-match']),
      ifModifiedSince: header(request.headers['if-modified-since']),
    });
    if (answer.status === 404) return reply.callNotFound();
    if (answer.status === 416) return reply.code(416).header('accept-ranges', 'bytes').send();
    reply.code(answer.status).headers(answer.headers);
    if (answer.status === 304) return reply.send();
    // HEAD too: Fastify's HEAD route drains the stream, which gives the socket back to the client's pool.
    return reply.send(answer.body);
  });
}

/**
 * Serves `/media/*` from the configured storage: the folder through @fastify/static (ETag, Last-Modified, ranges),
 * or the bucket streamed through this process with the same cache and content headers. With MEDIA_PUBLIC_URL
 * browsers load media from there, and this route only serves addresses handed out before (and the operator's
 * checks).
 */
export async function serveMedia(app: FastifyInstance, config: Config, storage: MediaStorage): Promise<void> {
  if (config.mediaS3 !== null) {
    serveBucket(app, storage.kind === 's3' ? (storage as S3MediaStorage) : createS3Storage(config.mediaS3));
    return;
  }
  mkdirSync(config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: MEDIA_URL_PREFIX,
    decorateReply: false,
    index: false,
    // Media names are unique (new content gets a new name), so browsers may keep them for a year.
    maxAge: '365d',
    immutable: true,
  });
}

export { MEDIA_CACHE_CONTROL };
