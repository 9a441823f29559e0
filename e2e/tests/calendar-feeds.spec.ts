import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { addDays, isoDayOf, localDayOf } from '../../packages/domain/src/dates/time-zones.ts';
import { demoUsers } from '../../apps/api/src/demo/demo-data.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { createDatabase } from '../../apps/api/src/db/database.ts';
import { searchStemsOf } from '../../apps/api/src/modules/publications/search-stems.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { signInAsNewcomer } from '../support/newcomer.ts';
import { E2E_BASE_URL, E2E_DATA_DIR } from '../support/server.ts';
import { expect, test, type Page } from '../support/test.ts';
import { expectNoUnstyledComponents } from '../support/unstyled.ts';
import { whileLockedRetry } from '../support/server-database.ts';
import { uniqueMarker } from '../support/unique.ts';

// Calendar feeds and the month view (issue 25, decision 037): explore's month of events with days that open their
// list, "Suscribirme a este calendario" with the feed of the current filters (read back with a real iCalendar
// parser), and the personal feed's secret link made and changed in settings without JavaScript.

const BUENOS_AIRES = 'America/Argentina/Buenos_Aires';
const suffix = uniqueMarker();
// Short: cards cut titles at 18 characters.
const TITLE = `Mes ${suffix}`;
// Two days from today in Córdoba, at 15:00 there (18:00 UTC).
const eventDay = addDays(localDayOf(BUENOS_AIRES, new Date()), 2);
const EVENT_DAY = isoDayOf(eventDay);
const EXPLORE = '/publications?what=events&country=arg&province=cordoba';

test.beforeAll(async () => {
  const database = createDatabase(loadConfig({ DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'silent' }));
  try {
    const author = demoUsers.find((user) => user.email === 'martin.gomez@ecoanuncios.local')!;
    const { id: authorId } = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', author.email)
      .executeTakeFirstOrThrow();
    const id = randomUUID();
    const text = { title: TITLE, description: 'Un evento del mes.', labels: '[]' };
    const now = new Date().toISOString();
    await whileLockedRetry(() =>
      database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('publications')
          .values({
            id,
            typed: 'events',
            ...text,
            ...searchStemsOf(text),
            status: 1,
            location_country: 'arg',
            location_province: 'cordoba',
            location_city: 'cba-city',
            calendared_at: `${EVENT_DAY}T18:00:00.000Z`,
            created_by: authorId,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .insertInto('publication_files')
          .values({ publication_id: id, position: 0, url: '/media/demo/ejemplo.webp' })
          .execute();
      }),
    );
  } finally {
    await database.close();
  }
});

const monthView = (page: Page) => page.getByRole('table');
const card = (page: Page, title: string) => page.getByRole('article').filter({ hasText: title });

/** The month view showing the event's month (the next one when the event falls after this month's end). */
async function openEventMonth(page: Page): Promise<void> {
  await page.goto(EXPLORE);
  const today = localDayOf(BUENOS_AIRES, new Date());
  if (today.month !== eventDay.month) {
    await page.getByRole('link', { name: 'Mes siguiente' }).click();
    await expect(page).toHaveURL(/month=\d{4}-\d{2}/);
  }
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`${device}: the month view marks the event's day and opens its list; keyboard and axe`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openEventMonth(page);
    const day = monthView(page).getByRole('link', {
      name: new RegExp(`^${eventDay.day} de \\w+: \\d+ eventos?$`),
    });
    await expect(day).toBeVisible();
    await expectNoUnstyledComponents(page, `explore's month view (${device})`);
    await expectNoSeriousViolations(page, `explore's month view (${device})`);

    await day.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`from=${EVENT_DAY}&to=${EVENT_DAY}`));
    await expect(card(page, TITLE)).toBeVisible();
    await expect(
      monthView(page).getByRole('link', { name: new RegExp(`^${eventDay.day} de `) }),
    ).toHaveAttribute('aria-current', 'date');

    // Months move back and forth as links.
    await page.getByRole('link', { name: 'Mes siguiente' }).click();
    await expect(page).toHaveURL(/month=\d{4}-\d{2}/);
    await page.getByRole('link', { name: 'Mes anterior' }).click();
    await expect(monthView(page)).toBeVisible();
  });

  test(`${device}: "Suscribirme a este calendario" gives the feed of the current filters`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(EXPLORE);
    await page.getByText('Suscribirme a este calendario').click();
    const feedUrl = `${E2E_BASE_URL}/api/calendar.ics?typed=events&country=arg&province=cordoba`;
    await expect(page.getByRole('link', { name: 'Suscribirme (webcal)' })).toHaveAttribute(
      'href',
      feedUrl.replace(/^https?:\/\//, 'webcal://'),
    );
    await expect(page.getByLabel('Dirección del calendario')).toHaveValue(feedUrl);
    await expect(page.getByRole('link', { name: /Google Calendar/ })).toHaveAttribute(
      'href',
      `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(feedUrl.replace(/^https?:\/\//, 'webcal://'))}`,
    );
    await expect(page.getByText('«Eventos en Córdoba»', { exact: false })).toBeVisible();
    await expectNoSeriousViolations(page, `the subscribe control (${device})`);

    const response = await request.get(feedUrl);
    expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(await response.text()));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Eventos en Córdoba');
    const summaries = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent).summary);
    expect(summaries).toContain(TITLE);
  });
}

test('the personal feed: made and changed in settings without JavaScript; the old link stops at once', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signInAsNewcomer(context);
  const page = await context.newPage();
  await page.goto('/dashboard/settings');
  const card = page.getByRole('region', { name: 'Tu calendario personal' });
  await card.getByRole('button', { name: 'Crear enlace' }).click();
  const link = card.getByLabel('Enlace de tu calendario');
  await expect(link).toHaveValue(/\/api\/calendar\/[\w-]{43}\.ics$/);
  const first = await link.inputValue();
  const firstFeed = await request.get(first);
  expect(firstFeed.status()).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(await firstFeed.text()));
  expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Mi agenda en EcoAnuncios');

  await card.getByRole('button', { name: 'Cambiar enlace' }).click();
  await expect(link).not.toHaveValue(first);
  const second = await link.inputValue();
  expect((await request.get(first)).status()).toBe(404);
  expect((await request.get(second)).status()).toBe(200);

  // Loaded again, the card says there is a link but never shows it.
  await page.goto('/dashboard/settings');
  await expect(card.getByText(/Tienes un enlace activo desde el/)).toBeVisible();
  await expect(card.getByLabel('Enlace de tu calendario')).toHaveCount(0);
  await context.close();
});

test('the personal feed card passes axe with JavaScript', async ({ browser }) => {
  const context = await browser.newContext();
  await signInAsNewcomer(context);
  const page = await context.newPage();
  await page.goto('/dashboard/settings');
  const card = page.getByRole('region', { name: 'Tu calendario personal' });
  await card.getByRole('button', { name: 'Crear enlace' }).click();
  await expect(card.getByLabel('Enlace de tu calendario')).toHaveValue(/\/api\/calendar\/[\w-]{43}\.ics$/);
  await expect(card.getByRole('button', { name: 'Copiar enlace' })).toBeVisible();
  await expectNoSeriousViolations(page, 'settings, the personal calendar');
  await context.close();
});
