import type { FastifyInstance } from 'fastify';
import { errorBody } from '../errors.ts';

export const CLOSING_MESSAGE = 'El servidor se está reiniciando. Intenta de nuevo en unos segundos.';
const CLOSING_BODY = JSON.stringify(errorBody(503, CLOSING_MESSAGE));

/**
 * While the server closes (SIGTERM): requests already in flight finish and their connection closes with the answer
 * (a kept-alive connection would otherwise hold the close for the keep-alive timeout); a new request arriving on a
 * kept-alive connection gets a Spanish 503 at once. New connections are refused by the closed listener.
 * Call before any route is registered and after the hooks every answer needs (security headers, request id), with
 * Fastify's own English 503 turned off (return503OnClosing: false).
 */
export function closeGracefully(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback hooks: they run on every request, and an async one costs a promise each time.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) {
      done();
      return;
    }
    reply.header('connection', 'close');
    // Answering here skips the rest of the request's hooks and its handler. Sent as JSON text: an object would go
    // through the route's response schema, which may have another shape for 503 (the health check's) and fail.
    void reply.code(503).type('application/json; charset=utf-8').send(CLOSING_BODY);
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
