import type { StyleSpecification } from 'maplibre-gl';

// The maps' base: a configured vector style (MAP_STYLE_URL), or the site's own outlines of Argentina and Colombia
// and their provinces (outlines.geojson, a hashed static file) when it is off or cannot be reached (no network, a
// fresh clone offline, the tests). Markers are HTML elements, which need neither fonts nor sprites from a style.

/** Line colours of the offline base: the theme's greens over a pale land. */
const OFFLINE_COLORS = { background: '#eef4ef', country: '#2f7d4f', province: '#8fb89c' } as const;

/** The offline base: a plain background and the outlines, nothing fetched from another origin. */
export function offlineStyle(outlinesUrl: string): StyleSpecification {
  return {
    version: 8,
    sources: { outlines: { type: 'geojson', data: outlinesUrl } },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': OFFLINE_COLORS.background } },
      {
        id: 'provinces',
        type: 'line',
        source: 'outlines',
        filter: ['==', ['get', 'kind'], 'province'],
        paint: { 'line-color': OFFLINE_COLORS.province, 'line-width': 0.8 },
      },
      {
        id: 'countries',
        type: 'line',
        source: 'outlines',
        filter: ['==', ['get', 'kind'], 'country'],
        paint: { 'line-color': OFFLINE_COLORS.country, 'line-width': 1.5 },
      },
    ],
  };
}
