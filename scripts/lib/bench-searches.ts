import { randomUUID } from 'node:crypto';
import type { DB, NewUser } from '../../apps/api/src/db/schema.ts';
import { seededRandom } from './bench-mix.ts';

// The saved searches of the benchmarks (decision 041): bench:searches times matching them, bench:api's writes case
// publishes while they listen (BENCH_SEARCHES).

const PLACES = [
  ['arg', 'cordoba', 'cba-city'],
  ['arg', 'baires', null],
  ['arg', 'mendoza', null],
  ['col', null, null],
  ['arg', null, null],
] as const;
const TYPES = ['barter', 'market', 'dots', 'events', 'courses'];
const LABELS = ['Vidrios', 'Plásticos', 'Papel/Cartón', 'Aluminio/Hojalata'];
/** The map areas ("Buscar en esta zona") are drawn around these centers: Córdoba, Buenos Aires, Mendoza. */
const AREA_CENTERS = [
  { lat: -31.4201, lng: -64.1888 },
  { lat: -34.6037, lng: -58.3816 },
  { lat: -32.8895, lng: -68.8458 },
];

async function vocabulary(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('publications').select('title').limit(2000).execute();
  const words = new Set<string>();
  for (const row of rows)
    for (const word of row.title.toLowerCase().split(/\s+/)) if (word.length >= 4) words.add(word);
  return [...words];
}

/** Saved searches with alerts of members who save five each: a fifth as many members as searches. */
export const searchMembersOf = (searches: number) => Math.max(1, Math.round(searches / 5));

/**
 * `searches` saved searches with alerts and digests, of `searchMembersOf(searches)` new members: terms from the
 * publications' own titles (one in twenty with a typo), some with a category, a place or a label, as people save;
 * `areas` of them (none by default) with a map area.
 */
export async function fillSavedSearches(
  db: DB,
  { searches, seed, areas = 0 }: { searches: number; seed: number; areas?: number },
): Promise<void> {
  // The same searches every run.
  const next = seededRandom(seed);
  const memberCount = searchMembersOf(searches);
  const words = await vocabulary(db);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const now = new Date().toISOString();
  const members: NewUser[] = Array.from({ length: memberCount }, (_, index) => ({
    id: randomUUID(),
    email: `buscador${index}@bench.invalid`,
    name: `Buscador ${index}`,
    password_hash: 'x',
    created_at: now,
    updated_at: now,
  }));
  for (let start = 0; start < members.length; start += 1000) {
    await db
      .insertInto('users')
      .values(members.slice(start, start + 1000))
      .execute();
  }
  let batch = [];
  for (let index = 0; index < searches; index++) {
    const place = next() < 0.7 ? pick(PLACES) : [null, null, null];
    const words2 = next() < 0.85 ? [pick(words), ...(next() < 0.4 ? [pick(words)] : [])] : [];
    // One search in twenty has a typo: a letter doubled.
    const term =
      words2.length === 0 ? null : words2.join(' ').replace(/([aeiou])/, next() < 0.05 ? '$1$1' : '$1');
    // A map area of 1 to 60 km across, its middle within about 20 km of a center. Drawn for every search (kept for
    // `areas` of them), so that the other fields are the same whatever the share.
    const withArea = next() < areas;
    const area = {
      center: pick(AREA_CENTERS),
      half: 0.005 + next() * 0.27,
      dLat: next() - 0.5,
      dLng: next() - 0.5,
    };
    const middle = withArea
      ? { lat: area.center.lat + area.dLat * 0.36, lng: area.center.lng + area.dLng * 0.42 }
      : null;
    batch.push({
      id: randomUUID(),
      bbox_min_lng: middle && middle.lng - area.half,
      bbox_min_lat: middle && middle.lat - area.half,
      bbox_max_lng: middle && middle.lng + area.half,
      bbox_max_lat: middle && middle.lat + area.half,
      user_id: members[index % memberCount]!.id as string,
      name: term ?? 'Búsqueda',
      term,
      typed: next() < 0.2 || term === null ? pick(TYPES) : null,
      country: place[0],
      province: place[1],
      city: place[2],
      labels: next() < 0.1 ? JSON.stringify([pick(LABELS)]) : '[]',
      alert: 1,
      digest: 1,
      created_at: now,
      updated_at: now,
    });
    if (batch.length === 1000) {
      await db.insertInto('saved_searches').values(batch).execute();
      batch = [];
    }
  }
  if (batch.length > 0) await db.insertInto('saved_searches').values(batch).execute();
}
