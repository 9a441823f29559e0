// What each page of the client build costs on its first load: the JavaScript and CSS that React Router's manifest
// makes the browser fetch for the entry, the root and the route (gzip -9, as decision 010 counts them). Chunks that
// a page imports later (lazy dialogs, drawers) are not part of it. `node scripts/bundle-size.ts [route id…]` also
// lists the chunks of the given routes, largest first.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[]; css?: string[] };
type Manifest = {
  entry: { module: string; imports: string[]; css: string[] };
  routes: Record<string, ManifestRoute>;
};

const client = 'apps/web/build/client';
const assets = join(client, 'assets');
const manifestFile = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
if (manifestFile === undefined) {
  console.error('No React Router manifest in apps/web/build/client/assets: run `npm run build` first.');
  process.exit(1);
}
const manifestSource = readFileSync(join(assets, manifestFile), 'utf8');
const manifest = JSON.parse(
  manifestSource.slice(manifestSource.indexOf('{'), manifestSource.lastIndexOf('}') + 1),
) as Manifest;

const gzipKb = new Map<string, number>();
function kb(url: string): number {
  let size = gzipKb.get(url);
  if (size === undefined) {
    size =
      gzipSync(readFileSync(join(client, url.replace(/[#?].*$/, ''))), {
        level: constants.Z_BEST_COMPRESSION,
      }).length / 1024;
    gzipKb.set(url, size);
  }
  return size;
}

function firstLoad(routeId: string): { js: Set<string>; css: Set<string> } {
  const js = new Set([manifest.entry.module, ...manifest.entry.imports]);
  const css = new Set(manifest.entry.css);
  for (
    let route = manifest.routes[routeId];
    route !== undefined;
    route = manifest.routes[route.parentId ?? '']
  ) {
    js.add(route.module);
    for (const url of route.imports ?? []) js.add(url);
    for (const url of route.css ?? []) css.add(url);
  }
  return { js, css };
}

const sum = (urls: Set<string>) => [...urls].reduce((total, url) => total + kb(url), 0);
const rows = Object.keys(manifest.routes)
  .filter((id) => id !== 'root')
  .map((id) => {
    const { js, css } = firstLoad(id);
    return {
      route: id,
      'JS KB': Number(sum(js).toFixed(1)),
      'CSS KB': Number(sum(css).toFixed(1)),
      chunks: js.size,
    };
  });
console.info('First load per route (gzip -9 KB)');
console.table(rows);

for (const id of process.argv.slice(2)) {
  if (manifest.routes[id] === undefined) {
    console.error(`No route ${id}`);
    continue;
  }
  const { js, css } = firstLoad(id);
  console.info(`\n${id}: chunks, largest first`);
  console.table(
    [...js, ...css]
      .map((url) => ({
        chunk: url.replace('/assets/', '').replace(/[#?].*$/, ''),
        KB: Number(kb(url).toFixed(1)),
      }))
      .sort((a, b) => b.KB - a.KB),
  );
}
