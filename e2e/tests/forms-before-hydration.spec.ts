import { DEMO_USER_PASSWORD, demoUsers } from '../../apps/api/src/demo/content/users.ts';
import { signInAs, userIdOf } from '../support/session.ts';
import { expect, hydrated, test, type CDPSession, type Page } from '../support/test.ts';

// A cheap phone on a slow network: the page's scripts arrive seconds after the first paint (decision 018), and a
// person types and taps meanwhile. The scripts are held back until the test lets them go (the race is decided by
// the test, never by the machine's speed), under Chromium's CPU and network throttling of a phone.
// Page-level actions (page.fill, page.click) are used on purpose: the locator actions of support/test.ts wait for
// hydration first.

const member = demoUsers.find((user) => user.email === 'martin.gomez@ecoanuncios.local')!;

/** A phone: a 4× slower CPU, a slow 3G-like network. */
async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  return cdp;
}

/** Holds every script of the site until `release()`: the page stays the server's HTML. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  // The page's modules, not the human check's worker, which starts later and is not part of the first load.
  await page.route(/\/assets\/(?!.*\.worker-)[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The page is there once its HTML is parsed: the load event would wait for the scripts held back. */
const BEFORE_SCRIPTS = { waitUntil: 'domcontentloaded' } as const;

const isHydrated = (page: Page) =>
  page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'));

test('signing in before the scripts run: the form posts itself and the session opens', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await throttle(page);
  const release = await holdScripts(page);
  await page.goto('/auth?redirectTo=%2Fdashboard%2Fsettings', BEFORE_SCRIPTS);
  await page.fill('input[name="email"]', member.email);
  await page.fill('input[name="password"]', DEMO_USER_PASSWORD);
  expect(await isHydrated(page)).toBe(false);
  await page.click('button[type="submit"]');
  await expect(page).toHaveURL('/dashboard/settings');
  release();
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
});

test('typed before the scripts run, sent after: nothing typed is lost', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await throttle(page);
  const release = await holdScripts(page);
  await page.goto('/auth', BEFORE_SCRIPTS);
  await page.fill('input[name="email"]', member.email);
  await page.fill('input[name="password"]', DEMO_USER_PASSWORD);
  release();
  await hydrated(page);
  await expect(page.locator('input[name="email"]')).toHaveValue(member.email);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL('/dashboard');
});

test('a sign-up sent while the scripts arrive gets the human check done and the e-mail sent', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // The human check's proof of work is the slow part here, on a phone's CPU: it gets time.
  test.setTimeout(60_000);
  await throttle(page);
  const release = await holdScripts(page);
  await page.goto('/auth/new', BEFORE_SCRIPTS);
  const email = `carrera.${Date.now().toString(36)}@ejemplo.com`;
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="name"]', 'Carla Apurada');
  await page.fill('input[name="password"]', 'compost-2026');
  await page.fill('input[name="passwordConfirmation"]', 'compost-2026');
  await page.check('input[name="terms"]', { force: true });
  release();
  await hydrated(page);
  // What was typed is still there, and the switch too: the submit is enabled.
  await expect(page.locator('input[name="name"]')).toHaveValue('Carla Apurada');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByText('Revisa tu correo')).toBeVisible({ timeout: 40_000 });
  await expect(page.getByText(email)).toBeVisible();
});

test('the publication form keeps what was typed before hydration and its save waits for it', async ({
  context,
  page,
  request,
}) => {
  await signInAs(context, member.email);
  const memberId = await userIdOf(member.email);
  const { publications } = (await (
    await request.get(`/api/publications?author=${memberId}&pageSize=20`)
  ).json()) as {
    publications: { _id: string; typed: string }[];
  };
  // Not a dated one: another test may have written an event of this member that has already ended, which the form
  // would refuse to save as it is.
  const undated = publications.find((item) => item.typed !== 'events' && item.typed !== 'courses')!;
  await page.setViewportSize({ width: 360, height: 740 });
  await throttle(page);
  const release = await holdScripts(page);
  await page.goto(`/dashboard/publications/${undated._id}/edit`, BEFORE_SCRIPTS);
  const title = `Frascos de vidrio lavados ${Date.now() % 10_000}`;
  await page.fill('input[name="title"]', title);
  // Its images need the scripts, so does its save: the button waits, and Enter in a field sends nothing.
  await expect(page.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();
  await page.press('input[name="title"]', 'Enter');
  expect(page.url()).toContain('/edit');
  release();
  await hydrated(page);
  await expect(page.locator('input[name="title"]')).toHaveValue(title);
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page).toHaveURL('/dashboard/publications');
  await expect(page.getByRole('alert')).toContainText('El anuncio se ha guardado exitosamente');
  // Other specs give this member many newer publications: the edited one may be on a later page of the list. Read as
  // its author (the page's cookie): an edit may send it back to review, hidden from guests.
  const answer = await page.request.get(`/api/publication/${undated._id}`);
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { publication: { title: string } }).publication.title).toBe(title);
});

test('the contact cart records the contact and goes on to WhatsApp', async ({ context, page, request }) => {
  await signInAs(context, member.email);
  const memberId = await userIdOf(member.email);
  // A seller with a phone, not the member.
  const { publications } = (await (
    await request.get('/api/publications?typed=market&pageSize=20')
  ).json()) as {
    publications: { _id: string; title: string; createdBy: { _id: string; phone: string | null } }[];
  };
  const target = publications.find((item) => item.createdBy._id !== memberId && item.createdBy.phone)!;
  // WhatsApp is out of reach here: its page is answered by the test.
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ body: 'WhatsApp', contentType: 'text/plain' }),
  );
  const before = await page.request.get('/api/shopping/contacts?page=1');
  const { total } = (await before.json()) as { total: number };

  await page.goto(`/publications/${target._id}`);
  await page.getByRole('button', { name: 'Agregar al carrito' }).first().click();
  await page.getByRole('button', { name: /Carrito de contactos/ }).click();
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Contactar por WhatsApp' }).click();
  const chat = await popup;
  await chat.waitForURL(/^https:\/\/wa\.me\//);
  const url = new URL(chat.url());
  expect(url.pathname).toBe(`/${target.createdBy.phone!.replace(/\D/g, '')}`);
  expect(url.searchParams.get('text')).toContain(target.title);
  // The cart then offers to forget this seller's items.
  await expect(page.getByRole('dialog', { name: '¿Vaciar el carrito de este vendedor?' })).toBeVisible();

  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/shopping/contacts?page=1')).json()) as { total: number }).total,
    )
    .toBe(total + 1);
});
