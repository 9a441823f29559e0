import { describe, expect, it } from 'vitest';
import { BOTH_COUNTRIES } from './geo';
import { clusterArea, MAP_ASPECT, mapWindow, mercatorX, mercatorY, placeIn, windowZoom } from './mercator';

const CORDOBA = { lat: -31.4165, lng: -64.1838 };

describe("the map view's first paint geometry", () => {
  it('projects like Web Mercator: the equator and the meridian of Greenwich at the middle of the world', () => {
    expect(mercatorX(0)).toBe(50_000);
    expect(mercatorY(0)).toBeCloseTo(50_000, 6);
    expect(mercatorY(-31)).toBeGreaterThan(50_000);
  });

  it("frames an area in the box's shape, with every corner of the area inside it", () => {
    const area = mapWindow(BOTH_COUNTRIES);
    expect(area.width / area.height).toBeCloseTo(MAP_ASPECT, 6);
    for (const lat of [BOTH_COUNTRIES.minLat, BOTH_COUNTRIES.maxLat]) {
      for (const lng of [BOTH_COUNTRIES.minLng, BOTH_COUNTRIES.maxLng]) {
        const at = placeIn(area, { lat, lng });
        expect(at.left).toBeGreaterThan(0);
        expect(at.left).toBeLessThan(100);
        expect(at.top).toBeGreaterThan(0);
        expect(at.top).toBeLessThan(100);
      }
    }
    // The window's own degrees frame the same area again (what the page reloads from).
    const again = mapWindow(area.bbox, 0);
    expect(again.x).toBeCloseTo(area.x, 0);
    expect(again.width).toBeCloseTo(area.width, 0);
  });

  it('places the centre of a city-wide frame at the middle of the box', () => {
    const d = 0.12;
    const frame = {
      minLng: CORDOBA.lng - d,
      minLat: CORDOBA.lat - d,
      maxLng: CORDOBA.lng + d,
      maxLat: CORDOBA.lat + d,
    };
    const at = placeIn(mapWindow(frame), CORDOBA);
    expect(at.left).toBeCloseTo(50, 0);
    expect(at.top).toBeCloseTo(50, 0);
  });

  it("chooses MapLibre's zoom for a phone's box: higher for a city than for both countries", () => {
    const countries = windowZoom(mapWindow(BOTH_COUNTRIES));
    const city = windowZoom(mapWindow({ minLng: -64.3, minLat: -31.5, maxLng: -64.06, maxLat: -31.3 }));
    expect(countries).toBeGreaterThanOrEqual(1);
    expect(countries).toBeLessThan(3);
    expect(city).toBeGreaterThan(9);
  });

  it("opens a group's grid cell: it holds the centroid and is smaller than the window it was drawn in", () => {
    const area = mapWindow(BOTH_COUNTRIES);
    const zoom = windowZoom(area);
    const cell = clusterArea(CORDOBA, { bbox: area.bbox, zoom });
    expect(cell.minLng).toBeLessThanOrEqual(CORDOBA.lng);
    expect(cell.maxLng).toBeGreaterThan(CORDOBA.lng);
    expect(cell.minLat).toBeLessThanOrEqual(CORDOBA.lat);
    expect(cell.maxLat).toBeGreaterThan(CORDOBA.lat);
    expect(cell.maxLng - cell.minLng).toBeLessThan(area.bbox.maxLng - area.bbox.minLng);
    // Cells are 360 / 2^floor(zoom) / 4 degrees, aligned on 0,0 (the API's grid).
    const city = { minLng: -64.5, minLat: -31.6, maxLng: -63.9, maxLat: -31.2 };
    expect(clusterArea(CORDOBA, { bbox: city, zoom: 8.7 })).toEqual({
      minLng: -64.3359375,
      minLat: -31.640625,
      maxLng: -63.984375,
      maxLat: -31.2890625,
    });
  });

  it('opens a group of an area too wide for its zoom in the coarser grid the API grouped it in', () => {
    // The world at zoom 16: grouped in zoom 4's grid (64 cells of 5.625 degrees would hold 360).
    const world = { minLng: -180, minLat: -85, maxLng: 180, maxLat: 85 };
    expect(clusterArea(CORDOBA, { bbox: world, zoom: 16 })).toEqual(
      clusterArea(CORDOBA, { bbox: world, zoom: 4 }),
    );
    expect(clusterArea(CORDOBA, { bbox: world, zoom: 16 })).toEqual({
      minLng: -67.5,
      minLat: -33.75,
      maxLng: -61.875,
      maxLat: -28.125,
    });
  });
});
