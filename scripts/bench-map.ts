// Direct timings of the map's cells (GET /api/publications/map without HTTP or the remembered answers): the counted
// cells (decision 042) against the grouped query over every point in view, on a fresh database filled by the
// benchmark's fill, at zooms 4–12, with the filters explore's map has. Prints the figures and whether both ways gave
// the same cells; asserts nothing. BENCH_ROWS (100000), BENCH_DIALECTS (sqlite,postgres), BENCH_VIEWPORTS (20).
//   node --disable-warning=ExperimentalWarning scripts/bench-map.ts
import { CATEGORY_KEYS, cities, cityCenter, MATERIAL_LABELS, type BoundingBox } from '@eco/domain';
import { loadavg } from 'node:os';
import { createDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import type { DB, Dialect } from '../apps/api/src/db/schema.ts';
import type { ListCriteria } from '../apps/api/src/modules/publications/list-repository.ts';
import { mapCells, type MapCell } from '../apps/api/src/modules/publications/map-cells.ts';
import { createBenchDatabase } from './lib/bench-databases.ts';
import { fillDatabase } from './lib/bench-fill.ts';
import { seededRandom } from './lib/bench-mix.ts';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as Dialect[];
const viewports = Number(process.env.BENCH_VIEWPORTS ?? 20);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/test';
const ZOOMS = [4, 6, 8, 10, 12];
const random = seededRandom(42);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

type Filters = Pick<ListCriteria, 'typed' | 'country' | 'labels' | 'words'>;
const FILTERS: [string, () => Filters][] = [
  ['none', () => ({ words: [] })],
  ['category', () => ({ typed: pick(CATEGORY_KEYS), words: [] })],
  ['category + country', () => ({ typed: pick(CATEGORY_KEYS), country: 'arg', words: [] })],
  ['labels', () => ({ labels: [pick(MATERIAL_LABELS)], words: [] })],
  ['term', () => ({ words: [pick(['vidrio', 'carton', 'ropa', 'compost', 'taller', 'botellas'])] })],
];

/** A viewport of `width` × `height` pixels at `zoom` around a catalog city (the countries' scale up to zoom 8). */
function viewport(zoom: number, width: number, height: number): BoundingBox {
  const center = cityCenter(pick(cities).key) ?? { lat: -34.6037, lng: -58.3816 };
  const spread = zoom <= 8 ? 3 : 0.05;
  const lat = center.lat + (random() - 0.5) * spread;
  const lng = center.lng + (random() - 0.5) * spread;
  const degrees = 360 / 2 ** zoom / 256;
  const halfHeight = (height / 2) * degrees * Math.cos((lat * Math.PI) / 180);
  return {
    minLng: Math.max(-180, lng - (width / 2) * degrees),
    minLat: Math.max(-85, lat - halfHeight),
    maxLng: Math.min(180, lng + (width / 2) * degrees),
    maxLat: Math.min(85, lat + halfHeight),
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const same = (a: MapCell[], b: MapCell[]) => {
  const key = (cells: MapCell[]) =>
    JSON.stringify([...cells].sort((x, y) => x.lat - y.lat || x.lng - y.lng || x.count - y.count));
  return key(a) === key(b);
};

async function measure(db: DB, reader: DB | undefined, dialect: Dialect): Promise<void> {
  const table: Record<string, string | number>[] = [];
  for (const zoom of ZOOMS) {
    for (const [name, filters] of FILTERS) {
      const counted: number[] = [];
      const grouped: number[] = [];
      let points = 0;
      let differ = 0;
      for (let index = 0; index < viewports; index++) {
        const desktop = index % 2 === 1;
        const criteria = {
          status: 'published' as const,
          ...filters(),
          bbox: viewport(zoom, desktop ? 1280 : 400, desktop ? 800 : 700),
          offset: 0,
          limit: 0,
        };
        let started = performance.now();
        const fast = await mapCells(db, dialect, criteria, zoom, { reader });
        counted.push(performance.now() - started);
        started = performance.now();
        const slow = await mapCells(db, dialect, criteria, zoom, { reader, counted: false });
        grouped.push(performance.now() - started);
        points += slow.reduce((sum, cell) => sum + cell.count, 0);
        if (!same(fast, slow)) differ++;
      }
      const round = (value: number) => Math.round(value * 10) / 10;
      table.push({
        zoom,
        filters: name,
        'points in view (mean)': Math.round(points / viewports),
        'now p50 ms': round(percentile(counted, 50)),
        'now p99 ms': round(percentile(counted, 99)),
        'grouped p50 ms': round(percentile(grouped, 50)),
        'grouped p99 ms': round(percentile(grouped, 99)),
        'answers differ': differ,
      });
    }
  }
  console.table(table);
}

for (const dialect of dialects) {
  console.info(`\n${dialect}: filling ${rows.toLocaleString('en')} publications…`);
  const database = await createBenchDatabase(dialect, adminUrl);
  try {
    const handle = createDatabase(database.config);
    try {
      await migrateToLatest(handle.db);
      const fill = await fillDatabase(handle.db, dialect, { publications: rows, users: 300, seed: 2026 });
      console.info(
        `  filled in ${(fill.ms / 1000).toFixed(1)} s; load average ${loadavg()
          .map((v) => v.toFixed(1))
          .join(' ')}`,
      );
      await measure(handle.db, handle.reader, dialect);
      console.info(
        `  load average after: ${loadavg()
          .map((v) => v.toFixed(1))
          .join(' ')}`,
      );
    } finally {
      await handle.close();
    }
  } finally {
    await database.drop();
  }
}
