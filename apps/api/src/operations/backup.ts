import { chmod, cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { SQLITE_FILE_NAME } from '../db/database.ts';
import { copyMedia } from '../modules/media/copy-media.ts';
import { createLocalStorage, type MediaStorage } from '../modules/media/storage.ts';
import { SECRET_KEY_FILE } from '../secret-key-file.ts';

// Backups of the embedded installation: the SQLite database and the media files of DATA_DIR (or of the bucket, with
// MEDIA_S3_BUCKET: downloaded into the backup's media folder, and uploaded back by a restore). PostgreSQL sites back
// their database up with pg_dump (README) and copy the media with --media-only.

export const MANIFEST_FILE = 'backup.json';
export const MEDIA_FOLDER = 'media';

export type BackupManifest = {
  format: 1;
  /** When the database snapshot was taken: every write acknowledged before it is in the backup. */
  createdAt: string;
  /** The SQLite file of the backup, or 'none' for a media-only backup (PostgreSQL). */
  database: string;
  mediaFiles: number;
};

/** A problem the operator can fix; its message says how. */
export class OperationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperationError';
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if (isMissing(error)) return true;
    throw error;
  }
}

async function countFiles(dir: string): Promise<number> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).length;
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
}

/** Copies the files of `from` that `to` does not have yet (a media file never changes once written). */
async function copyNewFiles(from: string, to: string): Promise<void> {
  if (!(await exists(from))) return;
  await cp(from, to, {
    recursive: true,
    force: false,
    errorOnExist: false,
    preserveTimestamps: true,
    // A write in progress (storage.save renames its temporary file into place) is not part of the site yet.
    filter: (source) => !source.endsWith('.tmp'),
  });
}

/** Copies the media the backup does not have yet: from the folder with cp, from a bucket through the storage. */
async function backUpMedia(
  options: { mediaDir: string; storage?: MediaStorage },
  media: string,
): Promise<void> {
  if (options.storage?.kind === 's3') {
    await copyMedia(options.storage, createLocalStorage(media));
    return;
  }
  await copyNewFiles(options.mediaDir, media);
}

/**
 * Takes a consistent copy of a running site's SQLite database and its media into `target` (new or empty). The
 * database is copied with VACUUM INTO, which reads one snapshot while the server goes on writing (WAL mode), so the
 * copy holds every write committed before it began. Media files are copied before and after the snapshot: an image
 * is written before its row and removed only after its row is gone, so each image a row of the snapshot refers to
 * is caught by one of the two passes.
 */
export async function backupSqlite(options: {
  dataDir: string;
  mediaDir: string;
  target: string;
  /** PostgreSQL sites: only the media files (the database goes through pg_dump). */
  mediaOnly?: boolean;
  /** The site's media storage; a bucket's objects are downloaded (the folder is copied with cp). */
  storage?: MediaStorage;
}): Promise<BackupManifest> {
  const source = path.join(options.dataDir, SQLITE_FILE_NAME);
  if (options.mediaOnly !== true && !(await exists(source))) {
    throw new OperationError(`No database found at ${source}: start the server once, or set DATA_DIR.`);
  }
  if (!(await isEmptyOrMissing(options.target))) {
    throw new OperationError(`${options.target} is not empty: choose a new folder for the backup.`);
  }
  await mkdir(options.target, { recursive: true });
  const media = path.join(options.target, MEDIA_FOLDER);
  await backUpMedia(options, media);

  const createdAt = new Date().toISOString();
  if (options.mediaOnly === true) {
    await backUpMedia(options, media);
    const manifest: BackupManifest = {
      format: 1,
      createdAt,
      database: 'none',
      mediaFiles: await countFiles(media),
    };
    await writeFile(path.join(options.target, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  }
  const copy = path.join(options.target, SQLITE_FILE_NAME);
  const database = new DatabaseSync(source, { timeout: 10_000 });
  try {
    database.prepare('vacuum into ?').run(copy);
  } finally {
    database.close();
  }
  const check = new DatabaseSync(copy, { readOnly: true });
  try {
    const result = check.prepare('pragma integrity_check').get() as Record<string, unknown> | undefined;
    if (result?.integrity_check !== 'ok') {
      throw new OperationError(
        `The copy of the database failed its integrity check: ${String(result?.integrity_check)}`,
      );
    }
  } finally {
    check.close();
  }

  await backUpMedia(options, media);
  // The generated secret (when SECRET_KEY is not set) signed the links and sealed the tokens of this database.
  const secret = path.join(options.dataDir, SECRET_KEY_FILE);
  if (await exists(secret)) {
    await cp(secret, path.join(options.target, SECRET_KEY_FILE));
    await chmod(path.join(options.target, SECRET_KEY_FILE), 0o600);
  }
  const manifest: BackupManifest = {
    format: 1,
    createdAt,
    database: SQLITE_FILE_NAME,
    mediaFiles: await countFiles(media),
  };
  await writeFile(path.join(options.target, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), 'utf8'));
  } catch {
    throw new OperationError(`${dir} is not a backup of this site (no readable ${MANIFEST_FILE}).`);
  }
  const manifest = parsed as Partial<BackupManifest>;
  if (manifest.format !== 1 || manifest.database !== SQLITE_FILE_NAME) {
    throw new OperationError(`${dir} holds a backup this version cannot restore.`);
  }
  if (!(await exists(path.join(dir, SQLITE_FILE_NAME)))) {
    throw new OperationError(`${dir} has no ${SQLITE_FILE_NAME}: the backup is incomplete.`);
  }
  return manifest as BackupManifest;
}

/**
 * Puts a backup back in place; the server must be stopped. What was there is kept next to it, renamed
 * `*.before-restore-<time>`, so that a restore never destroys anything.
 */
export async function restoreSqlite(options: {
  dataDir: string;
  mediaDir: string;
  source: string;
  /** The site's media storage: into a bucket, the backup's objects it lacks are uploaded, and nothing is removed. */
  storage?: MediaStorage;
}): Promise<{ manifest: BackupManifest; kept: string[] }> {
  const manifest = await readManifest(options.source);
  const target = path.join(options.dataDir, SQLITE_FILE_NAME);
  await mkdir(options.dataDir, { recursive: true });

  if (await exists(target)) {
    const current = new DatabaseSync(target, { timeout: 0 });
    try {
      // A server in the middle of a write holds the lock (an idle one cannot be detected: stop it first). The
      // checkpoint folds the write-ahead log into the file, so the file kept aside is whole on its own.
      current.exec('begin immediate');
      current.exec('rollback');
      current.exec('pragma wal_checkpoint(truncate)');
    } catch {
      throw new OperationError('The database is in use: stop the server before restoring.');
    } finally {
      current.close();
    }
  }

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const kept: string[] = [];
  async function keep(file: string): Promise<void> {
    if (!(await exists(file))) return;
    await rename(file, `${file}.before-restore-${stamp}`);
    kept.push(`${file}.before-restore-${stamp}`);
  }
  await keep(target);
  for (const suffix of ['-wal', '-shm']) await rm(`${target}${suffix}`, { force: true });
  const bucket = options.storage?.kind === 's3' ? options.storage : undefined;
  if (bucket === undefined) await keep(options.mediaDir);

  await cp(path.join(options.source, SQLITE_FILE_NAME), target);
  const secret = path.join(options.source, SECRET_KEY_FILE);
  if (await exists(secret)) {
    await keep(path.join(options.dataDir, SECRET_KEY_FILE));
    await cp(secret, path.join(options.dataDir, SECRET_KEY_FILE));
    await chmod(path.join(options.dataDir, SECRET_KEY_FILE), 0o600);
  }
  if (bucket !== undefined) {
    // A bucket cannot be set aside like a folder; media names never change content, so uploading what it lacks
    // leaves it holding every image the restored database shows (and the sweep removes unused uploads later).
    await copyMedia(createLocalStorage(path.join(options.source, MEDIA_FOLDER)), bucket);
    return { manifest, kept };
  }
  await mkdir(options.mediaDir, { recursive: true });
  await copyNewFiles(path.join(options.source, MEDIA_FOLDER), options.mediaDir);
  return { manifest, kept };
}
