import type { DB } from '../../src/db/schema.ts';
import type { MapCell } from '../../src/modules/publications/map-cells.ts';

// What the map tests share: seeded data, and cells in one order whatever order a query gives them in.

/** mulberry32: the same points on every run. */
export function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The cells by position, count and id. */
export const sortedCells = (cells: MapCell[]) =>
  [...cells].sort((a, b) => a.lat - b.lat || a.lng - b.lng || a.count - b.count || a.id.localeCompare(b.id));

/** Gives publication `id` an exact point drawn around `place` (within `spread` degrees), as the form would save it. */
export async function placeAround(
  db: DB,
  id: string,
  place: { lat: number; lng: number; spread: number },
  random: () => number,
): Promise<void> {
  const lat = Number((place.lat + (random() - 0.5) * place.spread).toFixed(6));
  const lng = Number((place.lng + (random() - 0.5) * place.spread).toFixed(6));
  await db
    .updateTable('publications')
    .set({ location_lat: lat, location_lng: lng, public_lat: lat, public_lng: lng, location_exact: 1 })
    .where('id', '=', id)
    .execute();
}
