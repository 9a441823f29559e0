import { test as base, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';

// Everything else as @playwright/test has it (expect, the types).
export * from '@playwright/test';

// The app's scripts start after the page's first paint (decision 018, apps/web/app/lib/deferred-scripts.server.ts):
// when a navigation resolves (the load event) the server's HTML is there, links and GET forms work, but React may
// not handle a click yet. So every action of a test on an element (click, fill, check…) first waits until the page's
// app has hydrated: the root layout marks <html data-hydrated>. Pages that are not the app's (no React Router
// context: the payment stand-in, an API answer) and contexts without JavaScript do not wait.

/** Waits until the page's app has hydrated. */
export async function hydrated(page: Page): Promise<void> {
  if (withoutScripts.has(page.context())) return;
  await page.waitForFunction(
    () => !('__reactRouterContext' in window) || document.documentElement.hasAttribute('data-hydrated'),
  );
}

const withoutScripts = new WeakSet<BrowserContext>();

const ACTIONS = [
  'blur',
  'check',
  'clear',
  'click',
  'dblclick',
  'dispatchEvent',
  'dragTo',
  'fill',
  'focus',
  'hover',
  'press',
  'pressSequentially',
  'selectOption',
  'selectText',
  'setChecked',
  'setInputFiles',
  'tap',
  'type',
  'uncheck',
] as const;

/** Makes every locator action wait for hydration first (once per worker: locators share one prototype). */
function waitBeforeActions(page: Page): void {
  const prototype = Object.getPrototypeOf(page.locator('html')) as Record<string, unknown>;
  for (const name of ACTIONS) {
    const action = prototype[name] as (this: Locator, ...args: unknown[]) => Promise<unknown>;
    prototype[name] = async function (this: Locator, ...args: unknown[]) {
      await hydrated(this.page());
      return action.apply(this, args);
    };
  }
}

export const test = base.extend<object, { browser: Browser }>({
  browser: [
    async ({ browser }, use) => {
      // Contexts created in a test, and whether their pages run scripts.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        if (options?.javaScriptEnabled === false) withoutScripts.add(context);
        return context;
      };
      const context = await newContext();
      waitBeforeActions(await context.newPage());
      await context.close();
      await use(browser);
    },
    { scope: 'worker' },
  ],
});
