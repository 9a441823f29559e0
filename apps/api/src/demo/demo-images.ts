import { createHash } from 'node:crypto';
import type { CategoryEntry } from '@eco/domain';
import { BACKGROUNDS, LAYOUTS, MOTIFS, PATTERNS, type Motif, type ObjectColors } from './demo-subjects.ts';
import { loadSharp } from '../modules/media/sharp.ts';
import type { MediaStorage } from '../modules/media/storage.ts';

/** Demo media live under the storage's demo/ folder (DATA_DIR/media/demo or the bucket) and are served at /media/demo/. */
export const DEMO_MEDIA_FOLDER = 'demo';
export const LARGE_SIZE = { width: 1200, height: 900 } as const;
export const SMALL_SIZE = { width: 480, height: 360 } as const;
/** Each image also exists at 480×360 under the same name with this suffix, for cards and thumbnails. */
export const SMALL_SUFFIX = '.sm';

// Mantine's shades 8 and 3 of each category colour: the dark one is the category badge's.
const PALETTE: Record<CategoryEntry['color'], { dark: string; light: string }> = {
  green: { dark: '#2f9e44', light: '#8ce99a' },
  orange: { dark: '#e8590c', light: '#ffc078' },
  teal: { dark: '#099268', light: '#63e6be' },
  lime: { dark: '#66a80f', light: '#c0eb75' },
  yellow: { dark: '#e67700', light: '#ffe066' },
  cyan: { dark: '#0c8599', light: '#66d9e8' },
};

// One simple drawing per category icon, centred on (0, 0) and about 300 px wide.
const SHAPES: Record<CategoryEntry['icon'], string> = {
  recycle: `<circle r="120" fill="none" stroke="#fff" stroke-width="30" stroke-dasharray="190 62"/>
    <path d="M 96 -100 l 60 10 l -34 52 z M -140 36 l -30 -54 l 62 -4 z M 40 140 l -56 24 l 8 -60 z" fill="#fff"/>`,
  'calendar-event': `<rect x="-140" y="-110" width="280" height="240" rx="26" fill="none" stroke="#fff" stroke-width="22"/>
    <rect x="-140" y="-110" width="280" height="64" rx="20" fill="#fff"/>
    <rect x="-96" y="-150" width="22" height="70" rx="10" fill="#fff"/><rect x="74" y="-150" width="22" height="70" rx="10" fill="#fff"/>
    <rect x="24" y="30" width="64" height="58" rx="10" fill="#fff"/>`,
  'shopping-bag': `<path d="M -130 -60 h 260 l -26 210 h -208 z" fill="none" stroke="#fff" stroke-width="24" stroke-linejoin="round"/>
    <path d="M -60 -60 v -30 a 60 60 0 0 1 120 0 v 30" fill="none" stroke="#fff" stroke-width="22" stroke-linecap="round"/>`,
  'arrows-exchange': `<path d="M -150 -50 h 250" stroke="#fff" stroke-width="26" stroke-linecap="round"/>
    <path d="M 150 -50 l -70 -50 v 100 z" fill="#fff"/>
    <path d="M 150 60 h -250" stroke="#fff" stroke-width="26" stroke-linecap="round"/>
    <path d="M -150 60 l 70 -50 v 100 z" fill="#fff"/>`,
  bulb: `<circle cy="-40" r="110" fill="none" stroke="#fff" stroke-width="24"/>
    <rect x="-52" y="80" width="104" height="34" rx="12" fill="#fff"/><rect x="-40" y="124" width="80" height="30" rx="12" fill="#fff"/>
    <path d="M -30 -40 l 30 40 l 30 -40" fill="none" stroke="#fff" stroke-width="16" stroke-linejoin="round"/>`,
  school: `<path d="M 0 -120 l 170 70 l -170 70 l -170 -70 z" fill="#fff"/>
    <path d="M -100 0 v 80 c 60 50 140 50 200 0 v -80" fill="none" stroke="#fff" stroke-width="22"/>
    <path d="M 170 -50 v 130" stroke="#fff" stroke-width="12" stroke-linecap="round"/><circle cx="170" cy="92" r="16" fill="#fff"/>`,
};

const escapeXml = (text: string): string => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

export type DemoImageSpec = {
  /** What the picture shows: the publication's subject (motifOf). */
  motif: Motif;
  /** The object's colours, from its material (objectColorsOf). */
  colors: ObjectColors;
  category: CategoryEntry;
  /** The publication's position in the demo content: it picks the background, the pattern and the layout. */
  index: number;
  /** 0 the cover; 1 a closer, differently framed second picture. */
  variant: number;
};

const at = <T>(items: readonly T[], index: number): T => items[index % items.length] as T;

/**
 * The SVG drawing: the subject in its material's colours, on a background gradient and pattern, with the category's
 * badge in a corner. Consecutive publications get different backgrounds, patterns and layouts (11 × 7 × 6
 * combinations), so that no two cards of a list look alike even when they show the same kind of object.
 */
export function demoImageSvg({ motif, colors, category, index, variant }: DemoImageSpec): string {
  const { width, height } = LARGE_SIZE;
  const [from, to] = at(BACKGROUNDS, index * 3 + variant * 5);
  const pattern = at(PATTERNS, index + variant * 3)(width, height);
  const layout = at(LAYOUTS, index + variant * 2);
  const scale = variant === 0 ? layout.scale : layout.scale * 1.3;
  const badge = PALETTE[category.color].dark;
  const ground = layout.ground
    ? `<ellipse cx="${layout.x}" cy="${layout.y + 205 * scale}" rx="${260 * scale}" ry="${34 * scale}" fill="#000" fill-opacity="0.12"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <title>${escapeXml(motif)}</title>
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  ${pattern}
  ${ground}
  <g transform="translate(${layout.x} ${layout.y}) rotate(${layout.rotate}) scale(${scale})">${MOTIFS[motif](colors)}</g>
  <g transform="translate(86 86)"><circle r="58" fill="${badge}"/><g transform="scale(0.26)">${SHAPES[category.icon]}</g></g>
</svg>`;
}

const exists = async (storage: MediaStorage, key: string): Promise<boolean> =>
  (await storage.head(key)) !== null;

const hashOf = (svg: string): string => createHash('sha256').update(svg).digest('hex').slice(0, 10);

type EncodedImage = { large: Buffer; small: Buffer };

/**
 * Rasterises the drawing once and encodes both sizes from the pixels. Encoding dominates the loading time:
 * the large image, seen on one detail page at a time, gets a low WebP effort (a third faster, a fifth
 * heavier); the thumbnails of the lists keep a thorough one, which costs little at their size.
 */
async function encodeDrawing(svg: string): Promise<EncodedImage> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg))
    .resize(LARGE_SIZE.width, LARGE_SIZE.height)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const [large, small] = await Promise.all([
    sharp(data, pixels).webp({ quality: 80, effort: 1 }).toBuffer(),
    sharp(data, pixels)
      .resize(SMALL_SIZE.width, SMALL_SIZE.height)
      .webp({ quality: 75, effort: 4 })
      .toBuffer(),
  ]);
  return { large, small };
}

export type DemoImageRenderer = {
  /**
   * Stores the drawing as WebP at 1200×900 and 480×360 under demo/ (storage.save never leaves half an image), named after the owner and the
   * drawing's hash (so a cached copy is never stale and a second load reuses the files), and returns the public
   * URL of the large image. Each publication owns its files, because deleting a publication deletes them.
   */
  render: (name: string, spec: DemoImageSpec) => Promise<string>;
  /** Distinct drawings rasterised so far; identical drawings are rasterised once per renderer. */
  drawings: () => number;
};

export function createDemoImageRenderer(storage: MediaStorage): DemoImageRenderer {
  const encoded = new Map<string, Promise<EncodedImage>>();
  return {
    async render(name, spec) {
      const svg = demoImageSvg(spec);
      const hash = hashOf(svg);
      const fileName = `${name}-${hash}`;
      const large = `${DEMO_MEDIA_FOLDER}/${fileName}.webp`;
      const small = `${DEMO_MEDIA_FOLDER}/${fileName}${SMALL_SUFFIX}.webp`;
      if (!(await exists(storage, large)) || !(await exists(storage, small))) {
        let image = encoded.get(hash);
        if (image === undefined) {
          image = encodeDrawing(svg);
          encoded.set(hash, image);
        }
        const bytes = await image;
        await Promise.all([
          storage.save(large, bytes.large, 'image/webp'),
          storage.save(small, bytes.small, 'image/webp'),
        ]);
      }
      return storage.publicUrl(large);
    },
    drawings: () => encoded.size,
  };
}

/** A square avatar with the person's initials, for the demo users. */
export async function renderDemoAvatar(
  storage: MediaStorage,
  name: string,
  fullName: string,
): Promise<string> {
  const initials = fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${PALETTE.green.dark}"/><stop offset="1" stop-color="${PALETTE.teal.light}"/></linearGradient></defs>
  <rect width="256" height="256" fill="url(#g)"/>
  <text x="128" y="158" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="96" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text>
</svg>`;
  const key = `${DEMO_MEDIA_FOLDER}/${name}-${hashOf(svg)}.webp`;
  if (!(await exists(storage, key))) {
    const sharp = await loadSharp();
    await storage.save(key, await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer(), 'image/webp');
  }
  return storage.publicUrl(key);
}
