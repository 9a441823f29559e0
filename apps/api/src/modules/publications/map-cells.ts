import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { mapCellSize, mapGridZoom, type BoundingBox } from '@eco/domain';
import { toCount } from '../../db/count.ts';
import type { DB, Dialect } from '../../db/schema.ts';
import { hasDateCriteria } from './date-criteria.ts';
import {
  placedMatches,
  placedMatchesFirst,
  placedSearch,
  type ListCriteria,
  type PlacedSearch,
} from './list-repository.ts';
import { ftsPlacedMatches, idsBySeq } from './placed-fts.ts';

// The map of GET /api/publications/map: the matches with a point inside the viewport, grouped in a grid of cells
// about 64 pixels wide at the zoom (cells of 360 / 2^zoom / 4 degrees), each cell its count and centroid (the mean of
// its points), a cell of one its publication (a pin). Two ways to the same answer (decision 042):
// - counted ahead: without a term, labels, province, city or open=now, and up to zoom COUNTED_MAX_ZOOM, the cells
//   wholly inside the viewport are read from publication_map_cells (migration 0029: per band, category and country),
//   the zoom's own band for the cells inside, the bands EDGE_SHIFT and twice EDGE_SHIFT zooms finer (up to band 15)
//   for the edge cells' parts inside; only the points in the remaining sliver (under an eighth of a cell wide along
//   the edges, a sixty-fourth up to zoom 9) are grouped one by one.
// - grouped: every point in view grouped by the database (the other filters, and higher zooms, where few points
//   are in view). With a term or labels on PostgreSQL, the points of the matches only, read by their `seq`s from the
//   list's token bitmaps (placedSearch): what matches, not what the area holds nor its tsvectors. On SQLite, up to
//   INDEX_FIRST_MAX_ZOOM, the full-text index's matches and their points by `seq` (placed-fts.ts, decision 056).
// Both add the points in 1e-7 degrees as integers, so both give the same cells to the last digit.

/** A map cell's publications: how many, their centroid, and the publication's id when it is alone (a pin). */
export type MapCell = { count: number; lat: number; lng: number; id: string };

/** A cell of the zoom's grid as counted: its row and column, how many, and the sums of their points (1e-7°). */
type CellSums = {
  cellLat: number;
  cellLng: number;
  count: number;
  sumLat: number;
  sumLng: number;
  id?: string;
};

/**
 * The counted bands (0–15, migration 0029) serve zooms up to 15 − EDGE_SHIFT, and the map reads them whenever it
 * can: at 1,000,000 rows a city's viewport at zoom 11 holds some 15,000 points, grouped by PostgreSQL in 65–142 ms,
 * counted in 9–15 ms (at 100,000 rows either costs 6–12 ms; decision 042).
 */
const COUNTED_MAX_ZOOM = 12;

/** The edges' band: 2^3 × 2^3 of its cells make one of the zoom's. */
const EDGE_SHIFT = 3;

/** The finest counted band (migration 0029). */
const MAX_BAND = 15;

/** Cells, in cell widths, closer than this to the viewport's edge are not counted as inside it (rounding). */
const MARGIN = 1e-6;

/** Rows of the union that looks up the pins of cells counted ahead. */
const PIN_BATCH = 100;

/** A zoom's (or band's) cell width in degrees: the same double as migration 0029's map_cell_bands.size. */
export const cellSize = mapCellSize;

/** A point coordinate in 1e-7 degrees, an integer: what migration 0029's triggers add up. */
function units(dialect: Dialect, value: RawBuilder<number>): RawBuilder<number> {
  return dialect === 'sqlite'
    ? sql<number>`cast(round(${value} * 10000000) as integer)`
    : sql<number>`round(${value} * 10000000)::bigint`;
}

/** Whether the criteria are what the counted cells are keyed by: published, a category and a country at most. */
export function countedAhead(criteria: ListCriteria, zoom: number): boolean {
  return (
    zoom <= COUNTED_MAX_ZOOM &&
    criteria.status === 'published' &&
    criteria.words.length === 0 &&
    (criteria.labels ?? []).length === 0 &&
    criteria.province === undefined &&
    criteria.city === undefined &&
    criteria.authorId === undefined &&
    criteria.openAt === undefined &&
    criteria.near === undefined &&
    !hasDateCriteria(criteria)
  );
}

/** The cells wholly inside [min, max] (with a margin): the first and the one past the last. */
function cellsInside(min: number, max: number, size: number): [number, number] {
  return [Math.ceil(min / size + MARGIN), Math.floor(max / size - MARGIN)];
}

type CellOptions = {
  reader?: DB | undefined;
  counted?: boolean | undefined;
  fromIndex?: boolean | undefined;
  /** placedSearch's `denseFrom` (the tests' choice). */
  denseFrom?: number | undefined;
};

/**
 * The map of an area at a zoom: the matches with a point inside `criteria.bbox`, grouped in the zoom's grid.
 * `counted`: true reads the counted cells whenever the filters and the bands allow, false never (the tests compare
 * both); by default whenever the criteria and the zoom allow. `fromIndex`: false filters a term or labels with the
 * tsvectors instead of the token bitmaps on PostgreSQL, and with the list rows instead of the full-text index's
 * facets on SQLite (the tests compare both).
 */
export async function mapCells(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria & { bbox: BoundingBox },
  zoom: number,
  options: CellOptions = {},
): Promise<MapCell[]> {
  const reads = options.reader ?? db;
  const all = await cellSums(db, dialect, criteria, zoom, options);
  const alone = all.filter((cell) => cell.count === 1 && cell.id === undefined);
  const ids = await pinsOf(reads, dialect, criteria, zoom, alone);
  return all.map((cell) => ({
    count: cell.count,
    lat: cell.sumLat / cell.count / 1e7,
    lng: cell.sumLng / cell.count / 1e7,
    id: cell.id ?? ids.get(`${cell.cellLat},${cell.cellLng}`) ?? '',
  }));
}

/**
 * How many of the public's matches lie inside `criteria.bbox`, from the map's cells without their pins, for a list
 * of an area ("Buscar en esta zona"): counting the list's rows read the R*Tree's every point in the box first (at
 * 1,000,000 publications, half of them in Argentina's box: 2 s). Null for what the map does not answer: another
 * status, one author's publications, dates, near-me.
 */
export async function countInBox(db: DB, dialect: Dialect, criteria: ListCriteria): Promise<number | null> {
  const { bbox } = criteria;
  if (
    bbox === undefined ||
    criteria.status !== 'published' ||
    criteria.authorId !== undefined ||
    criteria.near !== undefined ||
    hasDateCriteria(criteria)
  ) {
    return null;
  }
  // The finest grid of at most 64 cells each way that the counted cells serve: any grid gives the same sum.
  const cells = await cellSums(db, dialect, { ...criteria, bbox }, mapGridZoom(bbox, COUNTED_MAX_ZOOM));
  return cells.reduce((sum, cell) => sum + cell.count, 0);
}

/**
 * About how many public points of the criteria's category and country lie inside `criteria.bbox`, for a choice of
 * plan, never for an answer: the counted cells of the area's grid that meet the box, read in one statement (more than
 * inside by at most the cells along its edges). Null when the cells are not counted by the criteria's filters (the
 * province and city are left out: they only make the figure larger).
 */
export async function pointsAboutBox(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria,
): Promise<number | null> {
  const { bbox } = criteria;
  if (bbox === undefined) return null;
  const zoom = mapGridZoom(bbox, COUNTED_MAX_ZOOM);
  const counted = { ...criteria, province: undefined, city: undefined, labels: undefined, words: [] };
  if (!countedAhead(counted, zoom)) return null;
  const size = cellSize(zoom);
  let query = db
    .selectFrom('publication_map_cells as m')
    .select(sql<number | string | null>`sum(m.n)`.as('points'))
    .where('m.band', '=', zoom)
    .where('m.cell_lat', '>=', Math.floor(bbox.minLat / size))
    .where('m.cell_lat', '<=', Math.floor(bbox.maxLat / size))
    .where('m.cell_lng', '>=', Math.floor(bbox.minLng / size))
    .where('m.cell_lng', '<=', Math.floor(bbox.maxLng / size));
  if (criteria.typed !== undefined) query = query.where('m.typed', '=', criteria.typed);
  if (criteria.country !== undefined) query = query.where('m.country', '=', criteria.country);
  const row = await query.executeTakeFirst();
  return toCount(row?.points ?? 0);
}

/** The zoom's cells of the matches in the viewport, counted ahead or grouped (see mapCells). */
async function cellSums(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria & { bbox: BoundingBox },
  zoom: number,
  options: CellOptions = {},
): Promise<CellSums[]> {
  const reads = options.reader ?? db;
  const counted =
    (options.counted ?? true) && countedAhead(criteria, zoom)
      ? await countedCells(reads, dialect, criteria, zoom)
      : null;
  const matched =
    counted !== null || options.fromIndex === false
      ? null
      : await placedSearch(
          reads,
          dialect,
          criteria,
          criteria.words.map((word) => [word]),
          options.denseFrom,
        );
  return (
    counted ??
    (await groupedCells(reads, dialect, criteria, criteria.bbox, zoom, matched, options.fromIndex !== false))
  );
}

/** The zoom's cells of the matches inside `box`, grouped by the database, with `extra` conditions on the point. */
function groupedQuery(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria,
  box: BoundingBox,
  zoom: number,
  extra?: (lat: RawBuilder<number>, lng: RawBuilder<number>) => RawBuilder<SqlBool>,
  matchesFirst = false,
  matched: PlacedSearch | null = null,
) {
  const size = cellSize(zoom);
  const groups = criteria.words.map((word) => [word]);
  const { query, lat, lng } = matchesFirst
    ? placedMatchesFirst(db, criteria, box, groups)
    : placedMatches(db, dialect, criteria, box, groups, matched);
  return (
    (extra === undefined ? query : query.where(extra(lat, lng)))
      .select([
        sql<number>`floor(${lat} / ${size})`.as('cell_lat'),
        sql<number>`floor(${lng} / ${size})`.as('cell_lng'),
        sql<number>`count(*)`.as('count'),
        sql<number>`sum(${units(dialect, lat)})`.as('sum_lat'),
        sql<number>`sum(${units(dialect, lng)})`.as('sum_lng'),
        sql<string | null>`min(p.id)`.as('id'),
      ])
      // By position: PostgreSQL does not know two parameters of the same value as one expression.
      .groupBy([sql`1`, sql`2`])
  );
}

type SumsRow = {
  cell_lat: number;
  cell_lng: number;
  count: number;
  sum_lat: number;
  sum_lng: number;
  id: string | null;
};

function sumsOf(rows: readonly SumsRow[]): CellSums[] {
  return rows.map((row) => ({
    cellLat: Number(row.cell_lat),
    cellLng: Number(row.cell_lng),
    count: toCount(row.count),
    sumLat: Number(row.sum_lat),
    sumLng: Number(row.sum_lng),
    ...(toCount(row.count) === 1 && row.id !== null ? { id: row.id } : {}),
  }));
}

/** Up to this zoom, a map with a term or labels on SQLite reads the matches first (placedMatchesFirst). */
const MATCHES_FIRST_MAX_ZOOM = 9;

/**
 * Up to this zoom, a map with a term or labels on SQLite reads the full-text index's matches (ftsPlacedMatches) when
 * its facets hold every filter: at 1,000,000 publications it is 2–10 times faster than walking the R*Tree to zoom
 * 13 (the R*Tree's way reads the term's every match too, for its `in`), slower from 14, where a few streets
 * hold fewer points than a country holds matches (decision 056).
 */
const INDEX_FIRST_MAX_ZOOM = 13;

async function groupedCells(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria,
  box: BoundingBox,
  zoom: number,
  matched: PlacedSearch | null,
  fromIndex: boolean,
): Promise<CellSums[]> {
  if (dialect === 'sqlite' && fromIndex && zoom <= INDEX_FIRST_MAX_ZOOM) {
    const groups = criteria.words.map((word) => [word]);
    const from = await ftsPlacedMatches(db, criteria, box, groups);
    if (from !== null) return indexedCells(db, from, zoom);
  }
  const narrowing = criteria.words.length > 0 || (criteria.labels ?? []).length > 0;
  const first = dialect === 'sqlite' && narrowing && zoom <= MATCHES_FIRST_MAX_ZOOM;
  return sumsOf(await groupedQuery(db, dialect, criteria, box, zoom, undefined, first, matched).execute());
}

/** The zoom's cells of SQLite's full-text matches with their points (ftsPlacedMatches), the pins' ids by `seq`. */
async function indexedCells(db: DB, from: RawBuilder<unknown>, zoom: number): Promise<CellSums[]> {
  const size = cellSize(zoom);
  const { rows } = await sql<Omit<SumsRow, 'id'> & { seq: number }>`select
      floor(r.lat / ${size}) as cell_lat, floor(r.lng / ${size}) as cell_lng, count(*) as count,
      sum(${units('sqlite', sql`r.lat`)}) as sum_lat, sum(${units('sqlite', sql`r.lng`)}) as sum_lng,
      min(r.seq) as seq
    from ${from} group by 1, 2`.execute(db);
  const ids = await idsBySeq(
    db,
    rows.filter((row) => toCount(row.count) === 1).map((row) => Number(row.seq)),
  );
  return sumsOf(rows.map((row) => ({ ...row, id: ids.get(Number(row.seq)) ?? null })));
}

/** A rectangle of a band's cells: rows and columns, each range's end exclusive. */
type CellRange = { lats: [number, number]; lngs: [number, number] };

const isEmpty = (range: CellRange) => range.lats[0] >= range.lats[1] || range.lngs[0] >= range.lngs[1];

/**
 * `outer` without `hole` (which it holds) as up to four disjoint rectangles: the rows below and above the hole, whole,
 * and the columns left and right of it between them.
 */
function ring(outer: CellRange, hole: CellRange): CellRange[] {
  const parts: CellRange[] = [
    { lats: [outer.lats[0], hole.lats[0]], lngs: outer.lngs },
    { lats: [hole.lats[1], outer.lats[1]], lngs: outer.lngs },
    { lats: hole.lats, lngs: [outer.lngs[0], hole.lngs[0]] },
    { lats: hole.lats, lngs: [hole.lngs[1], outer.lngs[1]] },
  ];
  return parts.filter((range) => !isEmpty(range));
}

/**
 * The counted rows of `band` in a rectangle of its cells, summed per cell of the band `shift` zooms coarser (a row
 * and column divided by 2^shift, rounded down: the same cell as floor() of the point gives, divisions by powers of
 * two being exact). The rows are named one by one: the primary key (band, row, column, …) then reads each row's
 * columns in range only, not every column of the band's rows (a viewport's thin ring of fine cells, say).
 */
function countedQuery(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria,
  band: number,
  shift: number,
  range: CellRange,
) {
  const scale = sql.lit(2 ** shift);
  const coarse = (column: RawBuilder<number>) =>
    dialect === 'postgres'
      ? sql<number>`floor(${column}::float8 / ${scale})`
      : sql<number>`floor(${column} * 1.0 / ${scale})`;
  const rows = Array.from({ length: range.lats[1] - range.lats[0] }, (_, i) => range.lats[0] + i);
  let query = db
    .selectFrom('publication_map_cells as m')
    .select([
      coarse(sql`m.cell_lat`).as('cell_lat'),
      coarse(sql`m.cell_lng`).as('cell_lng'),
      sql<number>`sum(m.n)`.as('count'),
      sql<number>`sum(m.sum_lat)`.as('sum_lat'),
      sql<number>`sum(m.sum_lng)`.as('sum_lng'),
      sql<string | null>`${dialect === 'postgres' ? sql`null::text` : sql`null`}`.as('id'),
    ])
    .where('m.band', '=', band)
    // One parameter, however many rows: a viewport's ring at band 15 names hundreds.
    .where(
      dialect === 'postgres'
        ? sql<SqlBool>`m.cell_lat = any(${rows}::integer[])`
        : sql<SqlBool>`m.cell_lat in (select value from json_each(${JSON.stringify(rows)}))`,
    )
    .where('m.cell_lng', '>=', range.lngs[0])
    .where('m.cell_lng', '<', range.lngs[1]);
  if (criteria.typed !== undefined) query = query.where('m.typed', '=', criteria.typed);
  if (criteria.country !== undefined) query = query.where('m.country', '=', criteria.country);
  return query.groupBy([sql`1`, sql`2`]).having(sql`sum(m.n)`, '>', 0);
}

/**
 * The zoom's cells from the counted rows, finer and finer toward the viewport's edges: the zoom's cells wholly
 * inside, then around them the cells wholly inside of the band EDGE_SHIFT finer, and of the band EDGE_SHIFT finer
 * again where there is one (up to band 15); the sliver left along the edges, under one cell of the finest band
 * wide, grouped point by point. Every point is in exactly one part: each part's test is the same floor() of the same
 * division as the triggers'. Null when the viewport is too small for it (under two cells of the zoom + EDGE_SHIFT
 * band across).
 */
async function countedCells(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria & { bbox: BoundingBox },
  zoom: number,
): Promise<CellSums[] | null> {
  const box = criteria.bbox;
  const k = 2 ** EDGE_SHIFT;
  const parts: ReturnType<typeof countedQuery>[] = [];
  // Each band's cells inside, stretched to hold the coarser band's (rounding), less those.
  let inside: CellRange | undefined;
  let band = zoom;
  for (; band <= Math.min(zoom + 2 * EDGE_SHIFT, MAX_BAND); band += EDGE_SHIFT) {
    const size = cellSize(band);
    const here: CellRange = {
      lats: cellsInside(box.minLat, box.maxLat, size),
      lngs: cellsInside(box.minLng, box.maxLng, size),
    };
    const hole = inside && {
      lats: [inside.lats[0] * k, inside.lats[1] * k] as [number, number],
      lngs: [inside.lngs[0] * k, inside.lngs[1] * k] as [number, number],
    };
    if (hole !== undefined) {
      here.lats = [Math.min(here.lats[0], hole.lats[0]), Math.max(here.lats[1], hole.lats[1])];
      here.lngs = [Math.min(here.lngs[0], hole.lngs[0]), Math.max(here.lngs[1], hole.lngs[1])];
    }
    if (isEmpty(here)) {
      if (band > zoom) return null;
      continue;
    }
    for (const range of hole === undefined ? [here] : ring(here, hole)) {
      parts.push(countedQuery(db, dialect, criteria, band, band - zoom, range));
    }
    inside = here;
  }
  if (inside === undefined) return null;
  const fineSize = cellSize(band - EDGE_SHIFT);
  const [sLat0, sLat1] = inside.lats;
  const [sLng0, sLng1] = inside.lngs;
  // The sliver: the points inside the viewport and outside the finest cells inside, in four disjoint strips (left and
  // right whole, bottom and top between them), each read through the spatial index by a box a hair wider than the
  // strip (floor() and the box's comparisons may round apart at its edge, as pinsOf's boxes), not a whole cell: a
  // strip across a city holds thousands of points a cell.
  const pad = fineSize * MARGIN * 10;
  const fineOf = (value: RawBuilder<number>) => sql`floor(${value} / ${fineSize})`;
  const between = (value: RawBuilder<number>, from: number, to: number) =>
    sql<SqlBool>`${fineOf(value)} >= ${from} and ${fineOf(value)} < ${to}`;
  const strips: {
    box: BoundingBox;
    inStrip: (lat: RawBuilder<number>, lng: RawBuilder<number>) => RawBuilder<SqlBool>;
  }[] = [
    {
      box: { ...box, maxLng: Math.min(box.maxLng, sLng0 * fineSize + pad) },
      inStrip: (_lat, lng) => sql<SqlBool>`${fineOf(lng)} < ${sLng0}`,
    },
    {
      box: { ...box, minLng: Math.max(box.minLng, sLng1 * fineSize - pad) },
      inStrip: (_lat, lng) => sql<SqlBool>`${fineOf(lng)} >= ${sLng1}`,
    },
    {
      box: { ...box, maxLat: Math.min(box.maxLat, sLat0 * fineSize + pad) },
      inStrip: (lat, lng) => sql<SqlBool>`${between(lng, sLng0, sLng1)} and ${fineOf(lat)} < ${sLat0}`,
    },
    {
      box: { ...box, minLat: Math.max(box.minLat, sLat1 * fineSize - pad) },
      inStrip: (lat, lng) => sql<SqlBool>`${between(lng, sLng0, sLng1)} and ${fineOf(lat)} >= ${sLat1}`,
    },
  ];
  // One statement (one round trip, one plan): the counted parts, the four strips.
  const queries = [
    ...parts,
    ...strips.map((strip) => groupedQuery(db, dialect, criteria, strip.box, zoom, strip.inStrip)),
  ] as unknown as ReturnType<typeof groupedQuery>[];
  const [first, ...rest] = queries as [ReturnType<typeof groupedQuery>, ...ReturnType<typeof groupedQuery>[]];
  const rows = await rest.reduce((all, part) => all.unionAll(part), first).execute();
  const cells = new Map<string, CellSums>();
  const add = (cell: CellSums) => {
    const key = `${cell.cellLat},${cell.cellLng}`;
    const known = cells.get(key);
    if (known === undefined) cells.set(key, { ...cell });
    else {
      known.count += cell.count;
      known.sumLat += cell.sumLat;
      known.sumLng += cell.sumLng;
      delete known.id;
    }
  };
  for (const cell of sumsOf(rows)) add(cell);
  return [...cells.values()];
}

/** The publication alone in each of `cells` (counted ahead, so without its id), by the cell's row and column. */
async function pinsOf(
  db: DB,
  dialect: Dialect,
  criteria: ListCriteria & { bbox: BoundingBox },
  zoom: number,
  cells: readonly CellSums[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const size = cellSize(zoom);
  const groups = criteria.words.map((word) => [word]);
  // The cell's box (a little wider: floor() decides), within the viewport.
  const pad = size * MARGIN * 10;
  const boxOf = (cell: CellSums): BoundingBox => ({
    minLat: Math.max(criteria.bbox.minLat, cell.cellLat * size - pad),
    maxLat: Math.min(criteria.bbox.maxLat, (cell.cellLat + 1) * size + pad),
    minLng: Math.max(criteria.bbox.minLng, cell.cellLng * size - pad),
    maxLng: Math.min(criteria.bbox.maxLng, (cell.cellLng + 1) * size + pad),
  });
  const inCell = (lat: RawBuilder<number>, lng: RawBuilder<number>, cell: CellSums) =>
    sql<SqlBool>`floor(${lat} / ${size}) = ${cell.cellLat} and floor(${lng} / ${size}) = ${cell.cellLng}`;
  for (let start = 0; start < cells.length; start += PIN_BATCH) {
    const batch = cells.slice(start, start + PIN_BATCH);
    if (dialect === 'postgres') {
      // One statement whose boxes the GiST index reads together (a union of a hundred is mostly planning).
      const { query, lat, lng } = placedMatches(db, dialect, criteria, criteria.bbox, groups);
      const boxes = batch.map((cell) => {
        const box = boxOf(cell);
        return sql<SqlBool>`(point(p.public_lng, p.public_lat) <@ box(point(${box.minLng}::float8, ${box.minLat}::float8),
          point(${box.maxLng}::float8, ${box.maxLat}::float8)) and ${inCell(lat, lng, cell)})`;
      });
      const rows = await query
        .where(sql<SqlBool>`(${sql.join(boxes, sql` or `)})`)
        .select([
          'p.id',
          sql<number>`floor(${lat} / ${size})`.as('cell_lat'),
          sql<number>`floor(${lng} / ${size})`.as('cell_lng'),
        ])
        .execute();
      for (const row of rows) ids.set(`${Number(row.cell_lat)},${Number(row.cell_lng)}`, row.id);
      continue;
    }
    // SQLite: one R*Tree walk per cell, in one statement.
    const queries = batch.map((cell) => {
      const { query, lat, lng } = placedMatches(db, dialect, criteria, boxOf(cell), groups);
      return query
        .where(inCell(lat, lng, cell))
        .select([
          'p.id',
          sql<number>`${sql.lit(cell.cellLat)}`.as('cell_lat'),
          sql<number>`${sql.lit(cell.cellLng)}`.as('cell_lng'),
        ]);
    });
    const [first, ...rest] = queries;
    if (first === undefined) continue;
    const rows = await rest.reduce((all, query) => all.unionAll(query), first).execute();
    for (const row of rows) ids.set(`${Number(row.cell_lat)},${Number(row.cell_lng)}`, row.id);
  }
  return ids;
}
