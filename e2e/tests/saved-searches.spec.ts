import sharp from 'sharp';
import { DEMO_SUPER_USER_EMAIL } from '../../apps/api/src/demo/demo-data.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { createNewcomer } from '../support/newcomer.ts';
import { inReviewQueue } from '../support/review-queue.ts';
import { publishPoints } from '../support/recycling-points.ts';
import { E2E_BASE_URL } from '../support/server.ts';
import { signInAs } from '../support/session.ts';
import { expect, test, type Browser, type Page } from '../support/test.ts';

// Saved searches with alerts (issue 26, decision 041), on a phone: "Guardar búsqueda" on explore, the list in
// "Búsquedas guardadas", and the notification when a matching giveaway is approved. With and without scripts.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const JARS_IN_CORDOBA = '/publications?term=frascos+vidrio&country=arg&province=cordoba';

async function memberPage(browser: Browser, name: string, javaScriptEnabled = true): Promise<Page> {
  const member = await createNewcomer(name);
  const context = await browser.newContext({
    javaScriptEnabled,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await signInAs(context, member.email);
  return context.newPage();
}

/** A giveaway of a new member in Córdoba, waiting for review. */
async function pendingGiveaway(browser: Browser, title: string): Promise<string> {
  const author = await createNewcomer('Regina Regala');
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
        typed: 'barter',
        title,
        description: 'Regalo frascos de vidrio limpios, con tapa, para conservas.',
        labels: ['Vidrios'],
        locationCountry: 'arg',
        locationProvince: 'cordoba',
        locationCity: 'cba-city',
        files: [{ url: ((await media.json()) as { url: string }).url }],
      },
    });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { publication: { _id: string } }).publication._id;
  } finally {
    await context.close();
  }
}

test('a member saves "frascos vidrio" in Córdoba and is notified when a matching giveaway is approved', async ({
  browser,
}) => {
  // The queue's worker polls every 30 s (JOBS_POLL_MS): the notification may take that long.
  test.setTimeout(180_000);
  const page = await memberPage(browser, 'Marina Buscadora');
  await page.goto(JARS_IN_CORDOBA);
  const form = page.getByRole('form', { name: 'Guardar búsqueda' });
  const name = form.getByRole('textbox', { name: 'Nombre de la búsqueda' });
  await expect(name).toHaveValue('frascos vidrio en Córdoba');
  await expectNoSeriousViolations(page, 'explore with "Guardar búsqueda"');
  await name.fill('Frascos en Córdoba');
  await form.getByRole('button', { name: 'Guardar búsqueda' }).click();
  await expect(page.getByText('Guardamos «Frascos en Córdoba».', { exact: false }).first()).toBeVisible();
  await expect(page).toHaveURL(JARS_IN_CORDOBA);

  await page.goto('/dashboard/searches');
  await expect(page.getByRole('heading', { level: 1, name: 'Búsquedas guardadas' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: 'Frascos en Córdoba' });
  await expect(card.getByText('«frascos vidrio» · Córdoba, Argentina')).toBeVisible();
  await expect(card.getByText('Aviso activado')).toBeVisible();
  await expectNoSeriousViolations(page, 'saved searches');

  const title = `Regalo frascos de vidrio ${Date.now()}`;
  const id = await pendingGiveaway(browser, title);
  const adminContext = await browser.newContext();
  await signInAs(adminContext, DEMO_SUPER_USER_EMAIL);
  const admin = await adminContext.newPage();
  await (await inReviewQueue(admin, title)).getByRole('button', { name: 'Publicar' }).click();
  await expect(admin.getByText('El anuncio está publicado.')).toBeVisible();
  await adminContext.close();

  // The job worker polls the queue: within a minute the member is told.
  await expect
    .poll(
      async () => {
        await page.goto('/dashboard/notifications');
        return page.getByText(`«${title}» coincide con tu búsqueda «Frascos en Córdoba».`).count();
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(1);
  await expectNoSeriousViolations(page, 'notifications with a saved search match');

  // Opening the saved search runs it on explore, where the giveaway is.
  await page.goto('/dashboard/searches');
  await card.getByRole('link', { name: 'Ver resultados' }).click();
  await expect(page).toHaveURL(/\/publications\?term=frascos\+vidrio&country=arg&province=cordoba$/);
  // Cards shorten long titles on a phone: the card is the one linking to the giveaway.
  await expect(page.locator(`main article h2 a[href="/publications/${id}"]`)).toBeVisible();
  await page.context().close();
});

test('without JavaScript: a guest is sent to sign in; a member saves, renames, switches off and deletes', async ({
  browser,
}) => {
  const guest = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await guest.goto('/publications?term=compost');
  await guest.getByRole('button', { name: 'Guardar búsqueda' }).click();
  await expect(guest).toHaveURL(`/auth?redirectTo=${encodeURIComponent('/publications?term=compost')}`);
  await guest.context().close();

  const page = await memberPage(browser, 'Nico Sin Scripts', false);
  await page.goto('/publications?term=compost');
  await page.getByRole('textbox', { name: 'Nombre de la búsqueda' }).fill('Compost');
  await page.getByRole('button', { name: 'Guardar búsqueda' }).click();
  await expect(page).toHaveURL('/publications?term=compost');
  await expect(page.getByText('Guardamos «Compost».', { exact: false }).first()).toBeVisible();

  // An empty name: the API's Spanish message, on the same page.
  await page.getByRole('textbox', { name: 'Nombre de la búsqueda' }).fill(' ');
  await page.getByRole('button', { name: 'Guardar búsqueda' }).click();
  await expect(page.getByText('El nombre de la búsqueda es obligatorio').first()).toBeVisible();

  await page.goto('/dashboard/searches');
  const card = page.getByRole('listitem').filter({ hasText: 'Compost' });
  await card.getByRole('textbox', { name: 'Nombre' }).fill('Compost casero');
  await card.getByRole('button', { name: 'Cambiar nombre' }).click();
  await expect(page).toHaveURL('/dashboard/searches');
  await expect(page.getByText('La búsqueda ahora se llama «Compost casero».').first()).toBeVisible();
  const renamed = page.getByRole('listitem').filter({ hasText: 'Compost casero' });
  await renamed.getByRole('button', { name: 'Desactivar aviso' }).click();
  await expect(renamed.getByText('Aviso desactivado')).toBeVisible();
  await renamed.getByRole('button', { name: 'Eliminar «Compost casero»' }).click();
  await expect(page.getByText('Todavía no guardaste ninguna búsqueda')).toBeVisible();
  await page.context().close();
});

test('saved from the map view after "Buscar en esta zona", it opens from the dashboard on the same area', async ({
  browser,
}) => {
  // Several zooms, each with its fetch, on a busy machine.
  test.setTimeout(90_000);
  const marker = `zona${Date.now().toString(36)}`;
  // Plaza San Martín, Córdoba, and a point 5 km east of it.
  await publishPoints(browser, [
    { title: `Punto verde de la plaza ${marker}`, lat: -31.4165, lng: -64.1733 },
    { title: `Punto verde lejano ${marker}`, lat: -31.4165, lng: -64.1313 },
  ]);
  const page = await memberPage(browser, 'Zoe Zonas');
  await page.goto(`/publications?what=dots&term=${marker}&view=map`);
  const map = page.getByRole('region', { name: /Mapa de los resultados/ });
  // The server's first paint has the groups as links; moving the map loads the interactive one (decision 043).
  await map.getByRole('button', { name: 'Mover el mapa' }).click();
  await expect(page.locator('[data-map-state="ready"]')).toBeVisible({ timeout: 30_000 });
  const group = map.getByRole('button', { name: '2 anuncios aquí: acercar' });
  await expect(async () => {
    if (await group.isVisible()) await group.click();
    await expect(map.getByRole('button', { name: `Punto verde de la plaza ${marker}` })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  await page.getByRole('link', { name: 'Buscar en esta zona' }).click();
  await expect(page).toHaveURL(/bbox=/);
  const area = new URL(page.url()).searchParams.get('bbox');
  const listed = await page
    .locator('main article h2 a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(listed.length).toBeGreaterThan(0);

  const form = page.getByRole('form', { name: 'Guardar búsqueda' });
  await expect(form.getByRole('textbox', { name: 'Nombre de la búsqueda' })).toHaveValue(
    `${marker} en Córdoba`,
  );
  await form.getByRole('textbox', { name: 'Nombre de la búsqueda' }).fill('Puntos de mi zona');
  await form.getByRole('button', { name: 'Guardar búsqueda' }).click();
  await expect(page.getByText('Guardamos «Puntos de mi zona».', { exact: false }).first()).toBeVisible();
  // Back to the same search, still on the map.
  expect(new URL(page.url()).searchParams.get('bbox')).toBe(area);
  expect(new URL(page.url()).searchParams.get('view')).toBe('map');

  await page.goto('/dashboard/searches');
  const card = page.getByRole('listitem').filter({ hasText: 'Puntos de mi zona' });
  await expect(
    card.getByText(`«${marker}» · Puntos de Reciclaje · En la zona del mapa (Córdoba)`),
  ).toBeVisible();
  await expectNoSeriousViolations(page, 'a saved search with a map area');
  await card.getByRole('link', { name: 'Ver resultados' }).click();
  await expect(page).toHaveURL(/view=map/);
  const opened = new URL(page.url()).searchParams;
  expect([opened.get('term'), opened.get('what'), opened.get('bbox')]).toEqual([marker, 'dots', area]);
  await expect(page.getByRole('button', { name: 'Quitar filtro En esta zona' })).toBeVisible();
  await expect(page.getByRole('region', { name: /Mapa de los resultados/ })).toBeVisible();
  await expect
    .poll(() =>
      page
        .locator('main article h2 a')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    )
    .toEqual(listed);
  await page.context().close();
});

test('without JavaScript, "Guardar búsqueda" keeps the area and the near point of the page', async ({
  browser,
}) => {
  const page = await memberPage(browser, 'Nora Sin Scripts', false);
  const search = '/publications?term=compost&near=-31.4165%2C-64.1838&bbox=-64.3%2C-31.5%2C-64.1%2C-31.3';
  await page.goto(search);
  await page.getByRole('textbox', { name: 'Nombre de la búsqueda' }).fill('Compost del centro');
  await page.getByRole('button', { name: 'Guardar búsqueda' }).click();
  await expect(page.getByText('Guardamos «Compost del centro».', { exact: false }).first()).toBeVisible();
  await expect(page).toHaveURL(search);

  await page.goto('/dashboard/searches');
  const card = page.getByRole('listitem').filter({ hasText: 'Compost del centro' });
  await expect(card.getByText('«compost» · En la zona del mapa (Córdoba)')).toBeVisible();
  const href = await card.getByRole('link', { name: 'Ver resultados' }).getAttribute('href');
  const opened = new URL(href!, 'http://x').searchParams;
  expect([opened.get('term'), opened.get('near'), opened.get('bbox'), opened.get('view')]).toEqual([
    'compost',
    '-31.4165,-64.1838',
    '-64.3,-31.5,-64.1,-31.3',
    'map',
  ]);
  await page.context().close();
});
