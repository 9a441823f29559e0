import { createHash } from 'node:crypto';
import type { MediaStorage, StoredObject } from './storage.ts';

export type CopyResult = {
  /** Objects written to the destination. */
  copied: number;
  /** Objects the destination already had, the same size (and, where it reports one, the same MD5 ETag). */
  skipped: number;
  /** Bytes written. */
  bytes: number;
};

export type CopyOptions = {
  /** Only keys under this folder ('' for all). */
  prefix?: string;
  /** Objects copied at once (each one is read whole into memory: media are at most a few megabytes). */
  concurrency?: number;
  /** Called after each object, for progress lines. */
  onObject?: (key: string, outcome: 'copied' | 'skipped') => void;
};

/** A single-part upload's ETag is the MD5 of its bytes; a multipart one (with '-') is not, and is not compared. */
const MD5_ETAG = /^"?([0-9a-f]{32})"?$/;

function sameObject(source: StoredObject, target: StoredObject | null, bytes: () => Buffer | null): boolean {
  if (target === null || target.size !== source.size) return false;
  const md5 = target.etag === undefined ? null : MD5_ETAG.exec(target.etag)?.[1];
  if (md5 === undefined || md5 === null) return true;
  const content = bytes();
  return content !== null && createHash('md5').update(content).digest('hex') === md5;
}

/**
 * Copies every object of `from` (under `prefix`) that `to` does not have yet. Media never change once written
 * (new content gets a new name), so an object of the same size and MD5 is the same object and is skipped: running
 * it again after an interruption resumes where it stopped, and running it twice copies nothing the second time.
 * Nothing is ever deleted from `to`. A temporary file of a write in progress (local `*.tmp`) is not media.
 */
export async function copyMedia(
  from: MediaStorage,
  to: MediaStorage,
  { prefix = '', concurrency = 8, onObject }: CopyOptions = {},
): Promise<CopyResult> {
  const result: CopyResult = { copied: 0, skipped: 0, bytes: 0 };
  const running = new Set<Promise<void>>();
  let failure: unknown;

  async function copyOne(source: StoredObject): Promise<void> {
    const target = await to.head(source.key);
    let content: Buffer | null = null;
    const needsContent = target?.etag !== undefined && target.size === source.size;
    if (needsContent) content = await from.read(source.key);
    if (sameObject(source, target, () => content)) {
      result.skipped += 1;
      onObject?.(source.key, 'skipped');
      return;
    }
    content ??= await from.read(source.key);
    // Removed from the source since it was listed (a deleted upload): nothing to copy.
    if (content === null) return;
    await to.save(source.key, content, contentTypeOf(source.key));
    result.copied += 1;
    result.bytes += content.length;
    onObject?.(source.key, 'copied');
  }

  for await (const source of from.list(prefix)) {
    if (source.key.endsWith('.tmp')) continue;
    if (failure !== undefined) break;
    const task = copyOne(source).catch((error: unknown) => {
      failure ??= error;
    });
    running.add(task);
    void task.finally(() => running.delete(task));
    if (running.size >= concurrency) await Promise.race(running);
  }
  await Promise.all(running);
  if (failure !== undefined) throw failure;
  return result;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

/** What a bucket should answer for the key: the site only writes WebP, older folders may hold other images. */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
