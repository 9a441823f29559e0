// Writes .br and .gz next to every compressible file of a static build, at maximum compression, once at build time,
// so the server answers assets without compressing them on every request (see docs/decisions/002). Brotli at
// quality 11 is its best: a larger window or the text mode give the same bytes on the app's chunks (decision 018).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|geojson|txt|xml|webmanifest)$/;
// Small files too (a page's route chunk can be 600 bytes), as long as the copy saves more than the
// Content-Encoding header it adds.
const MIN_BYTES = 256;
const HEADER_BYTES = 24;

const root = process.argv[2];
if (!root) {
  console.error('Usage: node scripts/precompress.ts <folder>');
  process.exit(1);
}

let files = 0;
let before = 0;
let after = 0;
for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  const content = await readFile(path);
  if (content.length < MIN_BYTES) continue;
  const br = await brotli(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gzipped = await gz(content, { level: constants.Z_BEST_COMPRESSION });
  if (br.length + HEADER_BYTES >= content.length) continue;
  await writeFile(`${path}.br`, br);
  if (gzipped.length + HEADER_BYTES < content.length) await writeFile(`${path}.gz`, gzipped);
  files += 1;
  before += content.length;
  after += br.length;
}
console.info(
  `Pre-compressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB (brotli)`,
);
