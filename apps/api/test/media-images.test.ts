import exifReader from 'exif-reader';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { InvalidImageError, processImage, type ProcessedImage } from '../src/modules/media/images.ts';
import {
  jpegWithGps,
  noisyImage,
  pngClaiming,
  pngWithAlpha,
  solidImage,
  SVG_WITH_SCRIPT,
  TEXT_FILE,
  twoColorJpeg,
} from './fixtures/images.ts';

/** What a reader of the stored file can learn from it. */
async function inspect(image: ProcessedImage) {
  const metadata = await sharp(image.data).metadata();
  return {
    format: metadata.format,
    width: metadata.width,
    height: metadata.height,
    hasAlpha: metadata.hasAlpha,
    exif: metadata.exif,
    xmp: metadata.xmp,
    iptc: metadata.iptc,
  };
}

/** The RGB colour at (x, y). */
async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const data = await sharp(image)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer();
  return [...data];
}

const isRed = ([r = 0, g = 0, b = 0]: number[]) => r > 200 && g < 60 && b < 60;
const isBlue = ([r = 0, g = 0, b = 0]: number[]) => b > 200 && r < 60 && g < 60;

describe('processImage', () => {
  it('turns a camera JPEG with GPS coordinates into WebP without any metadata', async () => {
    const photo = await jpegWithGps(1200, 800);
    // The fixture really carries the coordinates, as a phone photo would.
    const input = await sharp(photo).metadata();
    expect(input.format).toBe('jpeg');
    expect(exifReader(input.exif ?? Buffer.alloc(0)).GPSInfo).toMatchObject({
      GPSLatitudeRef: 'S',
      GPSLatitude: [34, 36, 12.34],
      GPSLongitudeRef: 'W',
    });

    const { image, thumbnail, contentType } = await processImage(photo, 'publication');

    expect(contentType).toBe('image/webp');
    for (const output of [image, thumbnail]) {
      const stored = await inspect(output);
      expect(stored.format).toBe('webp');
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(stored.iptc).toBeUndefined();
      // No EXIF or XMP chunk in the WebP container at all, and no trace of the camera.
      expect(output.data.includes(Buffer.from('EXIF'))).toBe(false);
      expect(output.data.includes(Buffer.from('XMP '))).toBe(false);
      expect(output.data.includes(Buffer.from('EcoCam'))).toBe(false);
    }
    expect(await inspect(image)).toMatchObject({ width: 1200, height: 800 });
    expect(await inspect(thumbnail)).toMatchObject({ width: 480, height: 360 });
    expect(image).toMatchObject({ width: 1200, height: 800 });
  });

  it('fits publication images inside 1600×1600 and crops profile pictures to squares', async () => {
    const wide = await noisyImage(2400, 1200).jpeg().toBuffer();

    const publication = await processImage(wide, 'publication');
    const profile = await processImage(wide, 'profile');

    expect(await inspect(publication.image)).toMatchObject({ width: 1600, height: 800 });
    expect(await inspect(publication.thumbnail)).toMatchObject({ width: 480, height: 360 });
    expect(await inspect(profile.image)).toMatchObject({ width: 512, height: 512 });
    expect(await inspect(profile.thumbnail)).toMatchObject({ width: 128, height: 128 });
  });

  it('never enlarges a small publication image', async () => {
    const small = await noisyImage(320, 240).jpeg().toBuffer();

    const { image } = await processImage(small, 'publication');

    expect(await inspect(image)).toMatchObject({ width: 320, height: 240 });
  });

  it('applies the EXIF orientation before removing it', async () => {
    // Stored landscape (red left, blue right) with "rotate 90° clockwise" in EXIF: a portrait photo.
    const photo = await twoColorJpeg(6);
    expect(await sharp(photo).metadata()).toMatchObject({ width: 300, height: 200, orientation: 6 });

    const { image } = await processImage(photo, 'publication');

    expect(await inspect(image)).toMatchObject({ width: 200, height: 300, exif: undefined });
    expect(isRed(await pixel(image.data, 100, 20))).toBe(true);
    expect(isBlue(await pixel(image.data, 100, 280))).toBe(true);
  });

  it('keeps the transparency of a PNG', async () => {
    const { image } = await processImage(await pngWithAlpha(640, 480), 'publication');

    expect(await inspect(image)).toMatchObject({ format: 'webp', width: 640, height: 480, hasAlpha: true });
  });

  it.each(['gif', 'webp', 'avif'] as const)('accepts a %s image', async (format) => {
    const { image } = await processImage(await solidImage(format, 64, 48), 'publication');

    expect(await inspect(image)).toMatchObject({ format: 'webp', width: 64, height: 48 });
  });

  it.each([
    ['a text file named .jpg', async () => TEXT_FILE, /not an image/],
    ['an empty file', async () => Buffer.alloc(0), /not an image/],
    ['an SVG (it can carry scripts)', async () => SVG_WITH_SCRIPT, /Format svg/],
    ['a TIFF', () => solidImage('tiff'), /Format tiff/],
    ['a picture wider than 12000 px', () => pngClaiming(12_001, 10), /Dimensions 12001×10/],
    ['a picture of more than 40 megapixels', () => pngClaiming(7000, 7000), /exceeds pixel limit/],
    [
      'a truncated JPEG',
      async () => {
        const photo = await jpegWithGps(600, 400);
        return photo.subarray(0, Math.floor(photo.length / 2));
      },
      /could not be decoded/,
    ],
  ])('refuses %s', async (_name, make, reason) => {
    const bytes = await make();

    const result = processImage(bytes, 'publication');

    await expect(result).rejects.toBeInstanceOf(InvalidImageError);
    await expect(result).rejects.toThrow(reason);
  });
});
