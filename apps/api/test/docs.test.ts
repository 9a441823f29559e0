import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

describe('API description', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp();
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('serves the docs page as HTML at /api/docs', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/docs' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('swagger-ui');
  });

  it('describes /api/health, and neither the catch-alls nor the media', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json<{
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();

    expect(response.statusCode).toBe(200);
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('API de EcoAnuncios');
    expect(Object.keys(document.paths)).toEqual(['/api/health']);
    expect(Object.keys(document.paths['/api/health']?.get?.responses ?? {}).sort()).toEqual(['200', '503']);
  });
});
