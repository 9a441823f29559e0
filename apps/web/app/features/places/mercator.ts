import type { BoundingBox } from '@eco/domain/places/bounds';
import { mapCellSize, mapGridZoom } from '@eco/domain/places/map-grid';

// Web Mercator, as MapLibre draws it, for the map view's first paint (decision 043): the server places the outlines
// (outlines.svg, in these units) and the markers where the interactive map will show them, without any script.

/** Units across the whole world in outlines.svg: fine enough for a city-wide view in integers. */
export const WORLD = 100_000;

/** The map box's width / height: fixed, so that markers placed by percentages sit where MapLibre draws them. */
export const MAP_ASPECT = 4 / 3;

/** The width the first paint's zoom is chosen for (a phone's map box); MapLibre asks again for its own. */
const NOMINAL_WIDTH_PX = 400;

export const mercatorX = (lng: number) => ((lng + 180) / 360) * WORLD;

export function mercatorY(lat: number): number {
  const sin = Math.sin((lat * Math.PI) / 180);
  return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * WORLD;
}

const lngOf = (x: number) => (x / WORLD) * 360 - 180;
const latOf = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / WORLD))) * 180) / Math.PI;

/** A rectangle of the map in Mercator units (`y` grows southwards) and the same area in degrees. */
export type MapWindow = { x: number; y: number; width: number; height: number; bbox: BoundingBox };

/**
 * The area the map box shows for a frame: the frame with a margin, widened or heightened to the box's aspect (what
 * MapLibre shows when it fits that area into the box with no padding).
 */
export function mapWindow(frame: BoundingBox, margin = 0.05): MapWindow {
  const left = mercatorX(frame.minLng);
  const right = mercatorX(frame.maxLng);
  const top = mercatorY(frame.maxLat);
  const bottom = mercatorY(frame.minLat);
  let width = (right - left) * (1 + 2 * margin);
  let height = (bottom - top) * (1 + 2 * margin);
  if (width / height < MAP_ASPECT) width = height * MAP_ASPECT;
  else height = width / MAP_ASPECT;
  const x = (left + right - width) / 2;
  const y = (top + bottom - height) / 2;
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  return {
    x,
    y,
    width,
    height,
    bbox: {
      minLng: round(Math.max(-180, lngOf(x))),
      maxLng: round(Math.min(180, lngOf(x + width))),
      maxLat: round(Math.min(85, latOf(y))),
      minLat: round(Math.max(-85, latOf(y + height))),
    },
  };
}

/** MapLibre's zoom (512-pixel tiles) at which the window fills a box of the nominal width. */
export function windowZoom(window: MapWindow, widthPx = NOMINAL_WIDTH_PX): number {
  const zoom = Math.log2((widthPx * WORLD) / (512 * window.width));
  return Math.round(Math.min(16, Math.max(1.5, zoom)) * 100) / 100;
}

/** Where a point falls in the window, as percentages of the box (left, top). */
export function placeIn(
  window: MapWindow,
  point: { lat: number; lng: number },
): { left: number; top: number } {
  const percent = (value: number) => Math.round(value * 1000) / 10;
  return {
    left: percent((mercatorX(point.lng) - window.x) / window.width),
    top: percent((mercatorY(point.lat) - window.y) / window.height),
  };
}

/**
 * The area a group of the API's map answer for `view` stands for: its cell of the grid the API grouped the view in
 * (the domain's mapGridZoom), found from the group's centroid, which lies inside it. Opening it zooms in 1.5 to 3
 * times and keeps every member of the group.
 */
export function clusterArea(
  point: { lat: number; lng: number },
  view: { bbox: BoundingBox; zoom: number },
): BoundingBox {
  const cell = mapCellSize(mapGridZoom(view.bbox, view.zoom));
  const west = Math.floor(point.lng / cell) * cell;
  const south = Math.floor(point.lat / cell) * cell;
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  return {
    minLng: clamp(west, 180),
    minLat: clamp(south, 90),
    maxLng: clamp(west + cell, 180),
    maxLat: clamp(south + cell, 90),
  };
}
