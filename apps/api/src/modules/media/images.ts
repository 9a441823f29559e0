import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { loadSharp } from './sharp.ts';

export type ImagePurpose = 'profile' | 'publication';

export const IMAGE_PURPOSES = ['profile', 'publication'] as const satisfies readonly ImagePurpose[];

export type ProcessedImage = { data: Buffer; width: number; height: number };

/** The stored image and its thumbnail, both WebP without any metadata. */
export type ProcessedUpload = { image: ProcessedImage; thumbnail: ProcessedImage; contentType: 'image/webp' };

/** The upload is not an image this service accepts; `reason` is for the logs. */
export class InvalidImageError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'InvalidImageError';
  }
}

export const MAX_IMAGE_SIDE = 12_000;
export const MAX_IMAGE_PIXELS = 40_000_000;

// Formats as sharp reports them (AVIF and HEIC both read as 'heif'). SVG stays out: it can carry scripts and
// external references, and it is rendered rather than decoded. TIFF, PDF and the rest are not photos users upload.
const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

const SIZES = {
  profile: {
    image: { width: 512, height: 512, fit: 'cover' },
    thumbnail: { width: 128, height: 128, fit: 'cover' },
  },
  publication: {
    image: { width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true },
    thumbnail: { width: 480, height: 360, fit: 'cover' },
  },
} as const;

// limitInputPixels makes libvips refuse a decompression bomb as soon as it reads the header. failOn 'truncated'
// refuses cut-off or broken pixel data but, unlike sharp's stricter default, still takes the phone photos whose
// decoders only warn about harmless quirks. Only the first frame of an animation is read.
const INPUT_OPTIONS: SharpOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated', pages: 1 };

async function render(pipeline: Sharp, quality: number): Promise<ProcessedImage> {
  // No withMetadata()/keepExif(): sharp writes none of the input's EXIF (GPS, camera), XMP or IPTC.
  const { data, info } = await pipeline.webp({ quality }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Checks the bytes are a real, reasonably sized image (by content, never by name), applies its EXIF orientation
 * and re-encodes it as WebP at the purpose's sizes. Throws InvalidImageError for anything else.
 */
export async function processImage(bytes: Buffer, purpose: ImagePurpose): Promise<ProcessedUpload> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, INPUT_OPTIONS).metadata();
  } catch (error) {
    // libvips checks limitInputPixels as soon as it reads the header.
    const detail = error instanceof Error ? `: ${error.message}` : '';
    throw new InvalidImageError(`The content is not an image sharp can read${detail}`, { cause: error });
  }
  if (!ACCEPTED_FORMATS.has(metadata.format)) {
    throw new InvalidImageError(`Format ${metadata.format} is not accepted`);
  }
  const { width, height } = metadata;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new InvalidImageError(`Dimensions ${width}×${height} exceed the limits`);
  }

  const sizes = SIZES[purpose];
  const oriented = sharp(bytes, INPUT_OPTIONS).rotate();
  try {
    const [image, thumbnail] = await Promise.all([
      render(oriented.clone().resize(sizes.image), 80),
      render(oriented.clone().resize(sizes.thumbnail), 75),
    ]);
    return { image, thumbnail, contentType: 'image/webp' };
  } catch (error) {
    // Headers can be fine while the pixel data is truncated or corrupt.
    throw new InvalidImageError('The image data could not be decoded', { cause: error });
  }
}
