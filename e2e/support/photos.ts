import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';

/** Picks a generated JPEG (a phone camera's size) through the file chooser that `button` opens. */
export async function pickPhoto(
  page: Page,
  button: Locator,
  name: string,
  background = '#2f6f3e',
): Promise<void> {
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .jpeg()
    .toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles({ name, mimeType: 'image/jpeg', buffer: photo });
}
