import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test.ts';
import { fillSignIn, signUpAndActivate, uniqueEmail } from '../support/accounts.ts';

test('a member downloads their data, deletes their account and their profile is gone', async ({
  page,
  request,
}) => {
  const account = { email: uniqueEmail('dora'), name: 'Dora Datos', password: 'semillas-2026' };
  await signUpAndActivate(page, request, account);
  await page.goto('/auth');
  await fillSignIn(page, account.email, account.password);
  await expect(page).toHaveURL('/dashboard');

  await page.goto('/dashboard/settings');
  const card = page.getByRole('region', { name: 'Tus datos' });
  const download = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Descargar mis datos' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^ecoanuncios-mis-datos-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile((await file.path())!, 'utf8');
  const data = JSON.parse(text) as { account: { id: string; email: string }; profile: { name: string } };
  expect(data.account.email).toBe(account.email);
  expect(data.profile.name).toBe(account.name);
  expect(text).not.toMatch(/password|argon2/i);

  const profileUrl = `/users/${data.account.id}`;
  await page.goto(profileUrl);
  await expect(page.getByRole('heading', { level: 1, name: account.name })).toBeVisible();

  await page.goto('/dashboard/settings');
  await card.getByRole('link', { name: 'Eliminar mi cuenta' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Eliminar tu cuenta?' });
  await expect(dialog).toContainText('Esto no se puede deshacer');
  await dialog.getByLabel('Tu contraseña').fill('no-es-la-clave');
  await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(dialog.getByText('La contraseña es incorrecta')).toBeVisible();

  await dialog.getByLabel('Tu contraseña').fill(account.password);
  await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(page).toHaveURL('/', { timeout: 15_000 });
  await expect(page.getByText('Tu cuenta y todos tus datos fueron eliminados.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Ingresar' })).toBeVisible();

  expect((await page.goto(profileUrl))?.status()).toBe(404);
  // The account is gone: signing in again fails, and the e-mail may sign up afresh.
  await page.goto('/auth');
  await fillSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/auth/);
});
