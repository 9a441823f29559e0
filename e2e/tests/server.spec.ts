import { expect, test } from '@playwright/test';

test('HTML is compressed, secured and carries a CSP nonce on its scripts', async ({ request }) => {
  const response = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers['content-encoding']).toMatch(/br|gzip/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  const csp = headers['content-security-policy']!;
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(await response.text()).toContain(`nonce="${nonce}"`);
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
