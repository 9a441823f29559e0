import type { IncomingMessage } from 'node:http';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';

// One log line per request at info instead of Fastify's two ('incoming request', then 'request completed'): the line
// written when the answer has gone out carries what both said (request id, method, URL, host, client address and
// port, status, response time) in about two thirds of the bytes, and each line is built, redacted and handed to the
// destination once instead of twice (decision 020). A request whose client goes away first is logged as 'request
// aborted'; the arrival of each request, which shows the requests in flight, is logged at debug.

export const REQUEST_INCOMING = 'incoming request';
export const REQUEST_COMPLETED = 'request completed';
export const REQUEST_ABORTED = 'request aborted';

/** The levels at which requests are logged, and those at which their arrival is too. */
const LOGS_REQUESTS = new Set(['trace', 'debug', 'info']);
const LOGS_ARRIVALS = new Set(['trace', 'debug']);

export function logsRequests(level: string): boolean {
  return LOGS_REQUESTS.has(level);
}

/** Fastify's request log lines, one per request: written when the answer has gone out. */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    // At info the completed (or aborted) line says it.
    if (this.isLogDisabled(request) || !LOGS_ARRIVALS.has(request.log.level)) return;
    request.log.debug({ req: request }, REQUEST_INCOMING);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const facts = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...facts, err: error }, 'request errored');
    else reply.log.info(facts, REQUEST_COMPLETED);
  }
}

/** Logs the requests whose client went away before their answer (they have no completed line). */
export function logAbortedRequests(app: FastifyInstance): void {
  app.addHook('onRequestAbort', (request, done) => {
    request.log.info({ req: request }, REQUEST_ABORTED);
    done();
  });
}

/**
 * The line of a request answered outside Fastify (a front-door lane), as Fastify's serializers write it, but with the
 * socket's address and Host header: TRUST_PROXY's X-Forwarded-* headers are applied by Fastify only.
 */
export function logAnsweredRequest(
  log: FastifyBaseLogger,
  request: IncomingMessage,
  id: string,
  statusCode: number,
  responseTime: number,
): void {
  log.info(
    {
      reqId: id,
      req: {
        method: request.method,
        url: request.url,
        host: request.headers.host,
        remoteAddress: request.socket.remoteAddress,
        remotePort: request.socket.remotePort,
      },
      res: { statusCode },
      responseTime,
    },
    REQUEST_COMPLETED,
  );
}
