import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_ONLY_HEADERS, isApiUrl } from '../src/plugins/security-headers.ts';
import { clientFiles } from '../src/web/client-files.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0] !== '')
      .map(([name = '', ...values]) => [name, values]),
  );
}

/** Headers that belong to one answer, not to the kind of answer. */
const OWN_HEADERS = new Set(['x-request-id', 'date', 'content-length', 'content-type', 'connection', 'vary']);

/** The headers of an answer but its own, with the policy's nonce written as <nonce>. */
function kindOfHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !OWN_HEADERS.has(name) && !['cache-control', 'content-encoding'].includes(name))
      .map(([name, value]) => [name, String(value).replace(/'nonce-[^']*'/, "'nonce-<nonce>'")]),
  );
}

/** A route that answers with the nonce its reply exposes, as a document would put it in its scripts. */
const nonceRoute = (subject: TestApp, url = '/test/nonce') =>
  subject.app.get(url, async (_request, reply) => ({ nonce: reply.cspNonce?.script ?? null }));

describe('security headers', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp();
    nonceRoute(subject);
    nonceRoute(subject, '/api/test/nonce');
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('sends the usual protective headers', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('puts a fresh nonce per request in script-src, the one the reply exposes', async () => {
    const first = await subject.app.inject({ method: 'GET', url: '/test/nonce' });
    const second = await subject.app.inject({ method: 'GET', url: '/test/nonce' });
    const { nonce } = first.json<{ nonce: string }>();

    expect(nonce).toMatch(/^[\w-]{16,}$/);
    expect(second.json<{ nonce: string }>().nonce).not.toBe(nonce);
    const csp = directives(first.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    // The default map style's origin (its style, tiles, fonts and sprites): nothing else is fetched elsewhere.
    expect(csp['connect-src']).toEqual(["'self'", 'https://tiles.openfreemap.org']);
    expect(csp['object-src']).toEqual(["'none'"]);
    // The service worker and the web app manifest of the installable app (decision 038).
    expect(csp['worker-src']).toEqual(["'self'"]);
    expect(csp['manifest-src']).toEqual(["'self'"]);
  });

  it("allows exactly the map style's origins: none with MAP_STYLE_URL=off, the style's and MAP_ORIGINS otherwise", async () => {
    const off = await createTestApp({ env: { MAP_STYLE_URL: 'off' } });
    const own = await createTestApp({
      env: { MAP_STYLE_URL: 'https://mapas.example/estilo.json', MAP_ORIGINS: 'https://teselas.example' },
    });
    try {
      const offPolicy = directives(
        (await off.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
      );
      expect(offPolicy['connect-src']).toEqual(["'self'"]);
      const ownPolicy = directives(
        (await own.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
      );
      expect(ownPolicy['connect-src']).toEqual([
        "'self'",
        'https://mapas.example',
        'https://teselas.example',
      ]);
      // MapLibre's worker is a file of the site: no blob: workers.
      expect(ownPolicy['worker-src']).toEqual(["'self'"]);
    } finally {
      await off.dispose();
      await own.dispose();
    }
  });

  it("keeps 'unsafe-inline' effective for styles: no nonce in style-src", async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/test/nonce' });
    const csp = directives(response.headers['content-security-policy']);

    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('does not upgrade requests over plain http, and does over https', async () => {
    const plain = await subject.app.inject({ method: 'GET', url: '/api/health' });
    expect(directives(plain.headers['content-security-policy'])).not.toHaveProperty(
      'upgrade-insecure-requests',
    );

    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://ecoanuncios.example' } });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(directives(response.headers['content-security-policy'])).toHaveProperty(
        'upgrade-insecure-requests',
      );
    } finally {
      await secure.dispose();
    }
  });

  it("stays nonce-based with the captcha: ALTCHA needs nothing more, reCAPTCHA only Google's own paths", async () => {
    // The default test app has the captcha off; the ALTCHA default adds no source either.
    const altcha = await createTestApp({ env: { CAPTCHA_PROVIDER: 'altcha' } });
    const recaptcha = await createTestApp({
      env: { CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'sitio', RECAPTCHA_SECRET_KEY: 'secreto' },
    });
    nonceRoute(altcha);
    nonceRoute(recaptcha);
    try {
      const plain = directives(
        (await altcha.app.inject({ method: 'GET', url: '/test/nonce' })).headers['content-security-policy'],
      );
      expect(plain['script-src']).toHaveLength(2);
      expect(plain['script-src']?.[1]).toMatch(/^'nonce-/);
      expect(plain['connect-src']).toEqual(["'self'", 'https://tiles.openfreemap.org']);
      // Only the site's own workers (the service worker, MapLibre's): ALTCHA's worker needs no blob: source.
      expect(plain['worker-src']).toEqual(["'self'"]);

      const google = directives(
        (await recaptcha.app.inject({ method: 'GET', url: '/test/nonce' })).headers[
          'content-security-policy'
        ],
      );
      expect(google['script-src']).toEqual([
        "'self'",
        expect.stringMatching(/^'nonce-/),
        'https://www.google.com/recaptcha/',
        'https://www.gstatic.com/recaptcha/',
      ]);
      expect(google['frame-src']).toEqual(['https://www.google.com/recaptcha/']);
      expect(google['script-src']).not.toContain("'unsafe-inline'");
      const api = directives(
        (await recaptcha.app.inject({ method: 'GET', url: '/api/health' })).headers[
          'content-security-policy'
        ],
      );
      expect(api).toEqual({
        ...google,
        'script-src': ["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
      });
    } finally {
      await altcha.dispose();
      await recaptcha.dispose();
    }
  });

  it("gives the API's answers the same headers as a document, with a policy without a nonce (they run no script)", async () => {
    const document = await subject.app.inject({ method: 'GET', url: '/test/nonce' });
    const answers = await Promise.all(
      ['/api/health', '/api/test/nonce', '/api/nothing-here', '/api/publications?page=0', '/api'].map((url) =>
        subject.app.inject({ method: 'GET', url }),
      ),
    );

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 404, 400, 404]);
    const documentPolicy = directives(document.headers['content-security-policy']);
    for (const answer of answers) {
      expect(kindOfHeaders(answer.headers)).toEqual({
        ...kindOfHeaders(document.headers),
        'content-security-policy': String(document.headers['content-security-policy']).replace(
          /\s*'nonce-[^']*'/,
          '',
        ),
      });
      expect(directives(answer.headers['content-security-policy'])).toEqual({
        ...documentPolicy,
        'script-src': ["'self'"],
      });
    }
    // No nonce is made for them.
    expect(answers[1]?.json()).toEqual({ nonce: null });
  });

  it('tells the API by its path, as received', () => {
    for (const url of ['/api', '/api/', '/api?x=1', '/api/publications?term=vidrio', '/api/docs']) {
      expect(isApiUrl(url), url).toBe(true);
    }
    for (const url of [
      '/',
      '/apis',
      '/api-docs',
      '/ap',
      '/publications?what=api',
      '//api/health',
      '/API/health',
    ]) {
      expect(isApiUrl(url), url).toBe(false);
    }
  });

  it('covers the API docs page, whose scripts are all served from the same origin', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/docs' });

    expect(response.statusCode).toBe(200);
    expect(directives(response.headers['content-security-policy'])['script-src']?.[0]).toBe("'self'");
    expect(response.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(response.body).not.toMatch(/<script[^>]*src="https?:/);
  });
});

describe('security headers of the web build files', () => {
  let subject: TestApp;
  let clientDir: string;
  const script = `export const hola = ${JSON.stringify('Hola mundo. '.repeat(200))};`;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'eco-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(path.join(clientDir, 'assets', 'root-AbC123.js'), script);
    await writeFile(path.join(clientDir, 'assets', 'root-AbC123.js.br'), brotliCompressSync(script));
    await writeFile(path.join(clientDir, 'assets', 'root-AbC123.css'), 'body{margin:0}');
    await writeFile(path.join(clientDir, 'assets', 'pbkdf2.worker-AbC123.js'), 'onmessage = () => {};');
    await writeFile(
      path.join(clientDir, 'assets', 'logo-AbC123.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    await writeFile(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(path.join(clientDir, 'manifest.webmanifest'), '{"name":"EcoAnuncios"}');
    subject = await createTestApp();
    await subject.app.register(clientFiles, { clientDir });
    subject.app.get('/test/page', async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send('<!doctype html><p>Hola</p>'),
    );
  });

  afterAll(async () => {
    await subject.dispose();
    await rm(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    subject.app.inject({ method: 'GET', url, headers });

  it('sends every header on a document', async () => {
    const response = await get('/test/page');

    expect(response.statusCode).toBe(200);
    for (const name of DOCUMENT_ONLY_HEADERS) expect(response.headers, name).toHaveProperty(name);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    ['a script', '/assets/root-AbC123.js', {}],
    ['its brotli copy', '/assets/root-AbC123.js', { 'accept-encoding': 'br' }],
    ['a stylesheet', '/assets/root-AbC123.css', {}],
  ])(
    'sends only what %s needs: nosniff, the resource policy and the immutable cache',
    async (_kind, url, headers) => {
      const response = await get(url, headers);

      expect(response.statusCode).toBe(200);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const name of DOCUMENT_ONLY_HEADERS) expect(response.headers, name).not.toHaveProperty(name);
      // Never revalidated: no validators either.
      for (const name of ['etag', 'last-modified', 'accept-ranges'])
        expect(response.headers, name).not.toHaveProperty(name);
    },
  );

  it('keeps the validators on files outside assets/, which are revalidated daily', async () => {
    const response = await get('/favicon.svg');

    expect(response.headers).toHaveProperty('etag');
    expect(response.headers).toHaveProperty('last-modified');
  });

  it('serves the brotli copy with the same headers as the plain file', async () => {
    const response = await get('/assets/root-AbC123.js', { 'accept-encoding': 'br' });

    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it('keeps the document headers on workers, whose policy comes from their own response, and SVG files, which a browser can open as a page that runs script', async () => {
    for (const url of ['/assets/pbkdf2.worker-AbC123.js', '/assets/logo-AbC123.svg', '/favicon.svg']) {
      const response = await get(url);

      expect(response.statusCode).toBe(200);
      for (const name of DOCUMENT_ONLY_HEADERS)
        expect(response.headers, `${url} ${name}`).toHaveProperty(name);
    }
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('serves the service worker revalidated on every visit, with the policy it runs under, and the manifest as JSON', async () => {
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    for (const name of DOCUMENT_ONLY_HEADERS) expect(worker.headers, name).toHaveProperty(name);
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('leaves a missing asset to the not-found answer, with every header', async () => {
    const response = await get('/assets/missing-AbC123.js');

    expect(response.statusCode).toBe(404);
    expect(response.headers).toHaveProperty('content-security-policy');
  });
});
