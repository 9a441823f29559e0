import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { demoUsers } from '../../apps/api/src/demo/demo-data.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { pickPhoto } from '../support/photos.ts';
import { signInAs } from '../support/session.ts';
import { expect, test, type Download, type Page } from '../support/test.ts';
import { expectNoUnstyledComponents } from '../support/unstyled.ts';

// "Agregar a mi calendario" on the page of an event or course: the .ics file and a Google Calendar link, both plain
// links (issue 25, decision 031).

type DemoEvent = { _id: string; title: string; calendaredAt: string; calendaredUntil: string | null };

/** The one event of a downloaded calendar file, read with a real iCalendar parser. */
async function eventOf(download: Download) {
  const text = await readFile((await download.path())!, 'utf8');
  const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return {
    summary: event.summary,
    start: event.startDate.toJSDate().toISOString(),
    end: vevent.hasProperty('dtend') ? event.endDate.toJSDate().toISOString() : null,
    url: vevent.getFirstPropertyValue('url'),
  };
}

/** Google's dates parameter: 'start/end' in compact UTC (20301210T130000Z). */
function googleDates(href: string | null): string | null {
  return new URL(href!).searchParams.get('dates');
}

const compact = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

function calendarRegion(page: Page) {
  return page.getByRole('region', { name: 'Agregar a mi calendario' });
}

test("a guest adds a demo event to a calendar: the .ics file and Google's link, styled and accessible", async ({
  page,
  request,
}) => {
  const list = (await (await request.get('/api/publications?typed=events&pageSize=1')).json()) as {
    publications: DemoEvent[];
  };
  const event = list.publications[0]!;
  await page.goto(`/publications/${event._id}`);
  const region = calendarRegion(page);

  const file = region.getByRole('link', { name: 'Descargar archivo .ics' });
  await expect(file).toHaveAttribute('href', `/api/publication/${event._id}/calendar.ics`);
  const google = region.getByRole('link', { name: /Google Calendar/ });
  await expect(google).toHaveAttribute('target', '_blank');
  await expect(google).toHaveAttribute('rel', /noopener/);
  // Demo events have no end: Google is given an hour.
  const start = Date.parse(event.calendaredAt);
  const end = event.calendaredUntil ? Date.parse(event.calendaredUntil) : start + 3_600_000;
  expect(googleDates(await google.getAttribute('href'))).toBe(
    `${compact(new Date(start).toISOString())}/${compact(new Date(end).toISOString())}`,
  );

  const downloading = page.waitForEvent('download');
  await file.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+\.ics$/);
  const parsed = await eventOf(download);
  // iCalendar times are whole seconds: an event another test wrote 'now' may carry milliseconds.
  const wholeSecond = new Date(Math.floor(start / 1000) * 1000).toISOString();
  expect(parsed).toMatchObject({ summary: event.title, start: wholeSecond });
  expect(parsed.url).toBe(new URL(`/publications/${event._id}`, page.url()).href);

  await expectNoUnstyledComponents(page, 'an event page');
  await expectNoSeriousViolations(page, 'an event page');
});

test('the calendar links are plain links that work without JavaScript', async ({ browser, request }) => {
  const list = (await (await request.get('/api/publications?typed=courses&pageSize=1')).json()) as {
    publications: DemoEvent[];
  };
  const course = list.publications[0]!;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/publications/${course._id}`);
  const region = calendarRegion(page);
  const href = await region.getByRole('link', { name: 'Descargar archivo .ics' }).getAttribute('href');
  expect((await request.get(href!)).headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(
    googleDates(await region.getByRole('link', { name: /Google Calendar/ }).getAttribute('href')),
  ).toMatch(/^\d{8}T\d{6}Z\/\d{8}T\d{6}Z$/);
  await context.close();
});

test('an author gives an event an end ("Hasta"): the page, the file and Google show it', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  // A demo author living in Córdoba: the form's times are Argentina's (UTC−3).
  const author = demoUsers.find((user) => user.email === 'martin.gomez@ecoanuncios.local')!;
  const context = await browser.newContext();
  await signInAs(context, author.email);
  const page = await context.newPage();
  await page.goto('/publications/new');
  await page.getByRole('radio', { name: 'Eventos y Talleres' }).click();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const title = `Taller de huerta ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Título' }).fill(title);
  await page
    .getByRole('textbox', { name: 'Descripción' })
    .fill('Armamos almácigos, con semillas para llevar.');
  await page.getByRole('textbox', { name: 'Dirección' }).fill('Obispo Trejo 250, Nueva Córdoba');
  await pickPhoto(page, page.getByRole('button', { name: 'Subir imágenes' }), 'huerta.jpg');
  await expect(page.getByRole('img', { name: 'Imagen 1 del anuncio' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Fecha', exact: true }).fill('12/12/2030');
  await page.getByRole('textbox', { name: 'Fecha', exact: true }).press('Tab');
  await page.getByRole('combobox', { name: 'Hora', exact: true }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  // An end before the start is refused with the domain's message.
  await page.getByRole('textbox', { name: 'Hasta', exact: true }).fill('11/12/2030');
  await page.getByRole('textbox', { name: 'Hasta', exact: true }).press('Tab');
  await page.getByRole('button', { name: 'Crear anuncio' }).click();
  await expect(page.getByText('La fecha de fin debe ser posterior a la de inicio')).toBeVisible();
  await page.getByRole('textbox', { name: 'Hasta', exact: true }).fill('12/12/2030');
  await page.getByRole('textbox', { name: 'Hasta', exact: true }).press('Tab');
  await page.getByRole('combobox', { name: 'Hora de fin', exact: true }).click();
  await page.getByRole('option', { name: '13', exact: true }).click();
  await page.getByRole('button', { name: 'Crear anuncio' }).click();
  await expect(page).toHaveURL(/\/dashboard\/publications/);
  const editHref = await page.getByRole('main').locator('a[href$="/edit"]').first().getAttribute('href');
  const id = /\/dashboard\/publications\/([^/]+)\/edit/.exec(editHref!)![1]!;

  // Awaiting review, the page and its file are the author's (a guest gets 404 for both).
  await page.goto(`/publications/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('12/12/2030 10:00–13:00')).toBeVisible();
  const region = calendarRegion(page);
  expect(googleDates(await region.getByRole('link', { name: /Google Calendar/ }).getAttribute('href'))).toBe(
    '20301212T130000Z/20301212T160000Z',
  );
  const downloading = page.waitForEvent('download');
  await region.getByRole('link', { name: 'Descargar archivo .ics' }).click();
  expect(await eventOf(await downloading)).toMatchObject({
    summary: title,
    start: '2030-12-12T13:00:00.000Z',
    end: '2030-12-12T16:00:00.000Z',
  });
  expect((await request.get(`/api/publication/${id}/calendar.ics`)).status()).toBe(404);
  await expectNoSeriousViolations(page, "an event's page, for its author");
  await context.close();
});
