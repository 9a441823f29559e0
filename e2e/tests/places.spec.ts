import { expectNoSeriousViolations } from '../support/axe.ts';
import { signInAsNewcomer } from '../support/newcomer.ts';
import { pickPhoto } from '../support/photos.ts';
import { publishPoints } from '../support/recycling-points.ts';
import { expectNoUnstyledComponents } from '../support/unstyled.ts';
import { expect, test } from '../support/test.ts';

// Places (issue 24): the map on explore, "Cerca de mí", the detail's map and "Cómo llegar", the form's point. The
// server runs with MAP_STYLE_URL=off: the maps draw the shipped outlines and HTML markers, nothing leaves the site.

/** Plaza San Martín, Córdoba, and two points east of it: about 1 km and about 5 km away. */
const PLAZA = { lat: -31.4165, lng: -64.1838 };
const NEAR = { lat: -31.4165, lng: -64.1733 };
const FAR = { lat: -31.4165, lng: -64.1313 };

const unique = (word: string) => `${word}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('explore shows the same publications on a map, and "Buscar en esta zona" narrows the list to it', async ({
  page,
  browser,
}) => {
  // Several zooms, each with its fetch, on a busy machine.
  test.setTimeout(90_000);
  const marker = unique('mapa');
  await publishPoints(browser, [
    { title: `Punto verde cercano ${marker}`, ...NEAR },
    { title: `Punto verde lejano ${marker}`, ...FAR },
  ]);

  // No MapLibre until the person moves the map (decision 043).
  const engine: string[] = [];
  page.on('request', (request) => {
    if (/map-engine|maplibre/.test(request.url())) engine.push(request.url());
  });
  await page.goto(`/publications?what=dots&term=${marker}`);
  await page.getByRole('link', { name: 'Mapa' }).click();
  await expect(page).toHaveURL(/view=map/);
  await expect(page).toHaveURL(new RegExp(`term=${marker}`));
  const map = page.getByRole('region', { name: /Mapa de los resultados/ });
  await expect(map).toBeVisible();
  // Zoomed out over both countries, the two points are one group with its count; the list is under the map.
  await expect(map.getByRole('link', { name: '2 anuncios aquí: acercar' })).toHaveText('2');
  await expect(page.getByRole('article')).toHaveCount(2);
  await expectNoSeriousViolations(page, 'explore, map view (first paint)');
  await expectNoUnstyledComponents(page, 'explore, map view');
  expect(engine).toEqual([]);

  // "Mover el mapa" loads the interactive map over the first paint, in the same box.
  // Where the box is on the page (not on the screen, which the click may scroll).
  const onPage = (element: HTMLElement | SVGElement) => {
    const box = element.getBoundingClientRect();
    return { top: box.top + window.scrollY, left: box.left, width: box.width, height: box.height };
  };
  const before = await map.evaluate(onPage);
  await map.getByRole('button', { name: 'Mover el mapa' }).click();
  await expect(page.locator('[data-map-state="ready"]')).toBeVisible({ timeout: 30_000 });
  expect(engine.length).toBeGreaterThan(0);
  // The button that asked for the map is gone: the keyboard is on the map (arrows pan it).
  await expect(map.locator('canvas')).toBeFocused();
  expect(await page.locator('[data-map-state="ready"]').evaluate(onPage)).toEqual(before);
  const group = map.getByRole('button', { name: '2 anuncios aquí: acercar' });
  await expect(group).toBeVisible();
  await expectNoSeriousViolations(page, 'explore, map view (interactive)');

  // Zooming in splits the group into pins with their preview.
  await expect(async () => {
    if (await group.isVisible()) await group.click();
    await expect(map.getByRole('button', { name: `Punto verde cercano ${marker}` })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  await map.getByRole('button', { name: `Punto verde cercano ${marker}` }).click();
  await expect(map.getByRole('link', { name: `Punto verde cercano ${marker}` })).toBeVisible();

  await page.getByRole('link', { name: 'Buscar en esta zona' }).click();
  await expect(page).toHaveURL(/bbox=/);
  await expect(page.getByRole('button', { name: 'Quitar filtro En esta zona' })).toBeVisible();
  await expect(page.getByRole('status').first()).toContainText(/anuncio/);
});

test('"Cerca de mí" sorts by distance from the shared location and cards say how far', async ({
  browser,
}) => {
  const marker = unique('cerca');
  await publishPoints(browser, [
    { title: `Acopio lejano ${marker}`, ...FAR },
    { title: `Acopio cercano ${marker}`, ...NEAR },
  ]);
  const context = await browser.newContext({
    geolocation: { latitude: PLAZA.lat, longitude: PLAZA.lng },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await page.goto(`/publications?what=dots&term=${marker}`);
  await page.getByRole('button', { name: 'Cerca de mí' }).click();
  await expect.poll(() => decodeURIComponent(page.url())).toContain('near=-31.4165,-64.1838');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  // Titles are cut on cards: the start tells them apart.
  await expect(cards.nth(0)).toContainText('Acopio cercano');
  await expect(cards.nth(0)).toContainText('a 1 km');
  await expect(cards.nth(1)).toContainText('a 5 km');
  // Open every day all day: the opening line says so.
  await expect(cards.nth(0)).toContainText('Abierto las 24 horas');
  await page.getByRole('link', { name: 'Abierto ahora' }).click();
  await expect(page).toHaveURL(/open=now/);
  await expect(cards).toHaveCount(2);
  await expectNoSeriousViolations(page, 'explore near me');
  await context.close();
});

test('the detail page shows the point on a small map and a directions link', async ({ page, browser }) => {
  const marker = unique('detalle');
  const [id] = await publishPoints(browser, [{ title: `Contenedor de vidrio ${marker}`, ...NEAR }]);
  await page.goto(`/publications/${id}`);
  const map = page.getByRole('region', { name: `Mapa: Contenedor de vidrio ${marker}` });
  // The map loads as it comes near the screen (on a phone, below the description).
  await map.scrollIntoViewIfNeeded();
  await expect(map).toBeVisible();
  await expect(map.getByRole('button', { name: `Contenedor de vidrio ${marker}` })).toBeVisible();
  const directions = page.getByRole('link', { name: 'Cómo llegar' });
  await expect(directions).toHaveAttribute(
    'href',
    `https://www.google.com/maps/dir/?api=1&destination=${NEAR.lat},${NEAR.lng}`,
  );
  await expect(page.getByRole('heading', { name: 'Horario' })).toBeVisible();
  await expect(page.getByText('lunes: 0:00–24:00')).toBeVisible();
  await expectNoSeriousViolations(page, 'publication detail with a map');
  await expectNoUnstyledComponents(page, 'publication detail with a map');
});

test('a member sets the point by pasting a Google Maps link', async ({ browser }) => {
  // A whole form with a photo upload on a busy machine.
  test.setTimeout(90_000);
  const context = await browser.newContext();
  // A member of their own: their list holds this publication alone.
  await signInAsNewcomer(context);
  const page = await context.newPage();
  const title = `Punto limpio ${unique('enlace')}`;
  await page.goto('/publications/new?what=dots');
  await page.getByRole('textbox', { name: 'Título' }).fill(title);
  await page
    .getByRole('textbox', { name: 'Descripción' })
    .fill('Recibimos vidrio y cartón limpios de lunes a viernes, en la esquina de la plaza.');
  await page.getByRole('textbox', { name: 'Dirección' }).fill('27 de Abril 250, Córdoba');
  await page
    .getByRole('textbox', { name: 'Enlace del mapa' })
    .fill(
      'https://www.google.com/maps/place/Plaza+San+Mart%C3%ADn/@-31.4166,-64.1840,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d-31.4165!4d-64.1838',
    );
  await expect(page.getByRole('textbox', { name: 'Latitud' })).toHaveValue('-31.4165');
  await expect(page.getByRole('textbox', { name: 'Longitud' })).toHaveValue('-64.1838');
  await expect(page.getByText('Tomamos el punto del enlace del mapa.')).toBeVisible();
  await page.getByRole('button', { name: 'Elegir en el mapa' }).click();
  const map = page.getByRole('region', { name: /Mapa para elegir el punto/ });
  await expect(map.getByLabel('Punto elegido')).toBeVisible();

  await page.getByRole('combobox', { name: 'Materiales' }).click();
  await page.getByRole('option', { name: 'Vidrios' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('checkbox', { name: 'Lunes' }).check();
  await expect(page.getByRole('textbox', { name: 'Lunes: abre' })).toHaveValue('09:00');
  await pickPhoto(page, page.getByRole('button', { name: 'Subir imágenes' }), 'punto.jpg');
  await expect(page.getByRole('img', { name: 'Imagen 1 del anuncio' })).toBeVisible();
  await expectNoSeriousViolations(page, 'publication form with the point picker');
  await page.getByRole('button', { name: 'Crear anuncio' }).click();
  await expect(page).toHaveURL(/\/dashboard\/publications/);

  // Saved with the point and the hours (its author reads them back).
  const editHref = await page.getByRole('main').locator('a[href$="/edit"]').first().getAttribute('href');
  const id = /\/dashboard\/publications\/([^/]+)\/edit/.exec(editHref!)![1]!;
  const answer = await context.request.get(`/api/publication/${id}`);
  const { publication } = (await answer.json()) as {
    publication: { title: string; locationLat: number; locationLng: number; openingHours: unknown[] };
  };
  expect(publication).toMatchObject({ title, locationLat: -31.4165, locationLng: -64.1838 });
  expect(publication.openingHours).toEqual([{ day: 1, opens: '09:00', closes: '18:00' }]);
  await context.close();
});

test('a member finds the point by searching the address they typed, and picks among the candidates', async ({
  browser,
}) => {
  const context = await browser.newContext();
  await signInAsNewcomer(context);
  const page = await context.newPage();
  await page.goto('/publications/new?what=dots');
  const form = page.getByRole('form');
  await form.getByRole('combobox', { name: 'País' }).click();
  await page.getByRole('option', { name: 'Argentina' }).click();
  await form.getByRole('combobox', { name: 'Provincia' }).click();
  await page.getByRole('option', { name: 'Córdoba' }).click();
  await form.getByRole('combobox', { name: 'Ciudad' }).click();
  await page.getByRole('option', { name: 'Córdoba', exact: true }).click();

  // Nothing found: the person is told, and keeps the other ways.
  await form.getByRole('textbox', { name: 'Dirección' }).fill('Calle sin resultados 123');
  await form.getByRole('button', { name: 'Buscar la dirección' }).click();
  await expect(form.getByText(/No encontramos esa dirección/)).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Latitud' })).toHaveValue('');

  // Several candidates (the loopback geocoder's, those in Argentina, each once): the person picks one.
  await form.getByRole('textbox', { name: 'Dirección' }).fill('Av. Colón 500');
  await form.getByRole('button', { name: 'Buscar la dirección' }).click();
  const candidates = form.getByRole('list', { name: /Encontramos 2 lugares/ });
  await expect(candidates.getByRole('button')).toHaveText([
    'Av. Colón 500, Centro, Córdoba, Argentina',
    'Plaza San Martín, Córdoba, Argentina',
  ]);
  await expectNoSeriousViolations(page, 'publication form with address candidates');
  await expectNoUnstyledComponents(page, 'publication form with address candidates');
  await candidates.getByRole('button', { name: 'Plaza San Martín, Córdoba, Argentina' }).click();
  await expect(form.getByRole('textbox', { name: 'Latitud' })).toHaveValue('-31.420123');
  await expect(form.getByRole('textbox', { name: 'Longitud' })).toHaveValue('-64.1888');
  await expect(form.getByText(/Ubicamos «Plaza San Martín, Córdoba, Argentina»/)).toBeVisible();
  // The map opens on the point, to be checked and dragged if needed.
  const map = page.getByRole('region', { name: /Mapa para elegir el punto/ });
  await expect(map.getByLabel('Punto elegido')).toBeVisible();

  // Editing the address makes the candidates stale; a single match is taken at once.
  await form.getByRole('textbox', { name: 'Dirección' }).fill('Calle única 40');
  await expect(candidates).toHaveCount(0);
  await form.getByRole('button', { name: 'Buscar la dirección' }).click();
  await expect(form.getByRole('textbox', { name: 'Latitud' })).toHaveValue('-31.4135');
  await expect(form.getByRole('textbox', { name: 'Longitud' })).toHaveValue('-64.18105');
  await context.close();
});

test('without JavaScript the list / map switch is a pair of links that keep the search', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/publications?what=dots&term=vidrio&country=arg');
  await page.getByRole('link', { name: 'Mapa' }).click();
  await expect(page).toHaveURL(/view=map/);
  await expect(page).toHaveURL(/term=vidrio/);
  await expect(page).toHaveURL(/country=arg/);
  // The server's first paint: the groups' counts are links, "Mover el mapa" needs a script and is not there.
  const map = page.getByRole('region', { name: /Mapa de los resultados/ });
  await expect(map.getByRole('link', { name: /anuncios aquí: acercar/ }).first()).toBeVisible();
  await expect(map.getByRole('button', { name: 'Mover el mapa' })).toHaveCount(0);
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.getByRole('link', { name: 'Lista' }).click();
  await expect(page).not.toHaveURL(/view=map/);
  await expect(page).toHaveURL(/term=vidrio/);
  await context.close();
});

test('the map view is drawn by the server: groups with counts open their area, pins open their publication, no script needed', async ({
  browser,
}) => {
  const marker = unique('primera');
  const [, , ushuaia] = await publishPoints(browser, [
    { title: `Punto norte ${marker}`, ...NEAR },
    { title: `Punto sur ${marker}`, ...FAR },
    // Alone in its part of the map: a pin.
    { title: `Punto de Ushuaia ${marker}`, lat: -54.8019, lng: -68.303 },
  ]);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/publications?what=dots&term=${marker}&view=map`);
  const map = page.getByRole('region', { name: /Mapa de los resultados/ });
  await expect(map.getByRole('link', { name: '2 anuncios aquí: acercar' })).toHaveText('2');
  await expect(page.getByText('3 con ubicación en esta zona del mapa')).toBeVisible();
  // The outlines are a static file of the site, drawn by reference.
  const outlines = await map.locator('svg use').getAttribute('href');
  expect(outlines).toMatch(/^\/assets\/outlines-.*\.svg#outlines$/);
  const file = await page.request.get(outlines!.replace(/#.*$/, ''));
  expect(file.headers()['content-type']).toContain('image/svg+xml');

  // A pin is a link to its publication.
  await map.getByRole('link', { name: `Punto de Ushuaia ${marker}` }).click();
  await expect(page).toHaveURL(new RegExp(`/publications/${ushuaia}$`));
  await page.goBack();

  // A group opens the map and the list of its area, zoomed in, with every member still there.
  await map.getByRole('link', { name: '2 anuncios aquí: acercar' }).click();
  await expect(page).toHaveURL(/bbox=/);
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByText('2 con ubicación en esta zona del mapa')).toBeVisible();
  await context.close();
});

test('a tap on the map itself, away from the markers, loads the interactive map', async ({ page }) => {
  await page.goto('/publications?what=dots&view=map');
  const map = page.getByRole('region', { name: /Mapa de los resultados/ });
  await expect(map.getByRole('link', { name: /anuncios aquí: acercar/ }).first()).toBeVisible();
  // The top left corner of both countries' frame is the Pacific: no marker there.
  await map.click({ position: { x: 8, y: 8 } });
  await expect(page.locator('[data-map-state="ready"]')).toBeVisible({ timeout: 30_000 });
  await expect(map.getByRole('button', { name: /anuncios aquí: acercar/ }).first()).toBeVisible();
});
