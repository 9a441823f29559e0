import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import { createRequest } from '@remix-run/node-fetch-server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router';
import type { SessionData } from '@eco/domain';
import type { Config } from '../config.ts';
import { createMediaAddresses, mapUrlFields, type MediaAddresses } from '../modules/media/public-address.ts';
import { clientFiles } from './client-files.ts';
import { createGuestPages, type GuestPage, type GuestRender } from './guest-pages.ts';
import { createGuestReplays, recordingApi } from './guest-replays.ts';
import { createInternalApi, createRawApi, type InternalApi } from './internal-api.ts';
import { pageCacheControl } from './page-cache.ts';
import { createStaticPages } from './static-pages.ts';

/** The values the web app reads from its server context (apps/web/app/server-context.ts). */
type ServerContextValues = {
  session: SessionData | null;
  publicUrl: string;
  donation: Config['donation'];
  mapStyleUrl: Config['mapStyleUrl'];
  addressSearch: boolean;
  cspNonce: string;
  completeDocument?: boolean;
  api: InternalApi;
};

/** What the web build's entry.server module exports besides its request handler. */
type WebServerBuild = ServerBuild & {
  entry: { module: { createLoadContext: (values: ServerContextValues) => RouterContextProvider } };
};

export type WebPluginOptions = { buildDir: string; config: Config };

/** True when the web app has been built, so the server can render it. */
export function hasWebBuild(buildDir: string): boolean {
  return existsSync(join(buildDir, 'server', 'index.js'));
}

/**
 * Serves the React Router build from the API's process: hashed client assets from disk, every other path
 * rendered on the server with the visitor's session, so a signed-in user sees the right page on the first paint.
 */
export const webPlugin: FastifyPluginAsync<WebPluginOptions> = async (app, { buildDir, config }) => {
  const mediaAddresses =
    config.mediaPublicUrl === undefined ? undefined : createMediaAddresses(config.mediaPublicUrl);
  const build = (await import(pathToFileURL(join(buildDir, 'server', 'index.js')).href)) as WebServerBuild;
  const guestPages = createGuestPages();
  const guestReplays = createGuestReplays();
  const handleRequest = createRequestHandler(
    guestPages.wrap(build),
    config.isProduction ? 'production' : 'development',
  );

  await app.register(clientFiles, { clientDir: join(buildDir, 'client') });

  await app.register(async (ssr) => {
    // React Router reads form bodies itself from the raw request stream.
    ssr.removeAllContentTypeParsers();
    ssr.addContentTypeParser('*', (_request, _payload, done) => done(null));

    const staticPages = createStaticPages();

    ssr.all('/*', async (request, reply) => {
      // A guest without any credential asking again for a document every guest gets (guest-replays.ts).
      const replayUrl =
        request.method === 'GET' &&
        request.headers.cookie === undefined &&
        request.headers.authorization === undefined
          ? `${request.headers.host ?? ''} ${request.url}`
          : undefined;
      if (replayUrl !== undefined) {
        const key = await guestReplays.replay(replayUrl, createRawApi(app, request));
        const page = key === undefined ? undefined : guestPages.remembered(key);
        if (page !== undefined) return guestPages.send(request, reply, page, guestOverrides(page));
      }
      const recording = replayUrl === undefined ? undefined : recordingApi(createInternalApi(app, request));
      const session = await sessionData(request, mediaAddresses);
      const contextFor = (cspNonce: string, completeDocument = false) =>
        build.entry.module.createLoadContext({
          session,
          publicUrl: config.publicUrl,
          donation: config.donation,
          mapStyleUrl: config.mapStyleUrl,
          addressSearch: config.geocoder !== null,
          cspNonce,
          completeDocument,
          api: recording?.api ?? createInternalApi(app, request),
        });
      const render = (loadContext: RouterContextProvider) =>
        handleRequest(createRequest(request.raw, reply.raw), loadContext);
      // A shared copy carries no nonce: its scripts are allowed by their hashes.
      if (await staticPages.serve(request, reply, session === null, () => render(contextFor('')))) {
        return reply;
      }
      const loadContext = contextFor(reply.cspNonce?.script ?? '');
      // A guest's document may be one every guest gets (guest-pages.ts decides once the loaders have run).
      const guest: GuestRender | undefined =
        session === null && request.method === 'GET'
          ? { sharedContext: () => contextFor('', true) }
          : undefined;
      if (guest) guestPages.register(loadContext, guest);
      const response = await render(loadContext);
      const overrides = cachingHeaders(request.method, session !== null, response.status, response.headers);
      if (guest?.page) {
        const calls = recording?.calls();
        if (replayUrl !== undefined && calls) guestReplays.remember(replayUrl, calls, guest.page.key);
        return guestPages.send(request, reply, guest.page, overrides);
      }
      return sendWebResponse(reply, response, overrides);
    });
  });
};

/** The Cache-Control and Vary of a rendered page (page-cache.ts). */
function cachingHeaders(
  method: string,
  signedIn: boolean,
  status: number,
  headers: Headers,
): Record<'cache-control' | 'vary', string> {
  const cacheControl = pageCacheControl({
    method,
    status,
    signedIn,
    setsCookie: headers.getSetCookie().length > 0,
    routeCacheControl: headers.get('cache-control'),
  });
  const vary = headers.get('vary');
  return { 'cache-control': cacheControl, vary: vary ? `${vary}, Cookie` : 'Cookie' };
}

/** A remembered guest document's caching headers, as when it was rendered for a guest's GET. */
function guestOverrides(page: GuestPage): Record<string, string> {
  return cachingHeaders('GET', false, page.status, new Headers(page.headers));
}

async function sessionData(
  request: FastifyRequest,
  media: MediaAddresses | undefined,
): Promise<SessionData | null> {
  const session = await request.getSession();
  if (!session) return null;
  const { expiresAt } = session;
  // Read from the database, not through the API's serializer: the picture's address is mapped here.
  const user =
    media === undefined ? session.user : (mapUrlFields(session.user, media.toPublic) as typeof session.user);
  // The token stays in its httpOnly cookie: the browser's scripts never see it.
  return {
    tokenExpiration: expiresAt.toISOString(),
    userId: user._id,
    userEmail: user.email,
    userPictureUrl: user.pictureUrl,
    user,
  };
}

/**
 * Hands a Web Response to Fastify as a Node stream, so the compression hook can encode it; `overrides` replace
 * headers of the response (whose own headers may be immutable, as Response.redirect() makes them).
 */
function sendWebResponse(
  reply: FastifyReply,
  response: Response,
  overrides: Record<string, string>,
): FastifyReply {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  for (const [name, value] of Object.entries(overrides)) reply.header(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeWebReadableStream<Uint8Array>));
}
