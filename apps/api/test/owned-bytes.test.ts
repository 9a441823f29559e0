import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ownedBytes } from '../src/owned-bytes.ts';
import { encodedCopy } from '../src/plugins/content-encoding.ts';

// What a cache keeps must hold only its own bytes: a view into Buffer's pool or into zlib's output chunk keeps the
// whole 64 KB slab alive, unseen by the caches' byte budgets.

const holdsOnlyItself = (bytes: Buffer) =>
  bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength;

const answer = JSON.stringify({
  publications: Array.from({ length: 20 }, (_, index) => ({
    id: index,
    title: `Botellas de vidrio ${index}`,
  })),
});

describe('bytes of their own', () => {
  it('copies text and views into memory of exactly their size', () => {
    const pooled = Buffer.from(answer);
    expect(holdsOnlyItself(pooled)).toBe(false);
    const fromText = ownedBytes(answer);
    const fromView = ownedBytes(pooled);
    expect(holdsOnlyItself(fromText)).toBe(true);
    expect(holdsOnlyItself(fromView)).toBe(true);
    expect(fromText.toString('utf8')).toBe(answer);
    expect(fromView.equals(pooled)).toBe(true);
    expect(ownedBytes('ñandú ♻').toString('utf8')).toBe('ñandú ♻');
  });

  it('keeps a buffer that already holds only itself', () => {
    const own = ownedBytes(answer);
    expect(ownedBytes(own)).toBe(own);
  });

  it('gives the remembered answers compressed copies of their own size', () => {
    const bytes = ownedBytes(answer);
    const br = encodedCopy(bytes, 'br');
    const gzip = encodedCopy(bytes, 'gzip');
    expect(holdsOnlyItself(br)).toBe(true);
    expect(holdsOnlyItself(gzip)).toBe(true);
    expect(br.length).toBeLessThan(bytes.length);
    expect(brotliDecompressSync(br).toString('utf8')).toBe(answer);
    expect(gunzipSync(gzip).toString('utf8')).toBe(answer);
    // Made once.
    expect(encodedCopy(bytes, 'br')).toBe(br);
  });
});
