import { describe, expect, it } from 'vitest';
import { APP_NAME, APP_SLOGAN } from '@eco/domain/constants';
import { APP_DESCRIPTION } from '../../config';
import { BRAND_COLOR } from '../../theme';
import { MANIFEST_THEME_COLOR, webManifest } from './web-manifest';

describe('web app manifest', () => {
  it("takes the theme's brand colour and has what installability asks for", () => {
    expect(MANIFEST_THEME_COLOR).toBe(BRAND_COLOR);
    expect(webManifest).toMatchObject({
      name: `${APP_NAME}: ${APP_SLOGAN}`,
      short_name: APP_NAME,
      description: APP_DESCRIPTION,
    });
    expect(webManifest).toMatchObject({
      lang: 'es-AR',
      display: 'standalone',
      start_url: expect.stringMatching(/^\//),
    });
    const sizes = webManifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    expect(webManifest.shortcuts.map((shortcut) => shortcut.url)).toEqual([
      '/publications',
      '/publications/new',
      '/bot',
    ]);
  });
});
