import { expectNoSeriousViolations } from '../support/axe.ts';
import { expect, test } from '../support/test.ts';

// A publication's photos on a phone (the demo's "Feria Verde", two photos, always this weekend): the previous and
// next buttons on either side of the photo, halfway down, in the production build's styles too (Mantine's own rule
// for its buttons once won over the gallery's and put both under the photo's left edge, one over the other).

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the photo gallery has its buttons on either side of the photo and shows the next one', async ({
  page,
}) => {
  await page.goto('/publications?term=feria+verde+emprendedores');
  await expect(page.getByRole('status')).toHaveText('1 anuncio para “feria verde emprendedores”');
  // Cards shorten long titles on a phone: the card's heading links to it.
  await page.locator('main article h2 a').first().click();
  const gallery = page.getByRole('region', { name: 'Fotos' });
  const previous = gallery.getByRole('button', { name: 'Foto anterior' });
  const next = gallery.getByRole('button', { name: 'Foto siguiente' });
  const photo = gallery.getByRole('img', { name: /foto 1 de 2$/ });
  await expect(photo).toBeVisible();
  const [stage, left, right] = await Promise.all([
    photo.boundingBox(),
    previous.boundingBox(),
    next.boundingBox(),
  ]);
  // Inside the photo, one at each end, apart, both about halfway down.
  expect(left!.x).toBeGreaterThanOrEqual(stage!.x);
  expect(right!.x + right!.width).toBeLessThanOrEqual(stage!.x + stage!.width);
  expect(right!.x - (left!.x + left!.width)).toBeGreaterThan(stage!.width / 2);
  for (const button of [left!, right!]) {
    expect(Math.abs(button.y + button.height / 2 - (stage!.y + stage!.height / 2))).toBeLessThan(
      stage!.height / 4,
    );
  }
  await expectNoSeriousViolations(page, 'a publication with two photos');
  // On top of the photo where a finger lands on them.
  for (const button of [previous, next]) {
    expect(
      await button.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
      }),
    ).toBe(true);
  }
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(gallery.getByRole('img', { name: /foto 2 de 2$/ })).toBeVisible();
  await expect(gallery.getByText('2 / 2')).toBeVisible();
  await previous.focus();
  await page.keyboard.press('Enter');
  await expect(gallery.getByRole('img', { name: /foto 1 de 2$/ })).toBeVisible();
});
