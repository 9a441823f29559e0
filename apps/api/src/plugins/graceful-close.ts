import type { FastifyInstance } from 'fastify';
import { errorBody } from '../errors.ts';

export const CLOSING_MESSAGE = 'El servidor se está reiniciando. Intenta de nuevo en unos segundos.';

/**
 * While the server closes (SIGTERM): requests already in flight finish and their connection closes with the answer
 * (a kept-alive connection would otherwise hold the close for the keep-alive timeout); a new request arriving on a
 * kept-alive connection gets a Spanish 503 at once. New connections are refused by the closed listener.
 * Call before any route is registered, with Fastify's own English 503 turned off (return503OnClosing: false).
 */
export function closeGracefully(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    return reply.code(503).type('application/json; charset=utf-8').send(errorBody(503, CLOSING_MESSAGE));
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
