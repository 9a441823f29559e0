import { expect, test } from '../support/test.ts';

const GUEST_MENU = [
  'Inicio',
  'Explorar',
  'Nosotros',
  'Preguntas',
  'Políticas de Privacidad',
  'Términos de Uso',
];

test.describe('layout for a guest on a desktop screen', () => {
  test('the left menu lists the guest entries and the social networks', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await expect(menu).toBeVisible();
    for (const label of GUEST_MENU) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Mi Panel' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: /Instagram/ })).toBeVisible();
    await expect(menu.getByRole('link', { name: /Facebook/ })).toBeVisible();

    await menu.getByRole('link', { name: 'Nosotros', exact: true }).click();
    await expect(page).toHaveURL('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the top bar offers the login button, the beta link and the donation heart', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Ingresar' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Registrarse' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Notificaciones' })).toHaveCount(0);
    await header.getByRole('link', { name: 'Beta' }).click();
    await expect(page).toHaveURL('/beta');
  });

  test('on the sign-in page the login button hides and the register button shows', async ({ page }) => {
    await page.goto('/auth');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Registrarse' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Ingresar' })).toHaveCount(0);
  });

  test('the two sidebars are mutually exclusive and a route change closes the right one', async ({
    page,
  }) => {
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await expect(menu).toBeVisible();

    await page.getByRole('button', { name: 'Donar' }).click();
    const drawer = page.getByRole('dialog', { name: 'Apoya a EcoAnuncios' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('ecoanuncios.verde')).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Quiero apadrinar' })).toBeVisible();
    await expect(menu).toBeHidden();

    // Opening the menu closes the donation drawer.
    await page.getByRole('button', { name: 'Cerrar panel' }).click();
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(menu).toBeVisible();
    await page.getByRole('button', { name: 'Donar' }).click();
    await expect(drawer).toBeVisible();
    await expect(menu).toBeHidden();

    // Following a link from the drawer changes the route and closes it.
    await drawer.getByRole('link', { name: 'Gracias a quienes nos apoyan' }).click();
    await expect(page).toHaveURL('/thanks');
    await expect(drawer).toBeHidden();
  });

  test('the footer credits the studio and opens the share and donation dialogs', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Desarrollado por');

    await footer.getByRole('button', { name: 'Compartir' }).click();
    const share = page.getByRole('dialog', { name: '¡Comparte Ahora!' });
    await expect(share).toBeVisible();
    const whatsapp = share.getByRole('link', { name: /WhatsApp/ });
    await expect(whatsapp).toHaveAttribute('href', /^https:\/\/(wa\.me|api\.whatsapp\.com)\/.*127\.0\.0\.1/);
    await expect(share.getByRole('link', { name: /correo/i })).toHaveAttribute('href', /^mailto:/);
    await page.keyboard.press('Escape');
    await expect(share).toBeHidden();

    await footer.getByRole('button', { name: 'Apoyar' }).click();
    const donation = page.getByRole('dialog', { name: 'Apoya a EcoAnuncios' });
    await expect(donation).toBeVisible();
    await expect(donation.getByRole('button', { name: 'Copiar alias' })).toBeVisible();
  });
});
