import { extname, join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { dropDocumentHeaders } from '../plugins/security-headers.ts';

const ONE_YEAR = 60 * 60 * 24 * 365;
const ONE_DAY = 60 * 60 * 24;

/**
 * Kinds of hashed build files a browser never shows as a page. SVG and HTML are left out on purpose: opened on
 * their own they are documents (an SVG can run script), so they keep the document's headers.
 */
const SUBRESOURCE_EXTENSIONS = new Set(['.js', '.css', '.woff2', '.woff', '.png', '.jpg', '.webp', '.avif']);

/**
 * A worker's script takes its Content-Security-Policy from its own response, as a document does, so workers keep
 * every header. The web build names them `<name>.worker-<hash>.js` (apps/web/vite.config.ts).
 */
const WORKER_SCRIPT = /\.worker-[\w-]+\.js$/;

/**
 * True for a hashed script, stylesheet, font or raster image of the build (`.br`/`.gz` copies included) that is
 * not a worker.
 */
export function isImmutableSubresource(filePath: string, assetsDir: string): boolean {
  if (!filePath.startsWith(assetsDir + sep)) return false;
  const plain = filePath.replace(/\.(br|gz)$/, '');
  return SUBRESOURCE_EXTENSIONS.has(extname(plain).toLowerCase()) && !WORKER_SCRIPT.test(plain);
}

/**
 * The service worker (decision 038) is asked for on every visit and compared byte for byte: a day's max-age would
 * keep a deploy's fixes from phones for a day. It keeps the document's headers: its CSP is the worker's.
 */
function isServiceWorker(filePath: string, root: string): boolean {
  return filePath.replace(/\.(br|gz)$/, '') === join(root, 'sw.js');
}

/**
 * A hashed file never changes, and the browser keeps it a year without asking again: validators (ETag,
 * Last-Modified) and the range support notice would only add about 120 bytes of headers to each of the first load's
 * files (decision 018). Files outside assets/ (favicon, robots.txt) keep them: they are revalidated daily.
 */
function dropValidators(reply: FastifyReply): void {
  reply.removeHeader('etag');
  reply.removeHeader('last-modified');
  reply.removeHeader('accept-ranges');
}

/**
 * The web build's client files, from disk: exact routes for the files that exist, so anything else falls through
 * to server rendering. Files under assets/ carry a content hash in their names and never change.
 */
export const clientFiles: FastifyPluginAsync<{ clientDir: string }> = async (app, { clientDir }) => {
  const root = resolve(clientDir);
  const assetsDir = join(root, 'assets');
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    decorateReply: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.startsWith(assetsDir + sep);
      reply.header(
        'cache-control',
        immutable
          ? `public, max-age=${ONE_YEAR}, immutable`
          : isServiceWorker(filePath, root)
            ? 'no-cache'
            : `public, max-age=${ONE_DAY}`,
      );
      if (isImmutableSubresource(filePath, assetsDir)) {
        dropDocumentHeaders(reply);
        dropValidators(reply);
      }
    },
  });
};
