import { expect, test } from '../support/test.ts';
import sharp from 'sharp';
import { fillSignIn, signUpAndActivate, uniqueEmail } from '../support/accounts.ts';
import { linkTo, waitForMail } from '../support/mailbox.ts';

test('a visitor signs up, activates by e-mail, signs in, completes the profile with a photo and signs out', async ({
  page,
  request,
}) => {
  const account = { email: uniqueEmail('ana'), name: 'Anabella Suárez', password: 'compost-2026' };
  await signUpAndActivate(page, request, account);

  await page.getByRole('main').getByRole('link', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/auth/);
  await fillSignIn(page, account.email, account.password);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi Panel' })).toBeVisible();
  // The top bar shows the name cut to 6 characters.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Anabel' })).toBeVisible();

  await page.goto('/dashboard/settings');
  const profile = page.getByRole('form', { name: 'Tu perfil' });
  await expect(profile.getByRole('textbox', { name: 'Nombre' })).not.toBeEditable();
  await profile.getByRole('link', { name: 'Editar' }).click();
  await profile.getByRole('textbox', { name: 'Nombre' }).fill('Ana Suárez');
  await profile.getByRole('textbox', { name: 'Teléfono / WhatsApp' }).fill('5493515550101');

  await profile.getByRole('combobox', { name: 'País' }).click();
  await page.getByRole('option', { name: 'Argentina' }).click();
  await profile.getByRole('combobox', { name: 'Provincia' }).click();
  await page.getByRole('option', { name: 'Córdoba' }).click();
  await profile.getByRole('combobox', { name: 'Ciudad' }).click();
  await page.getByRole('option', { name: 'Villa Carlos Paz' }).click();
  await profile.getByRole('textbox', { name: 'Dirección' }).fill('Av. San Martín 1200');

  // A real JPEG from a phone-sized camera, picked through the file chooser.
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a7d44' } })
    .jpeg()
    .toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await profile.getByRole('button', { name: 'Subir foto' }).click();
  await (await chooser).setFiles({ name: 'mi-foto.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText('Subida exitosa!')).toBeVisible();

  await profile.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('¡Todo correcto!')).toBeVisible();
  await expect(profile.getByRole('textbox', { name: 'Nombre' })).not.toBeEditable();

  // A reload is rendered on the server with the session cookie: still signed in, with the new data.
  await page.reload();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Ana Su' })).toBeVisible();
  await expect(profile.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Ana Suárez');
  await expect(profile.getByRole('textbox', { name: 'Dirección' })).toHaveValue('Av. San Martín 1200');
  await expect(profile.getByRole('img').first()).toHaveAttribute('src', /\/media\/uploads\/.+\.webp$/);

  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Salir' }).click();
  await expect(page).toHaveURL('/', { timeout: 15_000 });
  await expect(page.getByRole('banner').getByRole('link', { name: 'Ingresar' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('eco.session'))).toBeNull();
  // The session ended on the server too.
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/auth?redirectTo=%2Fdashboard');
});

test('a forgotten password is reset through the e-mailed link', async ({ page, request }) => {
  const account = { email: uniqueEmail('bruno'), name: 'Bruno Díaz', password: 'primera-clave' };
  await signUpAndActivate(page, request, account);

  await page.goto('/auth');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL('/auth/reset');
  const ask = page.getByRole('form', { name: 'Pedir enlace para restablecer la contraseña' });
  await ask.getByRole('textbox', { name: 'Correo electrónico' }).fill(account.email);
  await ask.getByRole('button', { name: 'Enviar enlace' }).click();

  const mail = await waitForMail(request, account.email, /Restablece tu contraseña/);
  await page.goto(linkTo(mail, '/auth/reset/'));
  const choose = page.getByRole('form', { name: 'Elegir una nueva contraseña' });
  await choose.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('segunda-clave');
  await choose.getByRole('textbox', { name: 'Confirmar contraseña' }).fill('segunda-clave');
  await choose.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page).toHaveURL(/\/auth/);

  await page.goto('/auth');
  await fillSignIn(page, account.email, account.password);
  await expect(page.getByText('Las credenciales son incorrectas')).toBeVisible();
  await fillSignIn(page, account.email, 'segunda-clave');
  await expect(page).toHaveURL('/dashboard');
});

test('a guest opening the panel signs in and comes back to it', async ({ page, request }) => {
  const account = { email: uniqueEmail('carla'), name: 'Carla Ibáñez', password: 'huerta-urbana' };
  await signUpAndActivate(page, request, account);

  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL('/auth?redirectTo=%2Fdashboard%2Fsettings');
  await fillSignIn(page, account.email, account.password);
  await expect(page).toHaveURL('/dashboard/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
});
