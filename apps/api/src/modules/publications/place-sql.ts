import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { BoundingBox, Point } from '@eco/domain';
import type { Dialect } from '../../db/schema.ts';

// The place filters of the lists and the map on both dialects (migration 0024), on `p`: PostgreSQL's publications,
// or SQLite's slim list rows or publications (both have `id`). Everything reads the public point.

export type PlaceCriteria = {
  /** Only what lies inside. */
  bbox?: BoundingBox | undefined;
  /** Nearest first; only publications with a point. */
  near?: Point | undefined;
  /** open=now: the minute of the local week (Sunday 00:00 is 0) in each country at the request's minute. */
  openAt?: { arg: number; col: number } | undefined;
  /**
   * Check `bbox` on each row's point as the list is walked (SQLite's slim rows: publication_points, by `seq`;
   * PostgreSQL: the row's own columns), instead of reading the spatial index's every point in the box first. For a
   * page of a box that holds many of the matches (list-repository's boxPageByRow).
   */
  boxByRow?: boolean | undefined;
};

export function hasPlaceCriteria(criteria: PlaceCriteria): boolean {
  return criteria.bbox !== undefined || criteria.near !== undefined || criteria.openAt !== undefined;
}

const EARTH_RADIUS_KM = 6371.0088;

/** The great-circle distance (haversine, as the domain's distanceKm) from `point` to the coordinates given. */
export function distanceSql(
  dialect: Dialect,
  point: Point,
  lat: Expression<number>,
  lng: Expression<number>,
): RawBuilder<number> {
  const least = dialect === 'postgres' ? sql.raw('least') : sql.raw('min');
  const cast = (value: number) => (dialect === 'postgres' ? sql`${value}::float8` : sql`${value}`);
  return sql<number>`(${2 * EARTH_RADIUS_KM} * asin(${least}(1, sqrt(
    power(sin(radians(${lat} - ${cast(point.lat)}) / 2), 2) +
    cos(radians(${cast(point.lat)})) * cos(radians(${lat})) * power(sin(radians(${lng} - ${cast(point.lng)}) / 2), 2)))))`;
}

/**
 * The categories' codes in SQLite's R*Tree (migration 0047, whose triggers write them): position from 1, times the
 * slabs' distance. A new category needs a migration that rewrites those triggers with its code (migrations.test.ts
 * checks every category of the catalog).
 */
const KINDS = ['dots', 'events', 'courses', 'market', 'barter', 'tips'];
const KIND_SPAN = 1000;

/**
 * The R*Tree slab of the one category the criteria can match (SQLite, migration 0047): the category asked, or the
 * recycling points for open=now (only they have opening hours). Undefined when any category may match.
 */
export function kindOf(
  criteria: Pick<PlaceCriteria, 'openAt'> & { typed?: string | undefined },
): number | undefined {
  const typed = criteria.typed ?? (criteria.openAt === undefined ? undefined : 'dots');
  const index = typed === undefined ? -1 : KINDS.indexOf(typed);
  return index < 0 ? undefined : (index + 1) * KIND_SPAN;
}

/**
 * The R*Tree entries inside the box (SQLite), of the category's slab when one is given (kindOf), confirmed on their
 * exact auxiliary columns.
 */
export function rtreeBox(box: BoundingBox, kind?: number): RawBuilder<SqlBool> {
  const slab = kind === undefined ? sql`` : sql` and r.min_kind <= ${kind} and r.max_kind >= ${kind}`;
  return sql<SqlBool>`r.min_lat <= ${box.maxLat} and r.max_lat >= ${box.minLat}
    and r.min_lng <= ${box.maxLng} and r.max_lng >= ${box.minLng}${slab}
    and r.lat between ${box.minLat} and ${box.maxLat} and r.lng between ${box.minLng} and ${box.maxLng}`;
}

/**
 * Inside the box (or, without one, having a point). `p` is PostgreSQL's publications, SQLite's slim list rows
 * (`slimRows`, keyed by `seq` like the R*Tree) or SQLite's publications.
 */
function pointCondition(
  dialect: Dialect,
  box: BoundingBox | undefined,
  slimRows: boolean,
  kind: number | undefined,
  byRow = false,
): RawBuilder<SqlBool> {
  if (dialect === 'postgres') {
    if (box === undefined) return sql<SqlBool>`p.public_lat is not null`;
    // Plain ranges: the planner walks the list's order and checks each row (its estimates of a box's share, from the
    // columns' statistics, are the ranges'; the GiST operator's are a constant).
    if (byRow) {
      return sql<SqlBool>`p.public_lat between ${box.minLat} and ${box.maxLat}
        and p.public_lng between ${box.minLng} and ${box.maxLng}`;
    }
    return sql<SqlBool>`point(p.public_lng, p.public_lat) <@ box(point(${box.minLng}::float8, ${box.minLat}::float8),
      point(${box.maxLng}::float8, ${box.maxLat}::float8)) and p.public_lat is not null`;
  }
  if (slimRows && byRow && box !== undefined) {
    return sql<SqlBool>`exists (select 1 from publication_points as pt where pt.seq = p.seq
      and pt.lat between ${box.minLat} and ${box.maxLat} and pt.lng between ${box.minLng} and ${box.maxLng})`;
  }
  const inBox = box === undefined ? sql`` : sql` where ${rtreeBox(box, kind)}`;
  if (slimRows) return sql<SqlBool>`p.seq in (select r.id from publication_places as r${inBox})`;
  return sql<SqlBool>`p.id in (select s.id from publication_places as r
    join publication_search_rows as s on s.seq = r.id${inBox})`;
}

/** The place criteria's conditions on `p` (the category only narrows SQLite's R*Tree: `p.typed` decides). */
export function placeConditions(
  dialect: Dialect,
  criteria: PlaceCriteria & { typed?: string | undefined },
  slimRows: boolean,
): RawBuilder<SqlBool>[] {
  const conditions: RawBuilder<SqlBool>[] = [];
  if (criteria.bbox !== undefined || criteria.near !== undefined) {
    conditions.push(
      pointCondition(dialect, criteria.bbox, slimRows, kindOf(criteria), criteria.boxByRow === true),
    );
  }
  if (criteria.openAt !== undefined) {
    const { arg, col } = criteria.openAt;
    if (dialect === 'postgres') {
      // The row's own stretches, read from the index of the points with hours (migration 0044).
      conditions.push(sql<SqlBool>`p.open_minutes is not null and p.open_minutes @>
        (case when p.location_country = 'col' then ${col}::integer else ${arg}::integer end)`);
    } else {
      const minute = sql`(case when p.location_country = 'col' then ${col} else ${arg} end)`;
      conditions.push(sql<SqlBool>`exists (select 1 from publication_opening_ranges as o
        where o.publication_id = p.id and o.opens_at <= ${minute} and o.closes_at > ${minute})`);
    }
  }
  return conditions;
}

/** A box holding every point within `km` of `center` (its width grows toward the poles). */
export function boxAround(center: Point, km: number): BoundingBox {
  // Degrees of the haversine's sphere (111.195 km), rounded down so that the box holds the whole circle; its width
  // taken at its edge nearest a pole.
  const dLat = km / 111;
  const edge = Math.min(89, Math.abs(center.lat) + dLat);
  const dLng = km / (111 * Math.max(0.02, Math.cos((edge * Math.PI) / 180)));
  return {
    minLat: Math.max(-90, center.lat - dLat),
    maxLat: Math.min(90, center.lat + dLat),
    minLng: Math.max(-180, center.lng - dLng),
    maxLng: Math.min(180, center.lng + dLng),
  };
}

/** The intersection of two boxes, or null when they do not meet. */
export function intersect(a: BoundingBox, b: BoundingBox | undefined): BoundingBox | null {
  if (b === undefined) return a;
  const box = {
    minLat: Math.max(a.minLat, b.minLat),
    maxLat: Math.min(a.maxLat, b.maxLat),
    minLng: Math.max(a.minLng, b.minLng),
    maxLng: Math.min(a.maxLng, b.maxLng),
  };
  return box.minLat <= box.maxLat && box.minLng <= box.maxLng ? box : null;
}
