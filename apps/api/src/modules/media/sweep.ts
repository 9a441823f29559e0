import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema.ts';
import type { MediaStorage } from './storage.ts';
import { isUploadKey, thumbnailKeyOf, urlsInUse } from './uploads.ts';

/** How long an upload may wait for the form that takes it (a publication or a profile) before it is swept. */
export const UPLOAD_GRACE_MS = 24 * 3_600_000;

export type SweepResult = {
  /** Recorded uploads that nothing took in time: forgotten and their files deleted. */
  unclaimed: number;
  /** Files under uploads/ without a record and not in use (a failed deletion, files older than the records). */
  strays: number;
  /** Deletions that failed (logged); the next sweep tries again. */
  failed: number;
};

type SweepOptions = { db: DB; storage: MediaStorage; log: FastifyBaseLogger; now?: Date; graceMs?: number };

/**
 * Deletes uploads older than the grace period that no publication nor profile shows. Two passes: the records of the
 * uploads table (each forgotten before its files go, so that a file never outlives its record unnoticed), then the
 * files on disk, which catches whatever a failed deletion left and anything stored before uploads were recorded.
 * Nothing younger than the grace period is touched, so an upload being made right now is safe.
 */
export async function sweepUploads({
  db,
  storage,
  log,
  now = new Date(),
  graceMs = UPLOAD_GRACE_MS,
}: SweepOptions): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - graceMs);
  const result: SweepResult = { unclaimed: 0, strays: 0, failed: 0 };

  async function removeFiles(key: string): Promise<boolean> {
    try {
      await Promise.all([storage.remove(key), storage.remove(thumbnailKeyOf(key))]);
      return true;
    } catch (error) {
      result.failed += 1;
      log.warn({ err: error, key }, 'Could not remove an unused upload; the next sweep will retry');
      return false;
    }
  }

  const unclaimed = await db
    .selectFrom('uploads as up')
    .select(['up.url', 'up.key'])
    .where('up.created_at', '<', cutoff.toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('publication_files as f').select('f.url').whereRef('f.url', '=', 'up.url'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('users as u').select('u.id').whereRef('u.picture_url', '=', 'up.url'))),
    )
    .execute();
  for (const { url, key } of unclaimed) {
    // Taken between the query and now? The conditional delete says.
    const deleted = await db
      .deleteFrom('uploads')
      .where('url', '=', url)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('publication_files').select('url').where('url', '=', url))),
      )
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('users').select('id').where('picture_url', '=', url))),
      )
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) continue;
    if (await removeFiles(key)) result.unclaimed += 1;
  }

  // Files: an image (and its thumbnail) or a lone thumbnail or temporary file, older than the cutoff.
  const old = new Map<string, string>();
  for await (const { key, modifiedAt } of storage.list('uploads')) {
    if (modifiedAt >= cutoff) continue;
    const image = key.endsWith('.sm.webp') ? key.replace(/\.sm\.webp$/, '.webp') : key;
    if (isUploadKey(image)) old.set(storage.publicUrl(image), image);
    else if (key.endsWith('.tmp')) old.set(`tmp:${key}`, key);
  }
  const candidates = [...old.keys()].filter((url) => !url.startsWith('tmp:'));
  const used = await urlsInUse(db, candidates);
  const recorded = new Set<string>();
  for (let start = 0; start < candidates.length; start += 500) {
    const rows = await db
      .selectFrom('uploads')
      .select('url')
      .where('url', 'in', candidates.slice(start, start + 500))
      .execute();
    for (const row of rows) recorded.add(row.url);
  }
  for (const [url, key] of old) {
    if (url.startsWith('tmp:')) {
      // A write that died halfway through (see storage.save).
      try {
        await storage.remove(key);
        result.strays += 1;
      } catch (error) {
        result.failed += 1;
        log.warn({ err: error, key }, 'Could not remove a leftover temporary file');
      }
      continue;
    }
    if (used.has(url) || recorded.has(url)) continue;
    if (await removeFiles(key)) result.strays += 1;
  }
  return result;
}
