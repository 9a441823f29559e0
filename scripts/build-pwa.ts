// The installable app's files, written into the client build after `react-router build` (decision 038):
// /manifest.webmanifest, the icons (PNGs drawn by sharp from favicon.svg, plain and maskable), /offline.html and
// /sw.js, the service worker: bundled by rolldown, then Workbox's injectManifest writes its precache list (the app
// shell: the entry, the root's chunks and styles, the icons and the offline page).
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import sharp from 'sharp';
import { injectManifest } from 'workbox-build';
import {
  MANIFEST_BACKGROUND_COLOR,
  MANIFEST_THEME_COLOR,
  webManifest,
} from '../apps/web/app/features/pwa/web-manifest.ts';

const web = fileURLToPath(new URL('../apps/web/', import.meta.url));
const client = join(web, 'build/client');

// ------------------------------------------------------------------------------------------------ manifest
await writeFile(join(client, 'manifest.webmanifest'), `${JSON.stringify(webManifest, null, 2)}\n`);

// ------------------------------------------------------------------------------------------------ icons
const favicon = await readFile(join(web, 'public/favicon.svg'), 'utf8');
const leaf = favicon
  .replace(/^<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '')
  .replace(/<rect[^>]*\/>/, '');
// A maskable icon is cropped to a circle or a rounded square by the phone: full-bleed green, the leaf within the
// central 60% (the safe zone is a circle of 80%).
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${MANIFEST_THEME_COLOR}"/><g transform="translate(6.4 6.4) scale(0.6)">${leaf}</g></svg>`;
await mkdir(join(client, 'icons'), { recursive: true });
for (const size of [192, 512]) {
  await sharp(Buffer.from(favicon), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(client, `icons/icon-${size}.png`));
  await sharp(Buffer.from(maskable), { density: (72 * size) / 32 })
    .resize(size, size)
    .flatten({ background: MANIFEST_BACKGROUND_COLOR })
    .png({ compressionLevel: 9 })
    .toFile(join(client, `icons/maskable-${size}.png`));
}
// iOS takes its home-screen icon from <link rel="apple-touch-icon">, without transparency.
await sharp(Buffer.from(maskable), { density: (72 * 180) / 32 })
  .resize(180, 180)
  .png({ compressionLevel: 9 })
  .toFile(join(client, 'icons/apple-touch-icon.png'));

// ------------------------------------------------------------------------------------------------ offline page
await copyFile(join(web, 'service-worker/offline.html'), join(client, 'offline.html'));

// ------------------------------------------------------------------------------------------------ service worker
/** The app shell: what every page loads first (React Router's manifest: the entry and the root route). */
async function shellFiles(): Promise<string[]> {
  const assets = join(client, 'assets');
  const file = (await readdir(assets)).find((name) => /^manifest-.*\.js$/.test(name));
  if (file === undefined) throw new Error('No React Router manifest in the client build');
  const source = await readFile(join(assets, file), 'utf8');
  const manifest = JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)) as {
    url: string;
    entry: { module: string; imports: string[]; css?: string[] };
    routes: Record<string, { module: string; imports?: string[]; css?: string[] }>;
  };
  const root = manifest.routes.root;
  return [
    manifest.url,
    manifest.entry.module,
    ...manifest.entry.imports,
    ...(manifest.entry.css ?? []),
    ...(root === undefined ? [] : [root.module, ...(root.imports ?? []), ...(root.css ?? [])]),
  ];
}

const bundled = join(tmpdir(), `eco-sw-${process.pid}.js`);
try {
  await build({
    input: join(web, 'service-worker/sw.ts'),
    output: { file: bundled, format: 'iife', minify: true },
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    logLevel: 'warn',
  });
  // React Router's manifest marks its stylesheets with a trailing `#`: a request never carries it.
  const shell = [...new Set((await shellFiles()).map((url) => url.replace(/#.*$/, '')))];
  const { count, size, warnings } = await injectManifest({
    swSrc: bundled,
    swDest: join(client, 'sw.js'),
    globDirectory: client,
    globPatterns: ['offline.html', 'favicon.svg', 'manifest.webmanifest', 'icons/*.png'],
    // Hashed names: the URL is the revision.
    additionalManifestEntries: shell.map((url) => ({ url, revision: null })),
  });
  for (const warning of warnings) console.warn(warning);
  console.log(
    `Service worker: ${count + shell.length} files precached (${Math.round(size / 1024)} KB besides the shell)`,
  );
} finally {
  await rm(bundled, { force: true });
}
