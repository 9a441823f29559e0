import { expect, test } from '../support/test.ts';
import { demoUsers, DEMO_SUPER_USER_EMAIL } from '../../apps/api/src/demo/demo-data.ts';
import { signInAs } from '../support/session.ts';

const superUser = demoUsers.find((user) => user.email === DEMO_SUPER_USER_EMAIL)!;
const MEMBER_MENU = ['Inicio', 'Explorar', 'Mi Panel', 'Asistente Virtual', 'Salir'];

test('a guest opening the panel is sent to sign in, and comes back afterwards', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/auth?redirectTo=%2Fdashboard');
});

test('a signed-in user sees the member menus on the first paint, without scripts', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signInAs(context, superUser.email);
  const page = await context.newPage();
  await page.goto('/');

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: superUser.name.slice(0, 6) })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Notificaciones' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Ingresar' })).toHaveCount(0);
  await expect(header.getByRole('button', { name: 'Donar' })).toHaveCount(0);

  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  for (const label of MEMBER_MENU) {
    await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'Nosotros', exact: true })).toHaveCount(0);
  await context.close();
});

test('a signed-in user reaches the panel; the session data never exposes the token', async ({
  context,
  page,
}) => {
  await signInAs(context, superUser.email);
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi Panel' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(superUser.name);

  const cookie = (await context.cookies()).find((c) => c.name === 'eco_session')!;
  expect(await page.content()).not.toContain(cookie.value);

  // The bell opens the notification view in the right drawer.
  await page.getByRole('button', { name: 'Notificaciones' }).click();
  await expect(page.getByRole('dialog', { name: 'Notificaciones' })).toBeVisible();
});
