import { expect, test } from '../support/test.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a 390 px phone gets the mobile layout: the menu is an overlay behind the burger', async ({ page }) => {
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(menu).toBeHidden();
  // The login button turns into an icon with the same accessible name.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Ingresar' })).toBeVisible();

  const cards = page.locator('[data-category]');
  await expect(cards).toHaveCount(6);
  const first = await cards.nth(0).boundingBox();
  const second = await cards.nth(1).boundingBox();
  // One card per row.
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);

  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Preguntas', exact: true }).click();
  await expect(page).toHaveURL('/questions');
  await expect(menu).toBeHidden();

  // The donation drawer takes the whole width on a phone.
  await page.getByRole('button', { name: 'Donar' }).click();
  const drawer = page.getByRole('dialog', { name: 'Apoya a EcoAnuncios' });
  await expect(drawer).toBeVisible();
  const box = await drawer.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(389);
});

test('a desktop width shows three cards per row and the menu as a sidebar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
  const boxes = await Promise.all(
    [0, 1, 2, 3].map((i) => page.locator('[data-category]').nth(i).boundingBox()),
  );
  expect(boxes[0]!.y).toBe(boxes[2]!.y);
  expect(boxes[3]!.y).toBeGreaterThan(boxes[0]!.y);
});
