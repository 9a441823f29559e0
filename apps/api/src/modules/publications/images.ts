import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { MediaStorage } from '../media/storage.ts';
import { createUploadFiles, isUploadKey } from '../media/uploads.ts';
import { INVALID_FILE_MESSAGE } from './messages.ts';

// The images of a publication are the user's uploads (POST /api/media answers `uploads/{userId}/<name>.webp` and a
// `<name>.sm.webp` thumbnail). The demo content's images live under `demo/` and may be shared by several
// publications: only uploads are ever deleted, and only once nothing shows them any more.

export type PublicationImages = {
  /**
   * Refuses (400 'El archivo es incorrecto') any URL that is neither one of the actor's own uploads nor an image the
   * publication already has (`kept`).
   */
  check(urls: readonly string[], actorId: string, kept?: readonly string[]): void;
  /**
   * Deletes the uploads among `urls` (and their thumbnails) that no publication nor profile shows any more; call it
   * once the change has committed.
   */
  release(urls: readonly string[]): Promise<void>;
};

export function createPublicationImages(
  db: DB,
  storage: MediaStorage,
  log: FastifyBaseLogger,
): PublicationImages {
  const uploads = createUploadFiles(db, storage, log);

  function isOwnUpload(url: string, userId: string): boolean {
    const key = storage.keyFromUrl(url);
    return key !== null && key.startsWith(`uploads/${userId}/`) && isUploadKey(key);
  }

  return {
    check(urls, actorId, kept = []) {
      const known = new Set(kept);
      for (const url of urls) {
        if (!known.has(url) && !isOwnUpload(url, actorId)) throw new HttpError(400, INVALID_FILE_MESSAGE);
      }
    },

    release: uploads.release,
  };
}
