import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Calls the API from server-side rendering, as the visitor: same routes, same checks, no network hop. */
export type InternalApi = (path: string, init?: RequestInit) => Promise<Response>;

// The visitor's credentials and origin travel with the call, so authorization and the Origin check of
// cookie-authenticated changes apply exactly as for a call from the browser.
const FORWARDED_HEADERS = [
  'host',
  'cookie',
  'authorization',
  'origin',
  'referer',
  'user-agent',
  'accept-language',
];

/** An API answer as injected, before it becomes a Response: what a guest's replay compares (guest-replays.ts). */
export type RawAnswer = { status: number; contentType: string; location: string; body: Buffer };

/** A GET of the API as the visitor, its answer left raw (no Response, no Headers built). */
export type RawApi = (path: string) => Promise<RawAnswer>;

export function createRawApi(app: FastifyInstance, request: FastifyRequest): RawApi {
  const headers = forwardedHeaders(request);
  return async (path) => {
    if (!path.startsWith('/api/')) throw new Error(`Internal API calls go to /api/…, not ${path}`);
    const response = await app.inject({ method: 'GET', url: path, headers, remoteAddress: request.ip });
    return {
      status: response.statusCode,
      contentType: String(response.headers['content-type'] ?? ''),
      location: String(response.headers.location ?? ''),
      body: response.rawPayload,
    };
  };
}

function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

export function createInternalApi(app: FastifyInstance, request: FastifyRequest): InternalApi {
  return async (path, init = {}) => {
    if (!path.startsWith('/api/')) throw new Error(`Internal API calls go to /api/…, not ${path}`);
    const headers = forwardedHeaders(request);
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = init.body;
    if (body !== undefined && body !== null && typeof body !== 'string') {
      throw new Error('Internal API calls send their body as a string (JSON.stringify it)');
    }
    const response = await app.inject({
      method: (init.method ?? 'GET').toUpperCase() as 'GET',
      url: path,
      headers,
      remoteAddress: request.ip,
      ...(body ? { payload: body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [String(value)]) responseHeaders.append(name, item);
    }
    const status = response.statusCode;
    const noBody = status === 204 || status === 304;
    return new Response(noBody ? null : response.rawPayload, { status, headers: responseHeaders });
  };
}
