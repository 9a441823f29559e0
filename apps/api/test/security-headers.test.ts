import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('security headers', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp();
    subject.app.get('/test/nonce', async (_request, reply) => ({ nonce: reply.cspNonce.script }));
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
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
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
    try {
      const plain = directives(
        (await altcha.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
      );
      expect(plain['script-src']).toHaveLength(2);
      expect(plain['script-src']?.[1]).toMatch(/^'nonce-/);
      expect(plain['connect-src']).toEqual(["'self'"]);
      expect(plain['worker-src']).toBeUndefined();

      const google = directives(
        (await recaptcha.app.inject({ method: 'GET', url: '/api/health' })).headers[
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
    } finally {
      await altcha.dispose();
      await recaptcha.dispose();
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
