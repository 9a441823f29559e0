import { expect, test } from '../support/test.ts';
import { categories } from '@eco/domain/catalog/categories';
import { APP_TITLE } from '@eco/domain/constants';

test('the home page shows the six category cards, each opening its explore page', async ({ page }) => {
  // Twelve page loads: on a busy 2-core machine that needs more than the default 30 s.
  test.slow();
  await page.goto('/');
  await expect(page).toHaveTitle(APP_TITLE);

  const cards = page.locator('[data-category]');
  await expect(cards).toHaveCount(6);
  for (const [index, category] of categories.entries()) {
    const card = cards.nth(index);
    await expect(card).toHaveAttribute('data-category', category.key);
    await expect(card).toContainText(category.title);
    await expect(card).toContainText(category.description);
  }

  for (const category of categories) {
    await page.goto('/');
    await page.locator(`[data-category="${category.key}"]`).click();
    await expect(page).toHaveURL(`/publications?what=${category.key}`);
  }
});

test('the home page is rendered on the server, readable before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
  await expect(page.getByRole('heading', { level: 1, name: 'Un lugar para mejorar el mundo' })).toBeVisible();
  await expect(page.locator('[data-category]')).toHaveCount(6);
  await context.close();
});
