import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getCategory } from '@eco/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPublications } from '../src/demo/demo-data.ts';
import { createLocalStorage } from '../src/modules/media/storage.ts';
import { createDemoImageRenderer, demoImageSvg, SMALL_SUFFIX } from '../src/demo/demo-images.ts';
import { motifOf, objectColorsOf } from '../src/demo/demo-subjects.ts';

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
    const renderer = createDemoImageRenderer(createLocalStorage(mediaDir));
    const colors = objectColorsOf('bottle', ['Vidrios']);
    const spec = { motif: 'bottle' as const, colors, category: getCategory('dots'), index: 3, variant: 1 };

    const [first, second] = await Promise.all([
      renderer.render('campana-2', spec),
      renderer.render('ecopunto-2', spec),
    ]);
    const other = await renderer.render('ecopunto-1', { ...spec, motif: 'bin', variant: 0 });

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
    const spec = {
      motif: 'jar' as const,
      colors: objectColorsOf('jar', ['Vidrios']),
      category: getCategory('barter'),
      index: 0,
      variant: 0,
    };
    const url = await createDemoImageRenderer(createLocalStorage(mediaDir)).render('frascos-1', spec);

    const again = createDemoImageRenderer(createLocalStorage(mediaDir));
    expect(await again.render('frascos-1', spec)).toBe(url);
    expect(again.drawings()).toBe(0);
  });

  it("draws each publication's own subject, coloured by its material", () => {
    expect(motifOf('Bicicleta usada rodado 26, restaurada')).toBe('bicycle');
    expect(motifOf('Regalo frascos de vidrio para conservas')).toBe('jar');
    expect(motifOf('Latas de aluminio aplastadas, unos 15 kg')).toBe('can');
    expect(motifOf('Curso de energía solar para el hogar')).toBe('solar');
    expect(motifOf('Cajas de cartón de mudanza en buen estado')).toBe('box');
    expect(motifOf('Taller de compostaje domiciliario')).toBe('compost');
    expect(motifOf('Punto limpio municipal de Río Cuarto')).toBe('bin');
    expect(objectColorsOf('bottle', ['Vidrios']).main).not.toBe(objectColorsOf('bottle', ['Plásticos']).main);
    // About as many kinds of objects as a real marketplace's first page shows.
    const motifs = new Set(
      demoPublications.map((publication) =>
        motifOf(publication.title, publication.description, publication.labels ?? []),
      ),
    );
    expect(motifs.size).toBeGreaterThanOrEqual(24);
  });

  it('gives every demo publication a cover of its own: no two share background, pattern and layout', () => {
    const covers = demoPublications.map((publication, index) => {
      const motif = motifOf(publication.title, publication.description, publication.labels ?? []);
      const colors = objectColorsOf(motif, publication.labels ?? []);
      const svg = demoImageSvg({
        motif,
        colors,
        category: getCategory(publication.typed),
        index,
        variant: 0,
      });
      expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
      // The drawing without its object: what two covers of the same kind of object would share.
      return svg.replace(/<g transform="translate\([^"]*\) rotate[\s\S]*?<g transform="translate\(86/, '');
    });
    expect(new Set(covers).size).toBe(demoPublications.length);
  });
});
