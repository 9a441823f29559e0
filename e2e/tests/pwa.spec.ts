import { expectNoSeriousViolations } from '../support/axe.ts';
import { DEPLOYED_VERSION, startNextDeploy } from '../support/next-deploy.ts';
import { controlledByServiceWorker } from '../support/service-worker.ts';
import { signInAsNewcomer } from '../support/newcomer.ts';
import { expect, test, type Page } from '../support/test.ts';

// The installable app (issue 26, decision 038), on a phone: the manifest on every page, the service worker of the
// production build, a publication opened before readable offline, the offline page, and a form sent offline that
// says so and keeps what was typed. The other specs block service workers (playwright.config.ts); this one lets
// them run.

// Each test waits for the worker to install and runs axe: on the shared 2-core machine that can pass 30 s.
test.describe.configure({ timeout: 60_000 });

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });

const OFFLINE_SUBMIT =
  'Estás sin conexión: no enviamos el formulario. Lo que escribiste sigue acá; envialo cuando vuelvas a tener conexión.';

/** The paths the service worker kept of the pages opened. */
async function keptPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open('eco-pages');
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
}

test('every page links a valid manifest with icons, standalone, in es-AR, with the three shortcuts', async ({
  page,
  request,
}) => {
  for (const path of ['/', '/publications', '/questions', '/auth']) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  }
  const response = await request.get('/manifest.webmanifest');
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    lang: string;
    display: string;
    start_url: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
    shortcuts: { short_name: string; url: string }[];
  };
  expect(manifest).toMatchObject({
    short_name: 'EcoAnuncios',
    lang: 'es-AR',
    display: 'standalone',
    theme_color: '#18773a',
    background_color: '#ffffff',
  });
  expect((await request.get(manifest.start_url)).status()).toBe(200);
  expect(manifest.shortcuts.map((shortcut) => shortcut.short_name)).toEqual([
    'Explorar',
    'Publicar',
    'Asistente',
  ]);
  for (const shortcut of manifest.shortcuts) {
    expect((await request.get(shortcut.url, { maxRedirects: 0 })).status(), shortcut.url).toBeLessThan(400);
  }
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable' && icon.sizes === '512x512')).toBe(true);
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.headers()['content-type'], icon.src).toBe('image/png');
  }
});

test("Chromium's installability check passes (what Lighthouse's installable-manifest audit asked, before Lighthouse 12 dropped it)", async ({
  page,
  context,
}) => {
  await page.goto('/');
  await controlledByServiceWorker(page);
  await page.reload();
  const cdp = await context.newCDPSession(page);
  const { errors } = await cdp.send('Page.getAppManifest');
  expect(errors.filter((error) => error.critical)).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's contexts are incognito ones, where Chromium installs nothing: the one error that is not the site's.
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
  await expectNoSeriousViolations(page, 'home with the installable app');
});

test('the production build registers the service worker; a publication opened before reads offline, the rest gets the offline page', async ({
  page,
  context,
}) => {
  await page.goto('/publications?what=market');
  await controlledByServiceWorker(page);
  const path = await page.locator('main article h2 a').first().getAttribute('href');
  await page.goto(path!);
  const title = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  await expect.poll(() => keptPages(page)).toContain(path);

  await context.setOffline(true);
  await page.goto(path!);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'Estás sin conexión' })).toBeVisible();
  await expect(page).toHaveTitle('Sin conexión | EcoAnuncios');
  await expectNoSeriousViolations(page, 'the offline page');
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Reintentar' }).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Estás sin conexión');
});

test("a signed-in member's pages are never kept on a shared phone: offline, the next person gets the offline page", async ({
  page,
  context,
}) => {
  await page.goto('/');
  await controlledByServiceWorker(page);
  // A guest's page is kept from the first load the worker answers.
  await page.reload();
  await expect.poll(() => keptPages(page)).toContain('/');

  await signInAsNewcomer(context);
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/dashboard/notifications');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await keptPages(page)).toEqual(['/']);

  await context.clearCookies();
  await context.setOffline(true);
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Estás sin conexión' })).toBeVisible();
  await context.setOffline(false);
});

test('a form sent offline says so and keeps what was typed', async ({ page, context }) => {
  await page.goto('/auth');
  await controlledByServiceWorker(page);
  await page.getByLabel('Correo electrónico').fill('sin-senal@example.com');
  await page.locator('input[name="password"]').fill('una clave cualquiera');
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page.getByText(OFFLINE_SUBMIT)).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByLabel('Correo electrónico')).toHaveValue('sin-senal@example.com');
  await expect(page.locator('input[name="password"]')).toHaveValue('una clave cualquiera');
  await expectNoSeriousViolations(page, 'the offline notice on the sign-in form');
  await context.setOffline(false);
});

/** The version the worker controlling the page says it is; null when it does not answer (the first deploy's). */
function controllerVersion(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data as string);
        navigator.serviceWorker.controller?.postMessage({ type: 'VERSION?' }, [channel.port2]);
        setTimeout(() => resolve(null), 2_000);
      }),
  );
}

test('after a deploy, "Hay una nueva versión" offers the new worker and "Recargar" reloads into it; never on first install', async ({
  page,
}) => {
  const site = await startNextDeploy();
  try {
    const notice = page.getByRole('alert').filter({ hasText: 'Hay una nueva versión' });
    // First install: the worker takes the page over with nothing to offer.
    await page.goto(`${site.url}/publications`);
    await controlledByServiceWorker(page);
    await page.reload();
    await controlledByServiceWorker(page);
    expect(await controllerVersion(page)).toBeNull();
    await expect(notice).toHaveCount(0);

    // A deploy: the next visit's update check finds a worker whose bytes differ; it installs and waits.
    site.deploy();
    await page.reload();
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(notice).toContainText('Hay una nueva versión de EcoAnuncios.');
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting != null,
    );
    // Until asked, the page stays with the version it was loaded with.
    expect(await controllerVersion(page)).toBeNull();
    await expectNoSeriousViolations(page, 'the new version notice');

    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: 'Recargar' }).click();
    await reloaded;
    await controlledByServiceWorker(page);
    expect(await controllerVersion(page)).toBe(DEPLOYED_VERSION);
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
    ).toBeNull();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(notice).toHaveCount(0);
  } finally {
    await site.close();
  }
});
