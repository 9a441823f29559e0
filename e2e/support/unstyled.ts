import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, type Page } from '@playwright/test';

// Mantine's components carry CSS-module classes (`m_8bffd616`) whose rules live in Mantine's stylesheets. The app
// loads those per component (apps/web/app/styles/mantine.ts and the files that import their own), so a component
// whose stylesheet no loaded file brings renders unstyled: tabs as run-on text, alerts without a frame. Every class
// Mantine styles is listed in its packages' stylesheets; each one on a page must have a rule in the page's sheets.

const require = createRequire(import.meta.url);
const CLASS = /\.(m_[0-9a-f]{8})\b/g;

/** Class → the Mantine stylesheet that styles it ('Tabs.css', '@mantine/dates'), for the failure's message. */
function mantineClasses(): Map<string, string> {
  const classes = new Map<string, string>();
  const core = dirname(require.resolve('@mantine/core/styles.css'));
  const perComponent = join(core, 'styles');
  for (const file of readdirSync(perComponent).filter(
    (name) => name.endsWith('.css') && !name.includes('.layer.'),
  )) {
    for (const [, name] of readFileSync(join(perComponent, file), 'utf8').matchAll(CLASS)) {
      if (!classes.has(name!)) classes.set(name!, file);
    }
  }
  for (const pkg of ['@mantine/dates', '@mantine/notifications']) {
    for (const [, name] of readFileSync(require.resolve(`${pkg}/styles.css`), 'utf8').matchAll(CLASS)) {
      if (!classes.has(name!)) classes.set(name!, pkg);
    }
  }
  return classes;
}

const STYLED = mantineClasses();

/** The Mantine classes on the page (its whole document, portals included) that no loaded stylesheet has a rule for. */
export async function unstyledMantineClasses(page: Page): Promise<string[]> {
  const missing = await page.evaluate(
    (styled) => {
      const known = new Set(styled);
      const defined = new Set<string>();
      const walk = (rules: CSSRuleList) => {
        for (const rule of Array.from(rules)) {
          const selector = (rule as CSSStyleRule).selectorText;
          if (selector) for (const [, name] of selector.matchAll(/\.(m_[0-9a-f]{8})\b/g)) defined.add(name!);
          if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
        }
      };
      for (const sheet of Array.from(document.styleSheets)) {
        try {
          walk(sheet.cssRules);
        } catch {
          // A sheet of another origin: the app has none.
        }
      }
      const found = new Map<string, string>();
      for (const element of Array.from(document.querySelectorAll('[class]'))) {
        for (const name of Array.from(element.classList)) {
          if (known.has(name) && !defined.has(name) && !found.has(name)) {
            const label =
              element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
            found.set(name, `<${element.tagName.toLowerCase()}> «${label}»`);
          }
        }
      }
      return [...found];
    },
    [...STYLED.keys()],
  );
  return missing.map(([name, element]) => `${name} (${STYLED.get(name)}) on ${element}`);
}

/** Fails with every Mantine class of the page that has no rule in the page's stylesheets. */
export async function expectNoUnstyledComponents(page: Page, what: string): Promise<void> {
  expect(await unstyledMantineClasses(page), `Mantine components without their styles on ${what}`).toEqual(
    [],
  );
}
