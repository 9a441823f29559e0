import { loadConfig } from '../../apps/api/src/config.ts';
import { createDatabase } from '../../apps/api/src/db/database.ts';
import sharp from 'sharp';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { createNewcomer, signInAsNewcomer } from '../support/newcomer.ts';
import { E2E_BASE_URL, E2E_DATA_DIR } from '../support/server.ts';
import { signInAs, userIdOf } from '../support/session.ts';
import { expect, test, type Browser, type Locator, type Page } from '../support/test.ts';
import { expectNoUnstyledComponents } from '../support/unstyled.ts';

// "Guardar" (issue 26, decision 033): a bookmark on cards and on the publication's page, for members; guests are
// sent to sign in and come back; /dashboard/favorites lists them, newest saved first. With and without scripts.

const EXPLORE = '/publications?what=market';

/** The card of explore's list at `index`, and the path of its publication. */
async function cardAt(page: Page, index: number): Promise<{ card: Locator; path: string }> {
  const card = page.locator('main article').nth(index);
  const path = await card.getByRole('heading').getByRole('link').getAttribute('href');
  return { card, path: path! };
}

/** The card of the publication at `path`, wherever the list puts it now. */
const cardOf = (page: Page, path: string) =>
  page.locator('main article', { has: page.locator(`h2 a[href="${path}"]`) });

const saveButton = (scope: Page | Locator) => scope.getByRole('button', { name: 'Guardar', exact: true });
const savedButton = (scope: Page | Locator) => scope.getByRole('button', { name: 'Guardado', exact: true });

/** The answer of the next "Guardar" sent from the page (the toggle's fetcher posts to /favorite's data URL). */
const savedAnswer = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      /^\/favorite(\.data)?$/.test(new URL(response.url()).pathname),
  );

async function memberPage(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  await signInAsNewcomer(context);
  return context.newPage();
}

/** The publications the page lists in Guardados, by their paths. */
async function savedPaths(page: Page): Promise<string[]> {
  const links = page.locator('main article h2 a');
  return links.evaluateAll((items) => items.map((item) => item.getAttribute('href') ?? ''));
}

test('a member saves from a card and from the page, finds both in Guardados, newest first, and unsaves', async ({
  browser,
}) => {
  const page = await memberPage(browser);
  await page.goto(EXPLORE);
  const first = await cardAt(page, 0);
  const second = await cardAt(page, 1);

  // The button shows the choice at once (optimistically): wait for the server's answer before loading again.
  await Promise.all([savedAnswer(page), saveButton(first.card).click()]);
  await expect(savedButton(first.card)).toHaveAttribute('aria-pressed', 'true');
  // The server holds it: a new load of the list says so.
  await page.reload();
  await expect(savedButton(cardOf(page, first.path))).toHaveAttribute('aria-pressed', 'true');
  await expect(saveButton(cardOf(page, second.path))).toHaveAttribute('aria-pressed', 'false');

  await page.goto(second.path);
  await Promise.all([savedAnswer(page), saveButton(page).click()]);
  await expect(savedButton(page)).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(savedButton(page)).toBeVisible();

  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Secciones de tu panel' })
    .getByRole('link', { name: /Guardados/ })
    .click();
  await expect(page).toHaveURL('/dashboard/favorites');
  await expect(page.getByRole('heading', { level: 1, name: 'Guardados' })).toBeVisible();
  await expect.poll(() => savedPaths(page)).toEqual([second.path, first.path]);

  await savedButton(page.locator('main article').first()).click();
  await expect.poll(() => savedPaths(page)).toEqual([first.path]);
  await savedButton(page.locator('main article').first()).click();
  await expect(page.getByText('Todavía no guardaste ningún anuncio')).toBeVisible();
  await page.context().close();
});

test('a guest who taps Guardar signs in and comes back to the same page', async ({ page }) => {
  const newcomer = await createNewcomer('Gala Guardadora');
  await page.goto(EXPLORE);
  await saveButton((await cardAt(page, 0)).card).click();
  await expect(page).toHaveURL(`/auth?redirectTo=${encodeURIComponent(EXPLORE)}`);

  const form = page.getByRole('form', { name: 'Formulario de ingreso' });
  await form.getByRole('textbox', { name: 'Correo electrónico' }).fill(newcomer.email);
  await form.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(newcomer.password);
  await form.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(EXPLORE);
  // Now a member: the same button saves.
  const { card } = await cardAt(page, 0);
  await saveButton(card).click();
  await expect(savedButton(card)).toBeVisible();
});

test('without JavaScript: saving and unsaving post and come back to the same page', async ({ browser }) => {
  const page = await memberPage(browser, false);
  await page.goto(EXPLORE);
  const { card, path } = await cardAt(page, 2);
  await saveButton(card).click();
  await expect(page).toHaveURL(EXPLORE);
  await expect(savedButton(cardOf(page, path))).toHaveAttribute('aria-pressed', 'true');

  await page.goto(path);
  await savedButton(page).click();
  await expect(page).toHaveURL(path);
  await saveButton(page).click();
  await expect(page).toHaveURL(path);
  await expect(savedButton(page)).toBeVisible();

  await page.goto('/dashboard/favorites');
  expect(await savedPaths(page)).toEqual([path]);
  await savedButton(page.locator('main article').first()).click();
  await expect(page).toHaveURL('/dashboard/favorites');
  await expect(page.getByText('Todavía no guardaste ningún anuncio')).toBeVisible();
  await page.context().close();

  // A guest without scripts is sent to sign in, with the way back.
  const guest = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await guest.goto(path);
  await saveButton(guest).click();
  await expect(guest).toHaveURL(`/auth?redirectTo=${encodeURIComponent(path)}`);
  await guest.context().close();
});

/** A publication of a new member, waiting for review: never in a list, seen only by its author (and super users). */
async function pendingPublication(browser: Browser, title: string): Promise<string> {
  const author = await createNewcomer('Ana Retira');
  const context = await browser.newContext();
  try {
    await signInAs(context, author.email);
    const headers = { origin: E2E_BASE_URL };
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2f6f3e' } })
      .jpeg()
      .toBuffer();
    const media = await context.request.post('/api/media', {
      headers,
      multipart: { file: { name: 'frascos.jpg', mimeType: 'image/jpeg', buffer: photo } },
    });
    expect(media.status()).toBe(201);
    const created = await context.request.post('/api/publications', {
      headers,
      data: {
        typed: 'market',
        title,
        description: 'Frascos de vidrio limpios con tapa, ideales para conservas.',
        quantity: 12,
        price: 1500,
        files: [{ url: ((await media.json()) as { url: string }).url }],
      },
    });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { publication: { _id: string } }).publication._id;
  } finally {
    await context.close();
  }
}

test('a saved publication that is no longer published stays in the list as a placeholder, without its content', async ({
  browser,
}) => {
  const title = 'Frascos que ya no se ofrecen';
  const id = await pendingPublication(browser, title);
  const member = await createNewcomer('Mora Memoriosa');
  // Saved while it was published (the API tests go through that); here it is as if it had been sent back since.
  const database = createDatabase(loadConfig({ DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'silent' }));
  try {
    await database.db
      .insertInto('favorites')
      .values({
        user_id: await userIdOf(member.email),
        publication_id: id,
        created_at: new Date().toISOString(),
      })
      .execute();
  } finally {
    await database.close();
  }
  const context = await browser.newContext();
  await signInAs(context, member.email);
  const page = await context.newPage();

  await page.goto('/dashboard/favorites');
  const placeholder = page.getByRole('article', { name: 'Este anuncio ya no está publicado' });
  await expect(placeholder).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await expectNoUnstyledComponents(page, 'favorites with a placeholder');
  await expectNoSeriousViolations(page, 'favorites with a placeholder');

  await savedButton(placeholder).click();
  await expect(page.getByText('Todavía no guardaste ningún anuncio')).toBeVisible();
  await context.close();
});
