import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What a storage knows of a stored object. */
export type StoredObject = {
  key: string;
  size: number;
  modifiedAt: Date;
  /** A bucket's ETag (the MD5 of a single-part upload, in quotes); the folder has none. */
  etag?: string;
};

/**
 * Where media live: the local folder (createLocalStorage) or an S3-compatible bucket (createS3Storage). Keys are
 * relative POSIX paths such as 'uploads/<userId>/<name>.webp'. The addresses stored in the database are always
 * `/media/<key>`, whatever the storage: moving the media to a bucket or behind a CDN changes no row.
 */
export type MediaStorage = {
  /** 'local' or 's3', for logs and the commands that copy media. */
  readonly kind: 'local' | 's3';
  /** Stores the bytes under the key, replacing what was there; readers never see a half-written file. */
  save(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Deletes the key; a key that does not exist is not an error. */
  remove(key: string): Promise<void>;
  /** Every stored key under the folder `prefix` (e.g. 'uploads'; '' for all), with its size and when it was written. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** The object's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Whether the key is stored, with its size; null when it is not. */
  head(key: string): Promise<StoredObject | null>;
  /** The address stored in the database for the key: `/media/<key>` (app.ts maps it to MEDIA_PUBLIC_URL). */
  publicUrl(key: string): string;
  /** The key of one of this storage's public URLs, or null for any other URL. */
  keyFromUrl(url: string): string | null;
  /** Throws when the storage cannot be used now (for /api/ready); a storage without it counts as reachable. */
  check?(): Promise<void>;
};

export const MEDIA_URL_PREFIX = '/media/';

const MAX_KEY_LENGTH = 512;

/** A key is relative, has no empty, '.' or '..' segment, and no backslash or control character. */
export function isValidMediaKey(key: string): boolean {
  if (key === '' || key.length > MAX_KEY_LENGTH) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(key) || key.startsWith('/')) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export function checkedKey(key: string): string {
  if (!isValidMediaKey(key)) throw new Error(`Invalid media key ${JSON.stringify(key)}`);
  return key;
}

/** `/media/<key>`, each segment URL-encoded: the address stored in the database. */
export function mediaUrlOf(key: string): string {
  return `${MEDIA_URL_PREFIX}${checkedKey(key).split('/').map(encodeURIComponent).join('/')}`;
}

/** The key of a `/media/…` address, or null for any other URL. */
export function mediaKeyOf(url: string): string | null {
  if (!url.startsWith(MEDIA_URL_PREFIX) || /[?#]/.test(url)) return null;
  let key: string;
  try {
    key = url.slice(MEDIA_URL_PREFIX.length).split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
  return isValidMediaKey(key) ? key : null;
}

/** The local-disk storage under mediaDir, whose files the server publishes at /media/. */
export function createLocalStorage(mediaDir: string): MediaStorage {
  const root = path.resolve(mediaDir);

  function fileOf(key: string): string {
    const file = path.resolve(root, ...checkedKey(key).split('/'));
    // Belt and braces: whatever the key, the file stays inside the media folder.
    if (!file.startsWith(`${root}${path.sep}`))
      throw new Error(`Media key ${JSON.stringify(key)} leaves the folder`);
    return file;
  }

  return {
    kind: 'local',
    // The content type only matters to object stores; on disk the extension tells the static server.
    async save(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async remove(key) {
      try {
        await unlink(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },

    async *list(prefix) {
      const folder = prefix === '' ? root : fileOf(prefix);
      let names: string[];
      try {
        names = await readdir(folder, { recursive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const name of names) {
        const relative = name.split(path.sep).join('/');
        const key = prefix === '' ? relative : `${prefix}/${relative}`;
        try {
          const info = await stat(path.join(folder, name));
          if (info.isFile()) yield { key, size: info.size, modifiedAt: info.mtime };
        } catch (error) {
          // Removed while we listed: nothing to report.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    },

    async read(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async head(key) {
      try {
        const info = await stat(fileOf(key));
        return info.isFile() ? { key, size: info.size, modifiedAt: info.mtime } : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    publicUrl: mediaUrlOf,
    keyFromUrl: mediaKeyOf,

    // A folder that vanished or turned read-only (a lost mount) makes every upload fail.
    async check() {
      await access(root, constants.R_OK | constants.W_OK);
    },
  };
}
