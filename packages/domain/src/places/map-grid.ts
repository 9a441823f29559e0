import type { BoundingBox } from './bounds.ts';

// The grid GET /api/publications/map groups points in, shared with the pages that open its groups: cells of
// 360 / 2^zoom / 4 degrees from 0,0 (about 64 pixels of a 256-pixel tile), at the map's whole zoom level.

/** How many cells of the grid fit across a 256-pixel tile. */
export const MAP_CELLS_PER_TILE = 4;

/** A grid's cell width (and height) in degrees at a whole zoom level. */
export function mapCellSize(zoom: number): number {
  return 360 / 2 ** zoom / MAP_CELLS_PER_TILE;
}

/**
 * Cells across a viewport at most, each way: 64 cells are 8,192 pixels at MapLibre's whole zooms (512-pixel tiles),
 * twice a 4K screen's width. A wider area for its zoom (a tilted map's horizon, or a request written by hand: the
 * world at zoom 16 would make every point its own cell, each a pin to look up) is grouped in the finest grid that
 * fits, as the map would show it zoomed out.
 */
export const MAP_MAX_VIEW_CELLS = 64;

/** The zoom whose grid groups `bbox`: the map's whole zoom level, or the finest that fits MAP_MAX_VIEW_CELLS. */
export function mapGridZoom(bbox: BoundingBox, zoom: number): number {
  const span = Math.max(bbox.maxLng - bbox.minLng, bbox.maxLat - bbox.minLat);
  let grid = Math.floor(zoom);
  while (grid > 0 && span > MAP_MAX_VIEW_CELLS * mapCellSize(grid)) grid -= 1;
  return grid;
}
