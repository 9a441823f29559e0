import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../../errors.ts';
import { handleNotFound } from '../../plugins/error-handler.ts';
import type { Metrics } from './registry.ts';

export const METRICS_UNAUTHORIZED_MESSAGE = 'Para leer las métricas hace falta el token correcto.';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Whether the Authorization header is `Bearer <token>`, compared in constant time (digests of equal length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+)$/i.exec(header ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

/**
 * GET /metrics for Prometheus (outside /api: not part of the API), and the per-request measurements. Without
 * METRICS_TOKEN nothing is measured and /metrics answers 404 as any unknown path; with it, only a scraper that sends
 * the token reads them. Call before any route is registered, so that the hook sees every request.
 */
export function serveMetrics(
  app: FastifyInstance,
  options: { token: string; metrics: Metrics } | undefined,
): void {
  if (options === undefined) {
    app.get('/metrics', { schema: { hide: true } }, handleNotFound);
    return;
  }
  const { token, metrics } = options;
  // A callback hook: it runs on every request, and an async one costs a promise each time.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  // The front door's lanes answer without the pipeline: measured where they answer.
  app.frontDoor.observe((method, route, statusCode, seconds) =>
    metrics.request(method, route, statusCode, seconds),
  );
  app.addHook('onClose', async () => metrics.close());

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('application/json; charset=utf-8')
        .send(errorBody(401, METRICS_UNAUTHORIZED_MESSAGE));
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
