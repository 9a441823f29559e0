import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createListMix, KINDS_BEFORE_PLACES, mixKindsOf } from '../../../scripts/lib/bench-mix.ts';
import { testDialect } from './helpers/test-app.ts';

// The bench's list mix (scripts/lib/bench-mix.ts) and BENCH_MIX_KINDS: decision 021's figures were measured on the
// mix before issue 24 added near-me and maps, so `before-places` must ask exactly those requests again, and adding
// the option must not change the whole mix. The hashes were read from the mix's file before issue 24 (1c9e802^) and
// before this option. Nothing here touches a database: once, on the SQLite project.

const hashOf = (requests: readonly { path: string }[]) =>
  createHash('sha256')
    .update(requests.map((request) => request.path).join('\n'))
    .digest('hex');

describe.runIf(testDialect === 'sqlite')('the bench list mix', () => {
  it('asks the requests of the mix before near-me and maps, in the same sequence, with before-places', () => {
    const mix = createListMix(2026, undefined, mixKindsOf('before-places'));
    expect(hashOf(mix.requests)).toBe('07102b520f81f9b5e48008b89f2e9c3f34fb352db31e1abf1d6bd62828816363');
    expect(hashOf(mix.sequence(20_000))).toBe(
      '6e678ac9c0e63aefac2f2d9189ae797928c60b2bbbae684d532386aae3429d8d',
    );
    expect(mix.requests.some((request) => request.kind === 'map' || request.kind === 'near me')).toBe(false);
  });

  it('keeps the whole mix as it was without the option', () => {
    expect(mixKindsOf(undefined)).toEqual(mixKindsOf(''));
    expect(hashOf(createListMix(2026, undefined, mixKindsOf(undefined)).sequence(20_000))).toBe(
      'f4f75f1b9885cec1a5a32ca8642c9accd5e9a657b8690dacab879cf354becbb7',
    );
  });

  it('draws only the kinds named, and refuses a kind it does not know', () => {
    const kinds = mixKindsOf('map, near me');
    expect(kinds).toEqual(['map', 'near me']);
    const mix = createListMix(2026, 200, kinds);
    expect(new Set(mix.requests.map((request) => request.kind))).toEqual(new Set(['map', 'near me']));
    expect(mix.requests).toHaveLength(200);
    expect(KINDS_BEFORE_PLACES).not.toContain('map');
    expect(() => mixKindsOf('text,maps')).toThrow(/unknown: maps/);
  });
});
