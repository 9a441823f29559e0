import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { serialize } from 'node:v8';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EntryContext, RouterContextProvider, ServerBuild } from 'react-router';
import { ByteLru } from './byte-lru.ts';
import { ownedBytes } from '../owned-bytes.ts';
import { preferredEncoding, type Encoding } from '../plugins/content-encoding.ts';
import { scriptHashes, withHashes } from './shared-copy.ts';

// The documents rendered for guests, remembered by everything their render depends on. React Router runs the
// loaders of every request as usual (they read the database, with its own exact caches) and then hands the
// document handler of entry.server the URL, the status, the headers and the complete loader/action data; with
// the build, those are all a guest's render reads (no session, no nonce in a shared copy, no clock: dates are
// shown from the data). So the rendered HTML is memoised under a digest of exactly those: a write that changes
// what any loader returns changes the key, on every process, without any invalidation to send or to miss. What
// is saved is the render itself (React and Mantine's style resolution: about 70% of such a request's CPU).

/** Memory for the remembered documents and their compressed copies (least recently used dropped first). */
export const GUEST_PAGES_MAX_BYTES = 16 * 1024 * 1024;

type DocumentHandler = ServerBuild['entry']['module']['default'];

export type GuestPage = {
  key: string;
  status: number;
  headers: [string, string][];
  html: Buffer;
  scriptHashes: string[];
  /** Compressed copies, made on the first request that accepts each encoding. */
  encoded: Partial<Record<Exclude<Encoding, 'identity'>, Promise<Buffer>>>;
  encodedBytes: number;
};

/** What the web plugin registers for a guest's GET before React Router runs the loaders. */
export type GuestRender = {
  /** The load context of a copy shared by guests: no nonce, the whole document at once (crawlers get it too). */
  sharedContext: () => RouterContextProvider;
  /** The document this guest is given, once the handler has found or rendered it. */
  page?: GuestPage;
};

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A document every guest may get: a successful GET with no error, no form answer and no cookie. */
function isSharable(request: Request, status: number, headers: Headers, context: EntryContext): boolean {
  const { actionData, errors } = context.staticHandlerContext;
  return (
    request.method === 'GET' &&
    status === 200 &&
    errors === null &&
    actionData === null &&
    !headers.has('set-cookie')
  );
}

/**
 * The digest of everything the render reads: the URL the router renders, the status and headers, and the loader
 * data of every matched route (v8's structured serialisation tells apart what JSON would merge: undefined and
 * absent, a Date and its text). Data that cannot be serialised (a pending promise) is not remembered: null.
 */
export function renderKey(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
): string | null {
  const { loaderData } = context.staticHandlerContext;
  let bytes: Buffer;
  try {
    bytes = serialize([request.url, status, [...headers], loaderData]);
  } catch {
    return null;
  }
  return createHash('sha256').update(bytes).digest('base64url');
}

export function createGuestPages(maxBytes = GUEST_PAGES_MAX_BYTES) {
  const pages = new ByteLru<GuestPage>(maxBytes);
  /** Renders under way, so that guests asking for the same document at once share one render. */
  const rendering = new Map<string, Promise<GuestPage>>();
  const guests = new WeakMap<RouterContextProvider, GuestRender>();

  async function renderShared(
    handle: DocumentHandler,
    key: string,
    args: Parameters<DocumentHandler>,
    guest: GuestRender,
  ): Promise<GuestPage> {
    const [request, status, headers, context] = args;
    const response = await handle(request, status, headers, context, guest.sharedContext());
    const html = Buffer.from(await response.arrayBuffer());
    const page: GuestPage = {
      key,
      status: response.status,
      headers: [...response.headers].filter(([name]) => name !== 'set-cookie'),
      html,
      scriptHashes: scriptHashes(html.toString('utf8')),
      encoded: {},
      encodedBytes: 0,
    };
    // A render that failed part-way (its status says so) is given to this guest but not remembered.
    if (page.status === 200 && !response.headers.has('set-cookie')) pages.set(key, page, html.length);
    return page;
  }

  return {
    /** Marks `loadContext` as a guest's GET: its document may come from, and go to, the remembered ones. */
    register(loadContext: RouterContextProvider, guest: GuestRender): void {
      guests.set(loadContext, guest);
    },

    /** The build whose document handler answers registered guests from the remembered documents. */
    wrap<Build extends ServerBuild>(build: Build): Build {
      const handle = build.entry.module.default;
      const memoised: DocumentHandler = async (...args) => {
        const [request, status, headers, context, loadContext] = args;
        const guest = guests.get(loadContext as RouterContextProvider);
        const key =
          guest !== undefined && isSharable(request, status, headers, context)
            ? renderKey(request, status, headers, context)
            : null;
        if (guest === undefined || key === null) return handle(...args);
        let page = pages.get(key);
        if (page === undefined) {
          let pending = rendering.get(key);
          if (pending === undefined) {
            pending = renderShared(handle, key, args, guest).finally(() => rendering.delete(key));
            rendering.set(key, pending);
          }
          page = await pending;
        }
        guest.page = page;
        // The web plugin sends guest.page itself (compressed, with its hashes): the body is not copied here.
        return new Response(null, { status: page.status, headers: page.headers });
      };
      return { ...build, entry: { ...build.entry, module: { ...build.entry.module, default: memoised } } };
    },

    /**
     * Sends a remembered document in the encoding the guest accepts, its scripts allowed by their hashes;
     * `overrides` are the caching headers the web plugin chose.
     */
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      page: GuestPage,
      overrides: Record<string, string>,
    ): Promise<FastifyReply> {
      for (const [name, value] of page.headers) reply.header(name, value);
      for (const [name, value] of Object.entries(overrides)) reply.header(name, value);
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') {
        reply.header('content-security-policy', withHashes(policy, page.scriptHashes));
      }
      reply.header('vary', `${overrides.vary ?? 'Cookie'}, Accept-Encoding`);
      reply.code(page.status);
      const encoding = preferredEncoding(request);
      if (encoding === 'identity' || page.html.length < 1024) return reply.send(page.html);
      reply.header('content-encoding', encoding);
      return reply.send(await encoded(page, encoding));
    },

    /** The remembered document of this key, if it is still held. */
    remembered(key: string): GuestPage | undefined {
      return pages.get(key);
    },

    /** Documents and bytes held (for tests and measurements). */
    get stats(): { pages: number; bytes: number } {
      return { pages: pages.size, bytes: pages.bytes };
    },
  };

  function encoded(page: GuestPage, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> {
    let bytes = page.encoded[encoding];
    if (bytes === undefined) {
      bytes = (
        encoding === 'br'
          ? brotli(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } })
          : gzipAsync(page.html, { level: 6 })
      ).then(ownedBytes);
      page.encoded[encoding] = bytes;
      // The compressed copy counts against the memory budget once it exists.
      void bytes.then((copy) => {
        page.encodedBytes += copy.length;
        pages.resize(page.key, page, page.html.length + page.encodedBytes);
      });
    }
    return bytes;
  }
}
