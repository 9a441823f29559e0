import { createHash } from 'node:crypto';
import { expect, test } from '../support/test.ts';

test('HTML is compressed, secured and carries a CSP nonce on its scripts', async ({ request }) => {
  // A page rendered for this request only (a 404 is never a shared guest copy).
  const response = await request.get('/no-existe-esta-pagina', {
    headers: { 'accept-encoding': 'br, gzip' },
  });
  expect(response.status()).toBe(404);
  const headers = response.headers();
  expect(headers['content-encoding']).toMatch(/br|gzip/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  const csp = headers['content-security-policy']!;
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(await response.text()).toContain(`nonce="${nonce}"`);
});

test('a guest copy of a page is compressed and allows exactly its inline scripts by their hashes', async ({
  request,
}) => {
  const response = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers['content-encoding']).toMatch(/br|gzip/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  const csp = headers['content-security-policy']!;
  expect(csp).not.toContain("'nonce-");
  const html = await response.text();
  const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1]!)
    .filter((source) => source !== '');
  expect(scripts.length).toBeGreaterThan(0);
  for (const source of scripts) {
    expect(csp).toContain(`'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`);
  }
});

test('hashed assets are cached for good and served pre-compressed', async ({ page, request }) => {
  await page.goto('/');
  const script = await page
    .locator('script[type="module"][src*="/assets/"], link[rel="modulepreload"]')
    .first();
  const src = (await script.getAttribute('src')) ?? (await script.getAttribute('href'));
  expect(src).toMatch(/\/assets\//);
  const response = await request.get(src!, { headers: { 'accept-encoding': 'br' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toContain('immutable');
  expect(response.headers()['content-encoding']).toBe('br');
});

test('the API answers health and documents itself', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(await health.json()).toMatchObject({ status: 'ok', database: 'up' });
  const docs = await request.get('/api/docs/json');
  expect((await docs.json()).paths).toHaveProperty('/api/health');
});
