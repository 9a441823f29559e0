import { expect, test } from '../support/test.ts';

test('an unknown page answers 404 with a way back home', async ({ page }) => {
  const response = await page.goto('/esta-pagina-no-existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('This page could not be found')).toBeVisible();
  // The layout stays around the error page.
  await expect(page.getByRole('banner')).toBeVisible();
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.locator('[data-category]')).toHaveCount(6);
});

test('unknown API paths answer JSON 404 in Spanish', async ({ request }) => {
  const response = await request.get('/api/no-existe');
  expect(response.status()).toBe(404);
  const body = await response.json();
  expect(body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  expect(body.message).toMatch(/[áéíóúñ]|no se encontr/i);
});
