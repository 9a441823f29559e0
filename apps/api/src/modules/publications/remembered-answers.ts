import type { FastifyReply, FastifyRequest } from 'fastify';
import { encodedCopy, preferredEncoding } from '../../plugins/content-encoding.ts';
import { LearntHeaders, type Lane } from '../../plugins/front-door.ts';

// The public list's and map's remembered answers (decisions 010 and 058) on the way out: the same bytes for
// everybody, compressed once per answer for the clients that accept it, through the route or, for a URL answered
// before at the current version, through a front-door lane that skips the request pipeline with the headers that
// pipeline sent.

const JSON_UTF8 = 'application/json; charset=utf-8';

/** `path` with or without a query string, as received. */
function isUrlOf(path: string, url: string | undefined): boolean {
  return url === path || (url !== undefined && url.startsWith(`${path}?`));
}

export function createRememberedAnswers(options: {
  /** The route's path, e.g. '/api/publications'. */
  path: string;
  /** The remembered answer of a request's URL at the list's current version, if any. */
  lookUp: (url: string, request: object) => Promise<Buffer | undefined>;
}) {
  const headers = new LearntHeaders();
  const sentThroughRoute = new WeakSet<FastifyRequest>();

  const lane: Lane = {
    route: options.path,
    accepts: (request) => request.method === 'GET' && isUrlOf(options.path, request.url),
    async answer(request, response, id) {
      const bytes = await options.lookUp(request.url ?? '', request);
      if (bytes === undefined) return false;
      const encoding = preferredEncoding(request);
      const body = encodedCopy(bytes, encoding);
      const sent = headers.with({
        'x-request-id': id,
        'content-length': body.length,
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      });
      if (sent === undefined) return false;
      response.writeHead(200, sent);
      response.end(body);
      return true;
    },
  };

  return {
    lane,
    /** Sends remembered bytes through the route: not serialized or compressed again. */
    send(request: FastifyRequest, reply: FastifyReply, bytes: Buffer) {
      sentThroughRoute.add(request);
      const encoding = preferredEncoding(request);
      reply.type(JSON_UTF8).header('vary', 'accept-encoding');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(encodedCopy(bytes, encoding));
    },
    /** The route's onSend hook: learns the headers the pipeline sends with a remembered answer. */
    async onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      if (sentThroughRoute.has(request)) headers.learn(reply);
      return payload;
    },
  };
}
