import type { CDPSession } from '@playwright/test';
import { loadConfig } from '../../apps/api/src/config.ts';
import { createDatabase } from '../../apps/api/src/db/database.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { controlledByServiceWorker } from '../support/service-worker.ts';
import { signInAsNewcomer } from '../support/newcomer.ts';
import { E2E_BASE_URL, E2E_DATA_DIR } from '../support/server.ts';
import { userIdOf } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

// Push notifications on the web (issue 26, decision 038), on a phone with the notifications permission granted:
// the settings' card (kinds, this device, every device removable), the bell's offer, and the service worker showing
// a push. Headless Chromium reaches no push service here, so the push itself is handed to the worker through the
// DevTools protocol (ServiceWorker.deliverPushMessage), as the browser would once the push service delivered it.

// Each test waits for the worker to install and runs axe: on the shared 2-core machine that can pass 30 s.
test.describe.configure({ timeout: 60_000 });

test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  serviceWorkers: 'allow',
  permissions: ['notifications'],
});

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 13; SM-A135M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

/** A device of the member as the API stores it (its push service is never called in these tests). */
async function storeDevice(email: string, endpoint: string): Promise<void> {
  const userId = await userIdOf(email);
  const database = createDatabase(loadConfig({ DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'silent' }));
  try {
    await database.db
      .insertInto('push_subscriptions')
      .values({
        endpoint,
        user_id: userId,
        p256dh: 'B'.repeat(87),
        auth: 'a'.repeat(22),
        kinds: ',ratings,sales,',
        user_agent: ANDROID_CHROME,
        created_at: new Date().toISOString(),
      })
      .execute();
  } finally {
    await database.close();
  }
}

test("settings list the member's devices, each removable, and offer push on this one with the kinds to choose", async ({
  page,
  context,
}) => {
  const newcomer = await signInAsNewcomer(context);
  await storeDevice(newcomer.email, 'https://push.example.net/send/telefono-de-sol');
  await page.goto('/dashboard/settings');
  const card = page.getByRole('region', { name: 'Notificaciones en este dispositivo' });
  await expect(card.getByRole('checkbox', { name: 'Calificaciones' })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: 'Ventas y pedidos' })).toBeChecked();
  await expect(card.getByRole('button', { name: 'Activar en este dispositivo' })).toBeVisible();
  const devices = card.getByRole('list', { name: 'Dispositivos con notificaciones' });
  await expect(devices.getByRole('listitem')).toHaveText([
    'Android · Chrome · Calificaciones, Ventas y pedidos' + 'Quitar',
  ]);
  await expectNoSeriousViolations(page, 'the push settings');

  await card.getByRole('button', { name: 'Quitar Android · Chrome' }).click();
  await expect(card.getByText('Ningún dispositivo recibe notificaciones todavía.')).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Notificaciones en este dispositivo' })
      .getByText('Ningún dispositivo recibe notificaciones todavía.'),
  ).toBeVisible();
});

test('the bell offers push on this device', async ({ page, context }) => {
  await signInAsNewcomer(context);
  await page.goto('/dashboard');
  await page
    .getByRole('button', { name: /Notificaciones/ })
    .first()
    .click();
  await expect(
    page.getByRole('button', { name: 'Recibir notificaciones en este dispositivo' }),
  ).toBeVisible();
});

/** The registration id the DevTools protocol gives the page's service worker. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find(
        (item) => item.scopeURL === `${E2E_BASE_URL}/` && !item.isDeleted,
      );
      if (registration !== undefined) resolve(registration.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

test('the service worker shows a pushed notification with its link', async ({ page, context }) => {
  await page.goto('/');
  await controlledByServiceWorker(page);
  const cdp = await context.newCDPSession(page);
  const id = await registrationId(cdp);
  // Once in CI, on a busy machine, a push handed over through the protocol showed nothing within 10 s (the
  // protocol does not say whether the worker received it). It is handed over again until shown; its tag makes a
  // second delivery replace the first, so exactly one notification is expected.
  await expect(async () => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: E2E_BASE_URL,
      registrationId: id,
      data: JSON.stringify({
        title: 'Nueva calificación',
        body: 'Cali te calificó con 5 estrellas',
        link: '/dashboard/notifications',
        tag: 'prueba',
      }),
    });
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.ready;
            return (await registration.getNotifications()).map((item) => ({
              title: item.title,
              body: item.body,
              data: item.data as unknown,
            }));
          }),
        { timeout: 5_000 },
      )
      .toEqual([
        {
          title: 'Nueva calificación',
          body: 'Cali te calificó con 5 estrellas',
          data: { link: `${E2E_BASE_URL}/dashboard/notifications` },
        },
      ]);
  }).toPass({ timeout: 30_000 });
});

test('when the browser cannot subscribe (headless Chromium has no push service), the card says so and stores nothing', async ({
  page,
  context,
}) => {
  await signInAsNewcomer(context);
  await page.goto('/dashboard/settings');
  await expect(page.locator('html')).toHaveAttribute('data-service-worker', '');
  const card = page.getByRole('region', { name: 'Notificaciones en este dispositivo' });
  await card.getByRole('checkbox', { name: 'Ventas y pedidos' }).uncheck();
  await card.getByRole('button', { name: 'Activar en este dispositivo' }).click();
  await expect(card.getByRole('alert')).toHaveText(
    'No pudimos activar las notificaciones en este dispositivo. Intentá de nuevo más tarde.',
  );
  await expect(card.getByText('Ningún dispositivo recibe notificaciones todavía.')).toBeVisible();
  // The choice stays as it was made.
  await expect(card.getByRole('checkbox', { name: 'Ventas y pedidos' })).not.toBeChecked();
});
