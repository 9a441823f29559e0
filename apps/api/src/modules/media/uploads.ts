import type { MediaStorage } from './storage.ts';

// POST /api/media stores a member's image as `uploads/{userId}/<name>.webp` with a `<name>.sm.webp` thumbnail.
// Whatever a member shows (a publication's images, a profile picture) must be one of their own uploads: never
// another member's file and never an outside address (a tracking pixel shown to every visitor).

const UPLOAD_KEY = /^uploads\/[^/]+\/[^/]+\.webp$/;
const THUMBNAIL = /\.sm\.webp$/;

/** The storage key of an uploaded image (not a thumbnail) behind `url`, or null for anything else. */
export function uploadKeyOf(storage: MediaStorage, url: string): string | null {
  const key = storage.keyFromUrl(url);
  return key !== null && UPLOAD_KEY.test(key) && !THUMBNAIL.test(key) ? key : null;
}

/** The storage key when `url` is an image that `userId` uploaded, otherwise null. */
export function ownUploadKeyOf(storage: MediaStorage, url: string, userId: string): string | null {
  const key = uploadKeyOf(storage, url);
  return key?.startsWith(`uploads/${userId}/`) ? key : null;
}

/** Whether `url` is an image that `userId` uploaded. */
export function isOwnUpload(storage: MediaStorage, url: string, userId: string): boolean {
  return ownUploadKeyOf(storage, url, userId) !== null;
}

/** The keys of an upload and of its thumbnail, to remove them together. */
export function uploadFileKeys(key: string): [string, string] {
  const base = key.replace(/(\.sm)?\.webp$/, '');
  return [`${base}.webp`, `${base}.sm.webp`];
}
