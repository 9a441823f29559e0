import { publicationSchema } from '@eco/domain';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../src/errors.ts';
import { captureLogs } from './helpers/log-capture.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const UNEXPECTED = 'Ha ocurrido un error inesperado. Intenta nuevamente más tarde.';

describe('error answers', () => {
  let subject: TestApp;
  const logs = captureLogs();

  beforeAll(async () => {
    subject = await createTestApp({ logger: logs.logger });
    // Test-only routes, registered like a feature module would.
    const app = subject.app.withTypeProvider<ZodTypeProvider>();
    app.post('/test/publications', { schema: { body: publicationSchema } }, async (request) => ({
      title: request.body.title,
    }));
    app.get(
      '/test/pages',
      { schema: { querystring: z.object({ page: z.coerce.number().int().min(1) }) } },
      async (request) => ({ page: request.query.page }),
    );
    app.get('/test/crash', async () => {
      throw new Error('connection string postgres://secret@db leaked');
    });
    app.get('/test/forbidden', async () => {
      throw new HttpError(403, 'No tienes permiso para ver este anuncio');
    });
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('answers unknown /api paths with a Spanish JSON 404, for every method', async () => {
    for (const [method, url] of [
      ['GET', '/api/does-not-exist'],
      ['POST', '/api/publications/123/whatever'],
      ['DELETE', '/api'],
    ] as const) {
      const response = await subject.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'No se encontró la ruta solicitada',
      });
    }
  });

  it('names the field and the rule of a domain schema, with its Spanish message', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/test/publications',
      payload: {
        typed: 'market',
        title: 'ab',
        description: 'Una descripción válida',
        files: [{ url: '/a.webp' }],
      },
    });

    expect(response.statusCode).toBe(400);
    const body = response.json<{ statusCode: number; error: string; message: string }>();
    expect(body.statusCode).toBe(400);
    expect(body.error).toBe('Bad Request');
    expect(body.message).toContain('title: El título es demasiado corto (min: 3)');
    expect(body.message).toContain('quantity: ¿Qué disponibilidad tienes?');
    expect(Object.keys(body).sort()).toEqual(['error', 'message', 'statusCode']);
  });

  it('gives zod rules without a custom message in Spanish too', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/test/pages?page=0' });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^page: .*(>=1|1)/);
    expect(response.json().message).not.toMatch(/Too small|expected/);
  });

  it('translates the errors Fastify raises while reading a body', async () => {
    const invalidJson = await subject.app.inject({
      method: 'POST',
      url: '/test/publications',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(invalidJson.statusCode).toBe(400);
    expect(invalidJson.json().message).toBe('El cuerpo de la solicitud no es un JSON válido');

    const unsupported = await subject.app.inject({
      method: 'POST',
      url: '/test/publications',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'abc',
    });
    expect(unsupported.statusCode).toBe(415);
    expect(unsupported.json().message).toBe('El tipo de contenido de la solicitud no es compatible');

    const tooLarge = await subject.app.inject({
      method: 'POST',
      url: '/test/publications',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'x'.repeat(1_100_000) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'El cuerpo de la solicitud es demasiado grande',
    });
  });

  it('keeps the message of a 4xx thrown by a module', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/test/forbidden' });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'No tienes permiso para ver este anuncio',
    });
  });

  it('hides the message and the stack of a 500, and logs them', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/test/crash' });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: UNEXPECTED });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('.ts:');

    const logged = logs.entries.find((entry) => entry.msg === 'Request failed');
    const err = logged?.err as { message?: string; stack?: string } | undefined;
    expect(err?.message).toContain('leaked');
    expect(err?.stack).toContain('errors.test.ts');
    expect(logged?.reqId).toBe(response.headers['x-request-id']);
  });
});
