import { Buffer } from 'node:buffer';

/**
 * `data` as bytes in memory of their own, for what a cache keeps for long. A small Buffer is a view into a shared
 * slab (Buffer's pool: 64 KB on Node 24) and zlib's output is a view into its 64 KB output chunk: kept, a 1.3 KB
 * compressed answer held 64 KB, out of sight of every byte budget (decision 021).
 */
export function ownedBytes(data: string | Buffer): Buffer {
  if (typeof data === 'string') {
    const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(data, 'utf8'));
    bytes.write(data, 'utf8');
    return bytes;
  }
  if (data.byteOffset === 0 && data.byteLength === data.buffer.byteLength) return data;
  const bytes = Buffer.allocUnsafeSlow(data.byteLength);
  data.copy(bytes);
  return bytes;
}
