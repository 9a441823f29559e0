import { expect, type Page } from '@playwright/test';

/**
 * Waits until the service worker (decision 038) controls the page: the page registered it after loading, and it
 * claims the pages open when it first activates. Only in specs that allow service workers.
 */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-service-worker', '');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
