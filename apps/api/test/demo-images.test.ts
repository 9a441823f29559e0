import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getCategory } from '@eco/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoImageRenderer, SMALL_SUFFIX, wrapTitle } from '../src/demo/demo-images.ts';

describe('demo images', () => {
  let mediaDir: string;

  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'eco-demo-images-'));
  });

  afterAll(async () => {
    await rm(mediaDir, { recursive: true, force: true });
  });

  const fileOf = (url: string) => path.join(mediaDir, url.slice('/media/'.length));

  it('rasterises an identical drawing once, and writes it under each owner’s name with its thumbnail', async () => {
    const renderer = createDemoImageRenderer(mediaDir);
    const spec = { title: 'Vidrios', category: getCategory('dots'), variant: 1 };

    const [first, second] = await Promise.all([
      renderer.render('campana-2', spec),
      renderer.render('ecopunto-2', spec),
    ]);
    const other = await renderer.render('ecopunto-1', { ...spec, title: 'Ecopunto de vidrio', variant: 0 });

    expect(renderer.drawings()).toBe(2);
    expect(first).toMatch(/^\/media\/demo\/campana-2-[0-9a-f]{10}\.webp$/);
    expect(second).toMatch(/^\/media\/demo\/ecopunto-2-[0-9a-f]{10}\.webp$/);
    expect(other).not.toBe(second);
    expect(await readFile(fileOf(first))).toEqual(await readFile(fileOf(second)));
    for (const url of [first, second, other]) {
      const large = await sharp(fileOf(url)).metadata();
      expect([large.format, large.width, large.height]).toEqual(['webp', 1200, 900]);
      const small = await sharp(fileOf(url).replace(/\.webp$/, `${SMALL_SUFFIX}.webp`)).metadata();
      expect([small.format, small.width, small.height]).toEqual(['webp', 480, 360]);
    }
  });

  it('keeps files already on disk instead of drawing them again', async () => {
    const spec = { title: 'Frascos de vidrio', category: getCategory('barter'), variant: 0 };
    const url = await createDemoImageRenderer(mediaDir).render('frascos-1', spec);

    const again = createDemoImageRenderer(mediaDir);
    expect(await again.render('frascos-1', spec)).toBe(url);
    expect(again.drawings()).toBe(0);
  });

  it('wraps long titles on three lines at most', () => {
    expect(wrapTitle('Campana de vidrio en barrio Güemes')).toEqual([
      'Campana de vidrio en barrio',
      'Güemes',
    ]);
    const lines = wrapTitle(
      'Estación de reciclaje de plástico y cartón en Valledupar para todos los barrios',
    );
    expect(lines).toHaveLength(3);
    expect(lines.at(-1)).toMatch(/…$/);
  });
});
