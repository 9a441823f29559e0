import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GUEST_PAGE_CACHE_CONTROL } from './page-cache.ts';
import { ownedBytes } from '../owned-bytes.ts';
import { preferredEncoding } from '../plugins/content-encoding.ts';
import { scriptHashes, withHashes } from './shared-copy.ts';

// The static pages (about, questions, terms, privacy, beta, thanks) as guests see them depend on the web build and
// the server's configuration only: no database, no session. Each is rendered once per process, on its first guest
// visit, and kept compressed (brotli and gzip) in memory; every later guest gets those bytes. The configuration
// (PUBLIC_URL, the donation settings) is read at run time, which is why this happens in the server and not in
// `react-router build`. Signed-in visitors get their own render (their name in the header). Inline scripts are
// allowed by their SHA-256 hashes instead of the per-request nonce, which a shared copy cannot carry.

export const STATIC_PAGE_PATHS: ReadonlySet<string> = new Set([
  '/about',
  '/questions',
  '/terms',
  '/privacy',
  '/beta',
  '/thanks',
]);

type StoredPage = {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  headers: [string, string][];
  scriptHashes: string[];
};

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function store(response: Response): Promise<StoredPage> {
  const html = await response.text();
  const identity = ownedBytes(html);
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).then(ownedBytes),
    gzipAsync(identity, { level: 9 }).then(ownedBytes),
  ]);
  const headers = [...response.headers].filter(([name]) => name !== 'set-cookie');
  return { identity, br, gzip: gz, headers, scriptHashes: scriptHashes(html) };
}

/**
 * Serves the static pages to guests from memory, rendering each with `render` (this guest's GET of the page, without
 * a nonce) only the first time. `serve` answers false when the request is not for one of them.
 */
export function createStaticPages() {
  const pages = new Map<string, Promise<StoredPage | null>>();

  function pageFor(path: string, render: () => Promise<Response>): Promise<StoredPage | null> {
    let page = pages.get(path);
    if (page === undefined) {
      page = render().then((response) => (response.status === 200 ? store(response) : null));
      // A failed render is not kept: the next visit tries again.
      page.catch(() => pages.delete(path));
      pages.set(path, page);
    }
    return page;
  }

  return {
    async serve(
      request: FastifyRequest,
      reply: FastifyReply,
      isGuest: boolean,
      render: () => Promise<Response>,
    ): Promise<boolean> {
      if (request.method !== 'GET' || !isGuest) return false;
      const path = request.url.split('?')[0] ?? '';
      if (!STATIC_PAGE_PATHS.has(path) || path !== request.url) return false;
      const page = await pageFor(path, render);
      if (page === null) return false;
      for (const [name, value] of page.headers) reply.header(name, value);
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') {
        reply.header('content-security-policy', withHashes(policy, page.scriptHashes));
      }
      const encoding = preferredEncoding(request);
      reply.header('vary', 'accept-encoding, Cookie');
      reply.header('cache-control', GUEST_PAGE_CACHE_CONTROL);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      await reply
        .code(200)
        .send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity);
      return true;
    },
  };
}
