import type { IncomingMessage } from 'node:http';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';

// One log line per request instead of Fastify's two ('incoming request', then 'request completed'): the line written
// when the answer has gone out carries what both said (request id, method, URL, host, client address and port,
// status, response time). Each line is a synchronous write of the log destination, about half of what info-level
// logging costs a request (decision 020). A request that never completes is not logged; one whose client goes away
// first is, as 'request aborted'.

export const REQUEST_COMPLETED = 'request completed';
export const REQUEST_ABORTED = 'request aborted';

/** The levels at which requests are logged. */
const LOGS_REQUESTS = new Set(['trace', 'debug', 'info']);

export function logsRequests(level: string): boolean {
  return LOGS_REQUESTS.has(level);
}

/** Fastify's request log lines, one per request: written when the answer has gone out. */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // The completed (or aborted) line says it.
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
