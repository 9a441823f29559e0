import { expect, hydrated, test } from '../support/test.ts';

// Decision 018: the app's scripts start once the page has painted its largest content (the main images on explore),
// so on a slow phone the stylesheets and those images do not share the connection with 150 KB of JavaScript.

test('a page’s scripts start after its largest paint, and the page then answers clicks', async ({ page }) => {
  for (const path of ['/', '/publications?what=market']) {
    const response = await page.goto(path);
    const html = await response!.text();
    expect(html, path).not.toContain('rel="modulepreload"');
    expect(html, path).toContain('type="text/x-deferred-module"');
    await hydrated(page);

    const timing = await page.evaluate(async () => {
      const heroes = [...document.querySelectorAll('img[fetchpriority="high"]')];
      const paints = await new Promise<{ startTime: number; hero: boolean }[]>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve(
            (list.getEntries() as (PerformanceEntry & { element: Element | null })[]).map((entry) => ({
              startTime: entry.startTime,
              hero: entry.element !== null && heroes.includes(entry.element),
            })),
          );
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
      return {
        heroes: heroes.length,
        paints,
        firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
      };
    });
    // No script before the first largest-paint report, nor before that of a main image (explore's first row) when
    // one is reported.
    const details = `${path}: ${JSON.stringify(timing)}`;
    expect(timing.paints.length, details).toBeGreaterThan(0);
    expect(timing.firstScript, details).toBeGreaterThanOrEqual(timing.paints[0]!.startTime);
    const hero = timing.paints.find((paint) => paint.hero);
    if (hero) expect(timing.firstScript, details).toBeGreaterThanOrEqual(hero.startTime);
    if (path !== '/') expect(timing.heroes, details).toBeGreaterThan(0);
  }

  // Hydrated: the menu button works.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
});
