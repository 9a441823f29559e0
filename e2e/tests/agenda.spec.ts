import { demoUsers } from '../../apps/api/src/demo/demo-data.ts';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../apps/api/src/config.ts';
import { createDatabase } from '../../apps/api/src/db/database.ts';
import type { DB } from '../../apps/api/src/db/schema.ts';
import { searchStemsOf } from '../../apps/api/src/modules/publications/search-stems.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { E2E_DATA_DIR } from '../support/server.ts';
import { expect, test, type Page } from '../support/test.ts';
import { expectNoUnstyledComponents } from '../support/unstyled.ts';
import { whileLockedRetry } from '../support/server-database.ts';
import { uniqueMarker } from '../support/unique.ts';

// The agenda of explore (issue 25, decision 032): events that have not ended, soonest first; "Pasados"; the quick
// periods as links and a range of days as a GET form, with and without JavaScript; "Finalizado" on an ended event.

const HOUR_MS = 3_600_000;
const suffix = uniqueMarker();
// Short: cards cut titles at 18 characters.
const UNDER_WAY = `Ahora ${suffix}`;
const ENDED = `Pasó ${suffix}`;
let endedId = '';

type Event = { title: string; calendaredAt: string; calendaredUntil?: string; createdBy: string };

/** A published event in Córdoba, written as the demo content writes them; its id. */
async function storeEvent(db: DB, event: Event): Promise<string> {
  const id = randomUUID();
  const text = { title: event.title, description: 'Un evento de la agenda.', labels: '[]' };
  const now = new Date().toISOString();
  await whileLockedRetry(() =>
    db.transaction().execute(async (trx) => {
      await trx
        .insertInto('publications')
        .values({
          id,
          typed: 'events',
          ...text,
          ...searchStemsOf(text),
          status: 1,
          location_country: 'arg',
          calendared_at: event.calendaredAt,
          calendared_until: event.calendaredUntil ?? null,
          created_by: event.createdBy,
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
  return id;
}

/** Two events of a demo author written straight into the server's database (the server sees them at once). */
test.beforeAll(async () => {
  const database = createDatabase(loadConfig({ DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'silent' }));
  try {
    const author = demoUsers.find((user) => user.email === 'martin.gomez@ecoanuncios.local')!;
    const { id } = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', author.email)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    // Under way from an hour ago to an hour from now: it is "today" whatever the hour of the run.
    await storeEvent(database.db, {
      title: UNDER_WAY,
      calendaredAt: new Date(now - HOUR_MS).toISOString(),
      calendaredUntil: new Date(now + HOUR_MS).toISOString(),
      createdBy: id,
    });
    endedId = await storeEvent(database.db, {
      title: ENDED,
      calendaredAt: new Date(now - 72 * HOUR_MS).toISOString(),
      createdBy: id,
    });
  } finally {
    await database.close();
  }
});

const periods = (page: Page) => page.getByRole('group', { name: 'Períodos' });
const timing = (page: Page) => page.getByRole('group', { name: 'Próximos o pasados' });
const card = (page: Page, title: string) => page.getByRole('article').filter({ hasText: title });

test('quick periods, "Pasados" and a range of days filter the events, keeping the other criteria', async ({
  page,
}) => {
  await page.goto('/publications?what=events&country=arg');
  await expect(card(page, UNDER_WAY)).toBeVisible();
  await expect(card(page, UNDER_WAY)).toContainText('ahora');
  await expect(card(page, ENDED)).toHaveCount(0);

  await periods(page).getByRole('link', { name: 'Hoy' }).click();
  await expect(page).toHaveURL(/what=events&country=arg&when=today/);
  await expect(periods(page).getByRole('link', { name: 'Hoy' })).toHaveAttribute('aria-current', 'true');
  await expect(card(page, UNDER_WAY)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Filtros activos' })).toContainText('Hoy');

  // What ended today: neither of the two (one is under way, the other ended three days ago).
  await timing(page).getByRole('link', { name: 'Pasados' }).click();
  await expect(page).toHaveURL(/when=today&past=1/);
  await expect(timing(page).getByRole('link', { name: 'Pasados' })).toHaveAttribute('aria-current', 'true');
  await expect(card(page, UNDER_WAY)).toHaveCount(0);
  await expect(card(page, ENDED)).toHaveCount(0);
  // The period taken away: every past event, the latest ended first.
  await periods(page).getByRole('link', { name: 'Hoy' }).click();
  await expect(page).toHaveURL(/what=events&country=arg&past=1$/);
  await expect(card(page, ENDED)).toBeVisible();
  await expect(card(page, UNDER_WAY)).toHaveCount(0);
  await expectNoUnstyledComponents(page, 'explore, past events');
  await expectNoSeriousViolations(page, 'explore, past events');

  // The range replaces the quick period and keeps the country and "Pasados".
  const days = page.getByRole('form', { name: 'Rango de fechas' });
  const threeDaysAgo = new Date(Date.now() - 72 * 3_600_000 - 3 * 3_600_000).toISOString().slice(0, 10);
  const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
  await days.getByLabel('Desde').fill(threeDaysAgo);
  await days.getByLabel('Hasta').fill(today);
  await days.getByRole('button', { name: 'Ver fechas' }).click();
  await expect(page).toHaveURL(new RegExp(`country=arg.*past=1.*from=${threeDaysAgo}&to=${today}`));
  await expect(card(page, ENDED)).toBeVisible();
});

test('the agenda works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/publications?what=events&term=${suffix}`);
  await periods(page).getByRole('link', { name: 'Próximos 7 días' }).click();
  await expect(page).toHaveURL(new RegExp(`what=events&term=${suffix}&when=week`));
  await expect(card(page, UNDER_WAY)).toBeVisible();
  await timing(page).getByRole('link', { name: 'Pasados' }).click();
  await expect(page).toHaveURL(/past=1/);
  await expect(card(page, UNDER_WAY)).toHaveCount(0);

  // A range refused by the API says why, in Spanish.
  const days = page.getByRole('form', { name: 'Rango de fechas' });
  await days.getByLabel('Desde').fill('2030-12-31');
  await days.getByLabel('Hasta').fill('2030-12-01');
  await days.getByRole('button', { name: 'Ver fechas' }).click();
  await expect(page).toHaveURL(new RegExp(`term=${suffix}.*past=1.*from=2030-12-31&to=2030-12-01`));
  await expect(page.getByRole('alert')).toContainText(
    'No pudimos hacer esta búsqueda: La fecha "desde" no puede ser posterior a la fecha "hasta"',
  );
  await context.close();
});

test('an ended event says "Finalizado" on its page', async ({ page }) => {
  await page.goto(`/publications/${endedId}`);
  await expect(page.getByRole('heading', { level: 1, name: ENDED })).toBeVisible();
  await expect(page.getByText('Finalizado', { exact: true })).toBeVisible();
  await expectNoUnstyledComponents(page, 'an ended event');
  await expectNoSeriousViolations(page, 'an ended event');
});
