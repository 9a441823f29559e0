import { distanceKm } from '@eco/domain';
import { describe, expect, it } from 'vitest';
import type { ListChange, PublicationState } from '../src/db/list-changes.ts';
import { parseChange } from '../src/db/list-changes.ts';
import {
  affects,
  keepsOrder,
  patchCount,
  type ListDependencies,
} from '../src/modules/publications/list-dependencies.ts';

// Whether a logged change may alter a remembered list value: the list's own rules applied to the publication before
// and after the change. A miss here would serve a stale answer, so every filter is tried both ways.

const STATE: PublicationState = {
  id: 'p1',
  status: 1,
  visible: true,
  author: 'u1',
  typed: 'market',
  country: 'arg',
  province: 'cordoba',
  city: 'cba-city',
  labels: ['Vidrios', 'Plásticos'],
  date: '2026-07-10T18:00:00.000Z',
  words: 'frasc vidri limpi tap',
};

const published = (filters: Partial<NonNullable<ListDependencies['filters']>> = {}, words: string[] = []) =>
  ({
    filters: { status: 'published', ...filters },
    searches: [words.map((word) => [word])],
    vocabulary: [],
  }) satisfies ListDependencies;

const inserted = (state: Partial<PublicationState> = {}): ListChange => ({
  kind: 'publication',
  before: null,
  after: { ...STATE, ...state },
});

/** A change of the publication from one state to another (null: not there). */
const moved = (
  before: Partial<PublicationState> | null,
  after: Partial<PublicationState> | null,
): ListChange => ({
  kind: 'publication',
  before: before === null ? null : { ...STATE, ...before },
  after: after === null ? null : { ...STATE, ...after },
});

describe('what a change alters', () => {
  it('follows each filter: status, visibility, category, place, labels, author, dates', () => {
    expect(affects(published(), inserted())).toBe(true);
    expect(affects(published(), inserted({ status: 0 }))).toBe(false);
    expect(affects(published(), inserted({ visible: false }))).toBe(false);
    expect(affects({ ...published(), filters: { status: 'pending' } }, inserted({ status: 0 }))).toBe(true);
    expect(affects({ ...published(), filters: { status: 'all' } }, inserted({ status: 0 }))).toBe(true);
    expect(affects(published({ typed: 'market' }), inserted())).toBe(true);
    expect(affects(published({ typed: 'dots' }), inserted())).toBe(false);
    expect(affects(published({ country: 'col' }), inserted())).toBe(false);
    expect(affects(published({ country: 'arg', province: 'cordoba', city: 'cba-city' }), inserted())).toBe(
      true,
    );
    expect(affects(published({ country: 'arg', province: 'baires' }), inserted())).toBe(false);
    expect(affects(published({ city: 'villa-maria' }), inserted())).toBe(false);
    expect(affects(published({ city: 'cba-city' }), inserted({ city: null }))).toBe(false);
    expect(affects(published({ labels: ['Telgopor', 'Vidrios'] }), inserted())).toBe(true);
    expect(affects(published({ labels: ['Telgopor'] }), inserted())).toBe(false);
    expect(affects(published({ authorId: 'u1' }), inserted())).toBe(true);
    expect(affects(published({ authorId: 'u2' }), inserted())).toBe(false);
    expect(affects(published({ startsFrom: '2026-07-01T00:00:00.000Z' }), inserted())).toBe(true);
    expect(affects(published({ startsFrom: '2026-07-11T00:00:00.000Z' }), inserted())).toBe(false);
    expect(affects(published({ startsBefore: '2026-07-10T18:00:00.000Z' }), inserted())).toBe(false);
    expect(affects(published({ startsFrom: '2026-07-01T00:00:00.000Z' }), inserted({ date: null }))).toBe(
      false,
    );
  });

  it('follows an area by the logged point, edges included; a point not logged may be anywhere', () => {
    // A map of Bogotá, and publications in Córdoba, in Bogotá, on its edges, without a point, and logged without one.
    const bogota = { minLng: -74.3, minLat: 4.4, maxLng: -73.9, maxLat: 4.9 };
    const area = published({ bbox: bogota });
    expect(affects(area, inserted({ lat: -31.4167, lng: -64.1836 }))).toBe(false);
    expect(affects(area, inserted({ lat: 4.711, lng: -74.0721 }))).toBe(true);
    expect(affects(area, inserted({ lat: 4.9, lng: -74.3 }))).toBe(true);
    expect(affects(area, inserted({ lat: 4.4, lng: -73.9 }))).toBe(true);
    expect(affects(area, inserted({ lat: 4.900000000000001, lng: -74 }))).toBe(false);
    expect(affects(area, inserted({ lat: 4.6, lng: -74.30000000000001 }))).toBe(false);
    expect(affects(area, inserted({ lat: null, lng: null }))).toBe(false);
    expect(affects(area, inserted({ lat: 4.711, lng: null }))).toBe(false);
    expect(affects(area, inserted())).toBe(true);
    expect(affects(area, inserted({ lat: 4.711 }))).toBe(true);
    // The other filters still apply to a point inside; without an area the point does not matter.
    expect(affects(published({ bbox: bogota, typed: 'dots' }), inserted({ lat: 4.711, lng: -74.0721 }))).toBe(
      false,
    );
    expect(affects(published(), inserted({ lat: null, lng: null }))).toBe(true);
    // Moving into the area or out of it alters it; moving elsewhere outside does not.
    const cordoba = { ...STATE, lat: -31.4167, lng: -64.1836 };
    const moved = (lat: number | null, lng: number | null): ListChange => ({
      kind: 'publication',
      before: cordoba,
      after: { ...cordoba, lat, lng },
    });
    expect(affects(area, moved(4.711, -74.0721))).toBe(true);
    expect(affects(area, moved(-34.6, -58.42))).toBe(false);
    expect(affects(area, moved(null, null))).toBe(false);
    expect(
      affects(area, { kind: 'publication', before: { ...cordoba, lat: 4.711, lng: -74.0721 }, after: null }),
    ).toBe(true);
    // Near orders and open=now reads opening hours (not logged): neither narrows what may alter a list.
    expect(
      affects(published({ near: { lat: 4.711, lng: -74.0721 } }), inserted({ lat: null, lng: null })),
    ).toBe(true);
    expect(
      affects(
        published({ bbox: bogota, openAt: { arg: 600, col: 540 } }),
        inserted({ lat: 4.711, lng: -74.0721 }),
      ),
    ).toBe(true);
  });

  it('follows the words: every group must begin one of the tokens', () => {
    expect(affects(published({}, ['vidri']), inserted())).toBe(true);
    expect(affects(published({}, ['vid']), inserted())).toBe(true);
    expect(affects(published({}, ['vidri', 'tap']), inserted())).toBe(true);
    expect(affects(published({}, ['vidri', 'carton']), inserted())).toBe(false);
    expect(affects(published({}, ['idri']), inserted())).toBe(false);
    const either = { ...published(), searches: [[['carton', 'frasc']]] };
    expect(affects(either, inserted())).toBe(true);
    // A value that depends on two searches (the words and their correction) follows both.
    const corrected = { ...published(), searches: [[['vidro']], [['vidri']]] };
    expect(affects(corrected, inserted())).toBe(true);
  });

  it('looks at the publication before and after: leaving a list alters it too', () => {
    const moved: ListChange = {
      kind: 'publication',
      before: STATE,
      after: { ...STATE, typed: 'dots', words: 'mes pin' },
    };
    expect(affects(published({ typed: 'market' }), moved)).toBe(true);
    expect(affects(published({ typed: 'dots' }, ['mes']), moved)).toBe(true);
    expect(affects(published({ typed: 'dots' }, ['vidri']), moved)).toBe(false);
    expect(affects(published({}, ['frasc']), { kind: 'publication', before: STATE, after: null })).toBe(true);
  });

  it('follows the cards a value shows, new words for corrections, and resets', () => {
    const shown = { ...published({ typed: 'dots' }), shown: { ids: ['p9'], authors: ['u9'] } };
    expect(affects(shown, { kind: 'files', id: 'p9' })).toBe(true);
    expect(affects(shown, { kind: 'files', id: 'p1' })).toBe(false);
    expect(affects(shown, { kind: 'author', id: 'u9' })).toBe(true);
    expect(affects(shown, { kind: 'author', id: 'u1' })).toBe(false);
    expect(affects(shown, { kind: 'reset' })).toBe(true);

    // The corrections of 'vidro' (no known word begins it): a new word begins it or resembles it enough.
    const corrections: ListDependencies = { filters: null, searches: [], vocabulary: ['vidro'] };
    expect(affects(corrections, inserted({ status: 0 }))).toBe(true);
    expect(affects(corrections, { kind: 'publication', before: STATE, after: { ...STATE, status: 0 } })).toBe(
      false,
    );
    expect(
      affects(corrections, {
        kind: 'publication',
        before: STATE,
        after: { ...STATE, words: 'frasc vidros' },
      }),
    ).toBe(true);
    expect(
      affects(corrections, {
        kind: 'publication',
        before: STATE,
        after: { ...STATE, words: 'frasc vidrer' },
      }),
    ).toBe(true);
    // A new word like no search word of the value leaves its corrections alone, whatever its filters.
    expect(
      affects(corrections, {
        kind: 'publication',
        before: STATE,
        after: { ...STATE, words: 'frasc granel' },
      }),
    ).toBe(false);
    expect(affects(corrections, inserted({ words: 'compost lombric' }))).toBe(false);
    // Short words are never corrected: no new word changes anything for them.
    expect(affects({ ...corrections, vocabulary: ['vid'] }, inserted({ words: 'vidri vido' }))).toBe(false);
  });

  it('reads the logged JSON of both dialects, and anything unreadable as a reset', () => {
    const sqliteRow = JSON.stringify({ kind: 'publication', before: null, after: { ...STATE, visible: 1 } });
    expect(parseChange(sqliteRow)).toEqual({ kind: 'publication', before: null, after: STATE });
    const placed = JSON.stringify({
      kind: 'publication',
      before: { ...STATE, visible: 0, lat: 0.30000000000000004, lng: -74.07209999999999 },
      after: { ...STATE, lat: null, lng: null },
    });
    expect(parseChange(placed)).toEqual({
      kind: 'publication',
      before: { ...STATE, visible: false, lat: 0.30000000000000004, lng: -74.07209999999999 },
      after: { ...STATE, lat: null, lng: null },
    });
    expect(parseChange('{"kind":"files","id":"p1"}')).toEqual({ kind: 'files', id: 'p1' });
    expect(parseChange('{"kind":"files"}')).toEqual({ kind: 'reset' });
    expect(parseChange('not json')).toEqual({ kind: 'reset' });
    expect(parseChange('{"kind":"something new"}')).toEqual({ kind: 'reset' });
  });
});

describe('which changes leave a near-me page in its order (its hint)', () => {
  const HERE = { lat: -31.42, lng: -64.18 };
  /** A point about `km` north of HERE. */
  const north = (km: number) => ({ lat: HERE.lat + km / 111.195, lng: HERE.lng });
  /** A page whose last row is north(4), as the database measured it. */
  const lastKm = distanceKm(HERE, north(4));
  const page = (deps: Partial<ListDependencies> = {}): ListDependencies => ({
    ...published({ country: 'arg' }),
    shown: { ids: ['a', 'b'], authors: ['u1'] },
    nearOrder: { near: HERE, ids: ['a', 'b'], distances: [1, lastKm], lastKm },
    ...deps,
  });

  it('keeps it for a publication without a point, farther than its last row, or outside the list', () => {
    expect(keepsOrder(page(), inserted({ lat: null, lng: null }))).toBe(true);
    expect(keepsOrder(page(), inserted(north(4.5)))).toBe(true);
    expect(keepsOrder(page(), inserted({ country: 'col', ...north(0.5) }))).toBe(true);
    expect(keepsOrder(page(), moved({ lat: null, lng: null }, null))).toBe(true);
    expect(keepsOrder(page(), moved(north(9), north(5)))).toBe(true);
    // Cards are read again with the page: their images and authors never change its order.
    expect(keepsOrder(page(), { kind: 'files', id: 'a' })).toBe(true);
    expect(keepsOrder(page(), { kind: 'author', id: 'u1' })).toBe(true);
  });

  it('drops it for a publication as near as its last row, before or after, or one whose point is not logged', () => {
    expect(keepsOrder(page(), inserted(north(3.9)))).toBe(false);
    // A tie is ordered by age: as good as nearer.
    expect(keepsOrder(page(), inserted(north(4)))).toBe(false);
    expect(keepsOrder(page(), moved(north(2), north(30)))).toBe(false);
    expect(keepsOrder(page(), moved(north(2), null))).toBe(false);
    expect(keepsOrder(page(), moved(north(30), north(1)))).toBe(false);
    expect(keepsOrder(page(), moved(north(2), { ...north(2), visible: false }))).toBe(false);
    expect(keepsOrder(page(), inserted({}))).toBe(false);
    expect(keepsOrder(page(), { kind: 'reset' })).toBe(false);
  });

  it('keeps nothing for a value without an order, or a page whose search corrections a new word may change', () => {
    expect(keepsOrder(published(), inserted({ lat: null, lng: null }))).toBe(false);
    expect(keepsOrder(published(), { kind: 'files', id: 'a' })).toBe(false);
    const corrected = page({ vocabulary: ['frascoz'] });
    expect(keepsOrder(corrected, inserted({ lat: null, lng: null, words: 'frascoz' }))).toBe(false);
  });
});

describe('a remembered count after a change (patchCount)', () => {
  it('adds a publication that enters the filters and takes away one that leaves them', () => {
    const cordoba = published({ country: 'arg', province: 'cordoba', labels: ['Vidrios'] });
    expect(patchCount(cordoba, 10, moved({ status: 0 }, {}))).toBe(11);
    expect(patchCount(cordoba, 10, moved({}, { visible: false }))).toBe(9);
    expect(patchCount(cordoba, 10, moved({}, null))).toBe(9);
    expect(patchCount(cordoba, 10, moved({}, { province: 'baires' }))).toBe(9);
    expect(patchCount(cordoba, 10, moved({ labels: [] }, { labels: ['Papel', 'Vidrios'] }))).toBe(11);
    expect(
      patchCount(cordoba, 10, moved({}, { title: 'otro', words: 'otr' } as Partial<PublicationState>)),
    ).toBe(10);
    expect(patchCount(cordoba, 10, moved(null, { status: 0 }))).toBe(10);
    expect(patchCount(published({ typed: 'dots' }), 4, moved({ typed: 'dots' }, {}))).toBe(3);
    expect(patchCount({ ...published(), filters: { status: 'pending' } }, 2, moved({ status: 0 }, {}))).toBe(
      1,
    );
    expect(
      patchCount({ ...published(), filters: { status: 'all', authorId: 'u1' } }, 5, moved(null, {})),
    ).toBe(6);
  });

  it('cannot tell a count with words, an area, a point, opening hours or dates, nor a change of anything else', () => {
    expect(patchCount(published({}, ['frasc']), 3, moved(null, {}))).toBeUndefined();
    const box = { minLat: -35, maxLat: -30, minLng: -66, maxLng: -60 };
    expect(patchCount(published({ bbox: box }), 3, moved(null, {}))).toBeUndefined();
    expect(patchCount(published({ near: { lat: -31.4, lng: -64.2 } }), 3, moved(null, {}))).toBeUndefined();
    expect(patchCount(published({ openAt: { arg: 600, col: 600 } }), 3, moved(null, {}))).toBeUndefined();
    expect(
      patchCount(published({ endsFrom: '2026-07-01T00:00:00.000Z' }), 3, moved(null, {})),
    ).toBeUndefined();
    expect(patchCount({ ...published(), vocabulary: ['frascoz'] }, 3, moved(null, {}))).toBeUndefined();
    expect(patchCount(published(), 3, { kind: 'reset' })).toBeUndefined();
    expect(patchCount(published(), 3, { kind: 'files', id: 'p1' })).toBeUndefined();
  });
});
