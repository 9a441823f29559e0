import { expectNoSeriousViolations } from '../support/axe.ts';
import { createNewcomer, signInAsNewcomer } from '../support/newcomer.ts';
import { expect, test, type Browser, type Locator, type Page } from '../support/test.ts';
import { expectNoUnstyledComponents } from '../support/unstyled.ts';

// "Me interesa" (issue 25, decision 036) on a phone: a member marks an event from its card and from its page and
// finds it in Mi agenda; a guest signs in and comes back to the same event; the toggle works without JavaScript.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const EVENTS = '/publications?what=events';

const markButton = (scope: Page | Locator) => scope.getByRole('button', { name: /^Me interesa/ });

/** The card of explore's list at `index`, and the path of its event. */
async function cardAt(page: Page, index: number): Promise<{ card: Locator; path: string }> {
  const card = page.locator('main article').nth(index);
  const path = await card.getByRole('heading').getByRole('link').getAttribute('href');
  return { card, path: path! };
}

const cardOf = (page: Page, path: string) =>
  page.locator('main article', { has: page.locator(`h2 a[href="${path}"]`) });

async function agendaPaths(page: Page): Promise<string[]> {
  return page
    .locator('main article h2 a')
    .evaluateAll((items) => items.map((item) => item.getAttribute('href') ?? ''));
}

async function memberPage(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await signInAsNewcomer(context);
  return context.newPage();
}

test('a member marks "Me interesa" on a card and on a page and finds both in Mi agenda', async ({
  browser,
}) => {
  // Three pages checked with axe on a shared machine.
  test.slow();
  const page = await memberPage(browser);
  await page.goto(EVENTS);
  const first = await cardAt(page, 0);
  await expect(markButton(first.card)).toHaveAttribute('aria-pressed', 'false');
  await markButton(first.card).tap();
  await expect(markButton(first.card)).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(markButton(cardOf(page, first.path))).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousViolations(page, 'events with "Me interesa"');

  const second = await cardAt(page, 1);
  await page.goto(second.path);
  const before = (await markButton(page).textContent()) ?? '';
  await markButton(page).tap();
  await expect(markButton(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(markButton(page)).not.toHaveText(before);
  await expectNoSeriousViolations(page, 'an event page marked "Me interesa"');

  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Secciones de tu panel' })
    .getByRole('link', { name: /Mi agenda/ })
    .tap();
  await expect(page).toHaveURL('/dashboard/agenda');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi agenda' })).toBeVisible();
  await expect.poll(async () => (await agendaPaths(page)).sort()).toEqual([first.path, second.path].sort());
  await expectNoUnstyledComponents(page, 'Mi agenda');
  await expectNoSeriousViolations(page, 'Mi agenda');

  // Past ones are apart.
  await page.getByRole('link', { name: 'Pasados' }).tap();
  await expect(page).toHaveURL('/dashboard/agenda?past=1');
  await expect(page.getByText('No tienes eventos pasados')).toBeVisible();
  await page.getByRole('link', { name: 'Próximos' }).tap();

  // Unmarked from the agenda, it leaves it.
  await markButton(cardOf(page, first.path)).tap();
  await expect.poll(() => agendaPaths(page)).toEqual([second.path]);
  await page.context().close();
});

test('a guest who taps "Me interesa" signs in and comes back to the same event', async ({ page }) => {
  const newcomer = await createNewcomer('Ines Interesada');
  await page.goto(EVENTS);
  const { path } = await cardAt(page, 0);
  await page.goto(path);
  await markButton(page).tap();
  await expect(page).toHaveURL(`/auth?redirectTo=${encodeURIComponent(path)}`);
  const form = page.getByRole('form', { name: 'Formulario de ingreso' });
  await form.getByRole('textbox', { name: 'Correo electrónico' }).fill(newcomer.email);
  await form.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(newcomer.password);
  await form.getByRole('button', { name: 'Ingresar' }).tap();
  await expect(page).toHaveURL(path);
  await markButton(page).tap();
  await expect(markButton(page)).toHaveAttribute('aria-pressed', 'true');
});

test('without JavaScript: "Me interesa" posts and comes back to the same page', async ({ browser }) => {
  const page = await memberPage(browser, false);
  await page.goto(EVENTS);
  const { path } = await cardAt(page, 2);
  await page.goto(path);
  await markButton(page).click();
  await expect(page).toHaveURL(path);
  await expect(markButton(page)).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/dashboard/agenda');
  expect(await agendaPaths(page)).toEqual([path]);
  await markButton(page.locator('main article').first()).click();
  await expect(page).toHaveURL('/dashboard/agenda');
  await expect(page.getByText('Todavía no tienes eventos próximos')).toBeVisible();
  await page.context().close();
});

test("another site's post with the member's cookie marks nothing", async ({ browser }) => {
  const context = await browser.newContext();
  await signInAsNewcomer(context);
  const page = await context.newPage();
  await page.goto(EVENTS);
  const { path } = await cardAt(page, 0);
  const forged = await context.request.post('/interest', {
    form: { publicationId: path.split('/').pop()!, interested: '1', back: path },
    headers: { origin: 'https://evil.example' },
    maxRedirects: 0,
    failOnStatusCode: false,
  });
  // React Router does not check a resource route's Origin; the API does, and the refusal comes back as the notice.
  expect(forged.status()).toBe(302);
  expect(forged.headers()['set-cookie']).toContain('eco_notice=');
  const agenda = (await (await context.request.get('/api/interests')).json()) as { total: number };
  expect(agenda.total).toBe(0);
  await context.close();
});
