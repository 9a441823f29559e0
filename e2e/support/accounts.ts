import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { linkTo, waitForMail } from './mailbox.ts';

let counter = 0;

/** An e-mail address no other test (or earlier run against the same data folder) uses. */
export function uniqueEmail(name: string): string {
  counter += 1;
  return `${name}.${Date.now().toString(36)}.${process.pid}.${counter}@ejemplo.com`;
}

/** Signs up through the form and activates through the link of the real e-mail. */
export async function signUpAndActivate(
  page: Page,
  request: APIRequestContext,
  account: { email: string; name: string; password: string },
): Promise<void> {
  await page.goto('/auth/new');
  const form = page.getByRole('form', { name: 'Formulario de registro' });
  await form.getByRole('textbox', { name: 'Correo electrónico' }).fill(account.email);
  await form.getByRole('textbox', { name: 'Nombre' }).fill(account.name);
  await form.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(account.password);
  await form.getByRole('textbox', { name: 'Confirmar contraseña' }).fill(account.password);
  const submit = form.getByRole('button', { name: 'Crear cuenta' });
  await expect(submit).toBeDisabled();
  await form.getByRole('switch').check({ force: true });
  await submit.click();
  await expect(page.getByText('Revisa tu correo')).toBeVisible();

  const mail = await waitForMail(request, account.email, /Activa tu cuenta/);
  await page.goto(linkTo(mail, '/auth/new/'));
  await expect(page.getByText('¡Tu cuenta está activada!')).toBeVisible();
}

/** Signs in through the /auth form (the page must be on /auth). */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Formulario de ingreso' });
  await form.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
  await form.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Ingresar' }).click();
}
