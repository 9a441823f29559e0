import { createNewcomer, signInAsNewcomer } from '../support/newcomer.ts';
import { expect, test, type Browser, type Locator, type Page } from '../support/test.ts';

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

  await saveButton(first.card).click();
  await expect(savedButton(first.card)).toHaveAttribute('aria-pressed', 'true');
  // The server holds it: a new load of the list says so.
  await page.reload();
  await expect(savedButton(cardOf(page, first.path))).toHaveAttribute('aria-pressed', 'true');
  await expect(saveButton(cardOf(page, second.path))).toHaveAttribute('aria-pressed', 'false');

  await page.goto(second.path);
  await saveButton(page).click();
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
