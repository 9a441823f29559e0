import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema.ts';
import type { MediaStorage } from './storage.ts';

// The uploads table knows every image POST /media stored and whose it is. An upload is "in use" while a publication
// or a profile shows it; files of uploads nobody uses are removed after the database change that freed them has
// committed, and whatever could not be removed then is left to the sweep (sweep.ts).

const UPLOAD_KEY = /^uploads\/[^/]+\/[^/]+\.webp$/;
const THUMBNAIL = /\.sm\.webp$/;

/** Whether the key is an uploaded image (not its thumbnail, not demo content). */
export function isUploadKey(key: string): boolean {
  return UPLOAD_KEY.test(key) && !THUMBNAIL.test(key);
}

/** `uploads/u/x.webp` → `uploads/u/x.sm.webp`. */
export function thumbnailKeyOf(key: string): string {
  return key.replace(/\.webp$/, '.sm.webp');
}

export async function recordUpload(
  db: DB,
  upload: { url: string; key: string; userId: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('uploads')
    .values({ url: upload.url, key: upload.key, user_id: upload.userId, created_at: upload.createdAt })
    .execute();
}

/** Whether `url` is an image the member uploaded themselves (never a thumbnail, another member's or an outside URL). */
export async function isOwnUpload(db: DB, userId: string, url: string): Promise<boolean> {
  const row = await db
    .selectFrom('uploads')
    .select('url')
    .where('url', '=', url)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The URLs among `urls` that a publication or a profile shows. */
export async function urlsInUse(db: DB, urls: readonly string[]): Promise<Set<string>> {
  const used = new Set<string>();
  for (let start = 0; start < urls.length; start += 500) {
    const batch = urls.slice(start, start + 500);
    const [files, pictures] = await Promise.all([
      db.selectFrom('publication_files').select('url').distinct().where('url', 'in', batch).execute(),
      db.selectFrom('users').select('picture_url as url').where('picture_url', 'in', batch).execute(),
    ]);
    for (const row of [...files, ...pictures]) if (row.url !== null) used.add(row.url);
  }
  return used;
}

export async function isImageInUse(db: DB, url: string): Promise<boolean> {
  return (await urlsInUse(db, [url])).has(url);
}

export type UploadFiles = {
  /**
   * For each uploaded image among `urls` that nothing shows any more: forgets it and deletes its files. Call it
   * after the change that freed them has committed. Never throws: a file that cannot be deleted is logged and left
   * to the sweep.
   */
  release(urls: readonly string[]): Promise<void>;
};

export function createUploadFiles(db: DB, storage: MediaStorage, log: FastifyBaseLogger): UploadFiles {
  async function releaseOne(url: string): Promise<void> {
    const key = storage.keyFromUrl(url);
    if (key === null || !isUploadKey(key)) return;
    try {
      if (await isImageInUse(db, url)) return;
      await db.deleteFrom('uploads').where('url', '=', url).execute();
      await Promise.all([storage.remove(key), storage.remove(thumbnailKeyOf(key))]);
    } catch (error) {
      // The change is already saved: a file left behind is not worth failing the request; the sweep retries.
      log.warn({ err: error, key }, 'Could not remove an unused upload; the sweep will retry');
    }
  }

  return {
    async release(urls) {
      for (const url of new Set(urls)) await releaseOne(url);
    },
  };
}
