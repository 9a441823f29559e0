import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const LARGE = {
  items: Array.from({ length: 200 }, (_, index) => ({ index, title: `Anuncio de prueba número ${index}` })),
};

describe('compression', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp();
    subject.app.get('/test/large', async () => LARGE);
    subject.app.get('/test/page', async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(`<!doctype html><p>${'Hola mundo. '.repeat(300)}</p>`),
    );
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('prefers brotli for JSON above the threshold', async () => {
    const response = await subject.app.inject({
      method: 'GET',
      url: '/test/large',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });

    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8'))).toEqual(LARGE);
  });

  it('uses gzip when the client offers only gzip, for HTML too', async () => {
    const response = await subject.app.inject({
      method: 'GET',
      url: '/test/page',
      headers: { 'accept-encoding': 'gzip' },
    });

    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString('utf8')).toContain('Hola mundo.');
  });

  it('compresses the static CSS of the docs page', async () => {
    const response = await subject.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui.css',
      headers: { 'accept-encoding': 'br' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('leaves small answers and clients without compression alone', async () => {
    const small = await subject.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();

    const plain = await subject.app.inject({ method: 'GET', url: '/test/large' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(LARGE);
  });
});
