import { expect, test, type Page } from '../support/test.ts';
import { demoUsers, DEMO_SUPER_USER_EMAIL } from '../../apps/api/src/demo/demo-data.ts';
import { pickPhoto } from '../support/photos.ts';
import { signInAs } from '../support/session.ts';

// A demo author with a WhatsApp number, living in Córdoba (the form prefills the place from the profile).
const author = demoUsers.find((user) => user.email === 'martin.gomez@ecoanuncios.local')!;

async function cardOf(page: Page, id: string) {
  return page.getByRole('article').filter({ has: page.locator(`a[href="/publications/${id}"]`) });
}

test('a publication goes from the form through review to a guest who finds it and contacts its author', async ({
  browser,
}) => {
  // Three people, four pages: longer than a single-page test.
  test.setTimeout(90_000);
  const marker = `zorzal${Date.now().toString(36)}`;
  const title = `Acopio de cartón y botella en barrio ${marker}`;

  // 1. The author publishes with a photo: it waits for review.
  const authorContext = await browser.newContext();
  await signInAs(authorContext, author.email);
  const page = await authorContext.newPage();
  await page.goto('/publications/new');
  await page.getByRole('radio', { name: 'Puntos de Reciclaje' }).click();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('textbox', { name: 'Título' }).fill(title);
  await page
    .getByRole('textbox', { name: 'Descripción' })
    .fill('Recibimos cartón limpio y botellas de vidrio todos los sábados por la mañana.');
  await page.getByRole('textbox', { name: 'Dirección' }).fill('Obispo Trejo 250, Nueva Córdoba');
  await page.getByRole('combobox', { name: 'Materiales' }).click();
  await page.getByRole('option', { name: 'Vidrios' }).click();
  await page.getByRole('option', { name: 'Papel/Cartón' }).click();
  await page.keyboard.press('Escape');

  await pickPhoto(page, page.getByRole('button', { name: 'Subir imágenes' }), 'acopio.jpg');
  await expect(page.getByRole('img', { name: 'Imagen 1 del anuncio' })).toBeVisible();

  await page.getByRole('button', { name: 'Crear anuncio' }).click();
  await expect(page.getByText('El anuncio se ha creado exitosamente...')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/publications/);
  const row = page.getByRole('main').getByText(title).first();
  await expect(row).toBeVisible();
  await expect(page.getByRole('main').getByText('En Revisión').first()).toBeVisible();
  const editHref = await page.getByRole('main').locator('a[href$="/edit"]').first().getAttribute('href');
  const id = /\/dashboard\/publications\/([^/]+)\/edit/.exec(editHref!)![1]!;
  await authorContext.close();

  // Not visible to guests while it waits.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  expect((await guest.goto(`/publications/${id}`))?.status()).toBe(404);

  // 2. A super user publishes it from the list of pending publications.
  const adminContext = await browser.newContext();
  await signInAs(adminContext, DEMO_SUPER_USER_EMAIL);
  const admin = await adminContext.newPage();
  await admin.goto('/publications?what=dots&status=pending');
  const pendingCard = await cardOf(admin, id);
  await expect(pendingCard.getByText('No Publicado')).toBeVisible();
  await pendingCard.getByRole('button', { name: 'Publicar' }).click();
  await expect(admin.getByText('El anuncio se ha publicado exitosamente')).toBeVisible();
  await adminContext.close();

  // 3. A guest finds it typing without accents and in plural, with filters.
  await guest.goto('/publications?what=dots&country=arg&province=cordoba');
  await guest.getByRole('searchbox', { name: 'Buscar' }).fill(`botellas carton ${marker}`);
  await guest.getByRole('button', { name: 'Iniciar búsqueda' }).click();
  await expect(guest).toHaveURL(/term=botellas/);
  await expect(guest).toHaveURL(/province=cordoba/);
  const card = await cardOf(guest, id);
  await expect(card).toHaveCount(1);
  await expect(guest.getByRole('article')).toHaveCount(1);

  // 4. It opens, goes to the contact cart once, and the WhatsApp link carries the number and the title.
  await card.locator(`a[href="/publications/${id}"]`).first().click();
  await expect(guest).toHaveURL(`/publications/${id}`);
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Shared links carry the page's own address and a preview for WhatsApp.
  await expect(guest.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(marker));
  await guest.getByRole('main').getByRole('button', { name: 'Compartir' }).first().click();
  const share = guest.getByRole('dialog', { name: '¡Comparte Ahora!' });
  await expect(share.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', new RegExp(id));
  await guest.keyboard.press('Escape');
  await expect(share).toBeHidden();

  await guest.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(guest.getByText('El producto se ha agregado correctamente')).toBeVisible();
  await guest.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(guest.getByText('Este item ya se encuentra en el carrito')).toBeVisible();

  await guest.getByRole('button', { name: 'Carrito de contactos (1)' }).click();
  const cart = guest.getByRole('dialog', { name: 'Carrito de contactos' });
  // The button posts to the site in a new tab, which records the contact and goes on to this WhatsApp chat.
  const whatsapp = await cart.locator('form[action="/contact"] input[name="whatsapp"]').inputValue();
  await expect(cart.getByRole('button', { name: 'Contactar por WhatsApp' })).toBeVisible();
  const url = new URL(whatsapp);
  expect(url.origin + url.pathname).toBe(`https://wa.me/${author.phone}`);
  expect(url.searchParams.get('text')).toContain(title);
  await guestContext.close();
});

test("an author's link opens their public profile, without their e-mail", async ({ page }) => {
  await page.goto('/publications?what=market');
  const authorLink = page.getByRole('article').first().locator('a[href^="/users/"]').first();
  const name = (await authorLink.innerText()).trim();
  await authorLink.click();
  await expect(page).toHaveURL(/\/users\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Calificaciones' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('@ecoanuncios.local');
  expect((await page.goto('/users/no-existe'))?.status()).toBe(404);
});
