import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 AA, as axe-core tags it. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe on the page as it is and fails with the serious and critical violations, each with its elements. While a
 * modal dialog is open only the dialog is checked: the page behind is under its overlay, out of reach (axe would
 * count its controls as obscured targets), and is checked in its own state.
 */
export async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const modal = page.locator('[role="dialog"][aria-modal="true"]:visible');
  if ((await modal.count()) > 0) builder.include('[role="dialog"][aria-modal="true"]');
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
  expect(serious, `serious or critical axe violations on ${what}`).toEqual([]);
}
