import { describe, expect, it } from 'vitest';
import { MAP_MAX_VIEW_CELLS, mapCellSize, mapGridZoom } from '../../src/places/map-grid.ts';

const box = (width: number, height = width) => ({
  minLng: -64,
  minLat: -31,
  maxLng: -64 + width,
  maxLat: -31 + height,
});

describe("the map's grid", () => {
  it('has cells of 360 / 2^zoom / 4 degrees', () => {
    expect(mapCellSize(0)).toBe(90);
    expect(mapCellSize(4)).toBe(5.625);
    expect(mapCellSize(16)).toBe(360 / 65536 / 4);
  });

  it("groups a screen's area in its whole zoom level's grid", () => {
    // A 4K screen's width at zoom 16.99 (MapLibre's 512-pixel tiles): 3,840 pixels.
    const wide4k = (3840 / (512 * 2 ** 16.99)) * 360;
    expect(mapGridZoom(box(wide4k, wide4k / 2), 16.99)).toBe(16);
    expect(mapGridZoom(box(0.01), 16)).toBe(16);
    expect(mapGridZoom(box(40), 3.5)).toBe(3);
    expect(mapGridZoom(box(360, 170), 0)).toBe(0);
  });

  it('groups an area too wide for its zoom in the finest grid that fits it, the longer side deciding', () => {
    expect(mapGridZoom(box(360, 170), 16)).toBe(4);
    expect(mapGridZoom(box(0.2), 18)).toBe(14);
    expect(mapGridZoom(box(0.001, 0.2), 18)).toBe(14);
    for (const zoom of [5, 9, 12, 16, 22]) {
      for (const width of [0.001, 0.05, 1, 10, 100, 360]) {
        const grid = mapGridZoom(box(width), zoom);
        expect(grid).toBeLessThanOrEqual(zoom);
        expect(grid === 0 || width <= MAP_MAX_VIEW_CELLS * mapCellSize(grid)).toBe(true);
        // The finest that fits: one level finer would not.
        if (grid < zoom) expect(width).toBeGreaterThan(MAP_MAX_VIEW_CELLS * mapCellSize(grid + 1));
      }
    }
  });
});
