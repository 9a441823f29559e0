import { spawn } from 'node:child_process';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { createMediaStorage } from '../src/modules/media/create-storage.ts';
import type { MediaStorage } from '../src/modules/media/storage.ts';
import { backdateMedia, mediaEnvOf, testMediaStorage } from './helpers/media-storage.ts';
import { sweepUploads, UPLOAD_GRACE_MS } from '../src/modules/media/sweep.ts';
import { isOwnUpload } from '../src/modules/media/uploads.ts';
import { housekeeping } from '../src/plugins/housekeeping.ts';
import { insertUser } from './helpers/accounts.ts';
import { captureLogs } from './helpers/log-capture.ts';
import {
  createActors,
  createPublication,
  mediaFileExists,
  uploadImage,
  validForm,
  type Actors,
  type ImageUrls,
} from './helpers/publications.ts';
import { createTestApp, createTestDatabase, type TestApp } from './helpers/test-app.ts';

const SWEEP_SCRIPT = path.resolve(import.meta.dirname, '../src/scripts/sweep-uploads.ts');
const DAY_AGO = new Date(Date.now() - UPLOAD_GRACE_MS - 60_000);

/** Makes an upload look a day and a minute old: its record and its files. */
async function backdate(subject: TestApp, image: ImageUrls): Promise<void> {
  await subject.database.db
    .updateTable('uploads')
    .set({ created_at: DAY_AGO.toISOString() })
    .where('url', '=', image.url)
    .execute();
  for (const url of [image.url, image.thumbnailUrl]) await backdateFile(subject, url.slice('/media/'.length));
}

async function backdateFile(subject: TestApp, key: string): Promise<void> {
  await backdateMedia(subject.config, key, DAY_AGO);
}

async function exists(subject: TestApp, image: ImageUrls): Promise<[boolean, boolean]> {
  return [await mediaFileExists(subject, image.url), await mediaFileExists(subject, image.thumbnailUrl)];
}

async function publish(subject: TestApp, actors: Actors, files: string[]): Promise<string> {
  return (await createPublication(subject.app, actors.author, validForm('market', files)))._id;
}

describe('uploads follow their owners', () => {
  let subject: TestApp;
  let actors: Actors;
  /** Fails the next `failures` removals, as a full or read-only disk would. */
  let failures = 0;
  const logs = captureLogs('warn');

  beforeAll(async () => {
    // The media storage (the folder or the bucket) is known once the app's configuration exists.
    const folder: { storage?: MediaStorage } = {};
    const local = () => folder.storage!;
    const flaky: MediaStorage = {
      kind: testMediaStorage,
      save: (...args) => local().save(...args),
      remove: async (key) => {
        if (failures > 0) {
          failures -= 1;
          throw Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' });
        }
        await local().remove(key);
      },
      list: (prefix) => local().list(prefix),
      read: (key) => local().read(key),
      head: (key) => local().head(key),
      publicUrl: (key) => local().publicUrl(key),
      keyFromUrl: (url) => local().keyFromUrl(url),
    };
    subject = await createTestApp({ mediaStorage: flaky, logger: logs.logger });
    folder.storage = createMediaStorage(subject.config);
    actors = await createActors(subject.database.db);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('records each upload with its owner: isOwnUpload says whose it is', async () => {
    const { db } = subject.database;
    const image = await uploadImage(subject.app, actors.author);
    const row = await db.selectFrom('uploads').selectAll().where('url', '=', image.url).executeTakeFirst();
    expect(row).toMatchObject({ url: image.url, user_id: actors.author.id });

    expect(await isOwnUpload(db, actors.author.id, image.url)).toBe(true);
    expect(await isOwnUpload(db, actors.other.id, image.url)).toBe(false);
    expect(await isOwnUpload(db, actors.superUser.id, image.url)).toBe(false);
    expect(await isOwnUpload(db, actors.author.id, image.thumbnailUrl)).toBe(false);
    expect(await isOwnUpload(db, actors.author.id, 'https://tracker.example/pixel.gif')).toBe(false);
    expect(await isOwnUpload(db, actors.author.id, `${image.url}?x=1`)).toBe(false);
  });

  it('sweeps only the uploads nothing took within 24 hours, and files without a record', async () => {
    const { db } = subject.database;
    const storage = subject.app.mediaStorage;
    const unclaimed = await uploadImage(subject.app, actors.author);
    const inPublication = await uploadImage(subject.app, actors.author);
    const asPicture = await uploadImage(subject.app, actors.other);
    const fresh = await uploadImage(subject.app, actors.author);
    await publish(subject, actors, [inPublication.url]);
    await db
      .updateTable('users')
      .set({ picture_url: asPicture.url })
      .where('id', '=', actors.other.id)
      .execute();
    for (const image of [unclaimed, inPublication, asPicture]) await backdate(subject, image);

    // Files the records do not know: an old stray (left by a failed deletion), a fresh one, a dead temporary file.
    const oldStray = `uploads/${actors.author.id}/1-stray.webp`;
    const freshStray = `uploads/${actors.author.id}/2-stray.webp`;
    const deadTemporary = `uploads/${actors.author.id}/3-x.webp.abc123.tmp`;
    for (const key of [oldStray, oldStray.replace('.webp', '.sm.webp'), freshStray, deadTemporary]) {
      await storage.save(key, Buffer.from('webp'), 'image/webp');
    }
    for (const key of [oldStray, oldStray.replace('.webp', '.sm.webp'), deadTemporary]) {
      await backdateFile(subject, key);
    }

    const result = await sweepUploads({ db, storage, log: subject.app.log });
    expect(result).toEqual({ unclaimed: 1, strays: 2, failed: 0 });

    expect(await exists(subject, unclaimed)).toEqual([false, false]);
    expect(await exists(subject, inPublication)).toEqual([true, true]);
    expect(await exists(subject, asPicture)).toEqual([true, true]);
    expect(await exists(subject, fresh)).toEqual([true, true]);
    expect(await mediaFileExists(subject, `/media/${oldStray}`)).toBe(false);
    expect(await mediaFileExists(subject, `/media/${oldStray.replace('.webp', '.sm.webp')}`)).toBe(false);
    expect(await mediaFileExists(subject, `/media/${freshStray}`)).toBe(true);
    expect(await mediaFileExists(subject, `/media/${deadTemporary}`)).toBe(false);
    const recorded = (await db.selectFrom('uploads').select('url').execute()).map((row) => row.url);
    expect(recorded).not.toContain(unclaimed.url);
    expect(recorded).toEqual(expect.arrayContaining([inPublication.url, asPicture.url, fresh.url]));

    // A second sweep finds nothing more to do.
    expect(await sweepUploads({ db, storage, log: subject.app.log })).toEqual({
      unclaimed: 0,
      strays: 0,
      failed: 0,
    });
  });

  it('deletes files only after the publication is gone; a failed file deletion is logged and swept later', async () => {
    const { db } = subject.database;
    const image = await uploadImage(subject.app, actors.author);
    const id = await publish(subject, actors, [image.url]);

    failures = 2;
    const before = logs.entries.length;
    const removed = await subject.app.inject({
      method: 'DELETE',
      url: `/api/publication/${id}`,
      headers: actors.author.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await exists(subject, image)).toEqual([true, true]);
    expect(logs.entries.slice(before)).toContainEqual(
      expect.objectContaining({ msg: 'Could not remove an unused upload; the sweep will retry' }),
    );

    // Not yet a day old: the sweep leaves it; once old enough, it goes.
    const storage = subject.app.mediaStorage;
    await sweepUploads({ db, storage, log: subject.app.log });
    expect(await exists(subject, image)).toEqual([true, true]);
    await backdate(subject, image);
    await sweepUploads({ db, storage, log: subject.app.log });
    expect(await exists(subject, image)).toEqual([false, false]);
  });

  it('runs from the command line (npm run sweep-uploads)', { timeout: 60_000 }, async () => {
    const image = await uploadImage(subject.app, actors.author);
    await backdate(subject, image);
    const run = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', SWEEP_SCRIPT], {
        env: {
          PATH: process.env.PATH ?? '',
          DATA_DIR: subject.config.dataDir,
          DATABASE_URL: subject.config.databaseUrl ?? '',
          LOG_LEVEL: 'silent',
          ...mediaEnvOf(subject.config),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout }));
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/1 unclaimed uploads and 0 stray files removed, 0 could not be removed/);
    expect(await exists(subject, image)).toEqual([false, false]);
  });

  it('removes a replaced profile picture', async () => {
    const first = await uploadImage(subject.app, actors.other);
    const second = await uploadImage(subject.app, actors.other);
    const profile = {
      name: 'Otro Usuario',
      locationCountry: 'arg',
      locationProvince: 'cordoba',
      locationCity: 'cba-city',
    };
    for (const pictureUrl of [first.url, second.url]) {
      const response = await subject.app.inject({
        method: 'PUT',
        url: '/api/me',
        payload: { ...profile, pictureUrl },
        headers: actors.other.headers,
      });
      expect(response.statusCode).toBe(200);
    }
    expect(await exists(subject, first)).toEqual([false, false]);
    expect(await exists(subject, second)).toEqual([true, true]);
  });

  it('is swept by the periodic housekeeping too', async () => {
    const image = await uploadImage(subject.app, actors.author);
    await backdate(subject, image);
    const app = Fastify();
    await app.register(housekeeping, {
      db: subject.database.db,
      storage: subject.app.mediaStorage,
      intervalMs: 20,
    });
    await app.ready();
    try {
      while ((await exists(subject, image)).includes(true)) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await app.close();
    }
    expect(await isOwnUpload(subject.database.db, actors.author.id, image.url)).toBe(false);
  });
});

describe('migration 0006', () => {
  it('records the uploads that publications and profiles already show, with their owner', async () => {
    const subject = await createTestDatabase({ migrate: false });
    try {
      const { db } = subject.database;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      await migrator.migrateTo('0003-publication-search');
      const ana = await insertUser(db, { email: 'ana@example.com' });
      const upload = `/media/uploads/${ana.id}/1-a.webp`;
      const picture = `/media/uploads/${ana.id}/2-b.webp`;
      // Written as the schema of migration 0003 has it (storePublication writes the later stem columns too).
      const at = '2026-01-01T00:00:00.000Z';
      await sql`insert into publications (id, typed, title, description, labels, status, created_by, created_at, updated_at)
        values ('p-0006', 'market', 'Frascos de vidrio', 'Limpios.', '[]', 1, ${ana.id}, ${at}, ${at})`.execute(
        db,
      );
      const files = [upload, '/media/demo/ejemplo.webp', `/media/uploads/nobody/3-c.webp`];
      for (const [position, url] of files.entries()) {
        await sql`insert into publication_files (publication_id, position, url)
          values ('p-0006', ${position}, ${url})`.execute(db);
      }
      await db.updateTable('users').set({ picture_url: picture }).where('id', '=', ana.id).execute();

      await migrateToLatest(db);
      const rows = await db.selectFrom('uploads').selectAll().orderBy('url').execute();
      expect(rows.map(({ url, key, user_id }) => ({ url, key, user_id }))).toEqual([
        { url: upload, key: upload.slice('/media/'.length), user_id: ana.id },
        { url: picture, key: picture.slice('/media/'.length), user_id: ana.id },
      ]);
    } finally {
      await subject.dispose();
    }
  });
});
