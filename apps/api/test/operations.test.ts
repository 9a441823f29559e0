import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.ts';
import { createMediaStorage } from '../src/modules/media/create-storage.ts';
import { createSession } from '../src/modules/sessions/service.ts';
import { SECRET_KEY_FILE } from '../src/secret-key-file.ts';
import { noisyImage } from './fixtures/images.ts';
import { multipartBody } from './fixtures/multipart.ts';
import { insertUser } from './helpers/accounts.ts';
import { mediaEnvOf } from './helpers/media-storage.ts';
import { validForm } from './helpers/publications.ts';
import { killServer, runCommand, startServer, type ServerProcess } from './helpers/server-process.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-app.ts';

// The production server as a child process: shutdown on SIGTERM, a crash under write load, backup and restore.

type Setup = { subject: TestDatabase; server: ServerProcess; token: string; env: Record<string, string> };

let subject: TestDatabase | undefined;
let server: ServerProcess | undefined;
const extraDirs: string[] = [];

afterEach(async () => {
  await killServer(server);
  server = undefined;
  await subject?.dispose();
  subject = undefined;
  for (const dir of extraDirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A migrated database with a signed-in member, and the production server on it. */
async function setUp(): Promise<Setup> {
  subject = await createTestDatabase();
  const user = await insertUser(subject.database.db, { email: 'carga@example.com' });
  const { token } = await createSession(subject.database.db, user.id, 3_600_000);
  // The server is the only one using the database from now on.
  await subject.database.close();
  // At debug the server logs each request's arrival: the tests see what is in flight.
  const env = {
    DATA_DIR: subject.config.dataDir,
    DATABASE_URL: subject.config.databaseUrl ?? '',
    LOG_LEVEL: 'debug',
    // The api-s3 project: the server, the backup and the restore use the test's bucket.
    ...mediaEnvOf(subject.config),
  };
  server = await startServer(env);
  return { subject, server, token, env };
}

async function upload(url: string, token: string, width = 64, height = 48): Promise<Response> {
  const data = await noisyImage(width, height).jpeg().toBuffer();
  const { payload, headers } = multipartBody([
    { name: 'file', filename: 'foto.jpg', contentType: 'image/jpeg', data },
  ]);
  return fetch(`${url}/api/media`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${token}` },
    body: new Uint8Array(payload),
  });
}

/** Writers creating publications as fast as the server takes them; each acknowledged id is kept. */
function writeLoad(url: string, token: string, imageUrl: string, writers = 4) {
  const acknowledged: string[] = [];
  let running = true;
  let counter = 0;
  async function writer(): Promise<void> {
    while (running) {
      counter += 1;
      try {
        const response = await fetch(`${url}/api/publications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(validForm('market', [imageUrl], { title: `Escritura número ${counter}` })),
        });
        if (response.status === 201) {
          acknowledged.push(((await response.json()) as { publication: { _id: string } }).publication._id);
        }
      } catch {
        // The server went away (the crash test): what was acknowledged is what counts.
        return;
      }
    }
  }
  const done = Promise.all(Array.from({ length: writers }, writer));
  return {
    acknowledged,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

async function until(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function storedIds(setup: Setup, ids: readonly string[]): Promise<Set<string>> {
  const database = createDatabase(setup.subject.config);
  try {
    const found = new Set<string>();
    for (let start = 0; start < ids.length; start += 500) {
      const rows = await database.db
        .selectFrom('publications')
        .select('id')
        .where('id', 'in', ids.slice(start, start + 500))
        .execute();
      for (const row of rows) found.add(row.id);
    }
    return found;
  } finally {
    await database.close();
  }
}

/** A GET on a connection of its own (no keep-alive pool). */
function freshConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(`${url}/api/health`, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
}

async function fileExists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

describe('the production server process', { timeout: 120_000 }, () => {
  it('on SIGTERM stops accepting, finishes the requests in flight, closes the database and exits 0', async () => {
    const setup = await setUp();
    const { url } = setup.server;
    // Large photos keep the server busy for a while (decoding and re-encoding).
    const inFlight = Array.from({ length: 4 }, () =>
      upload(url, setup.token, 1200, 900).then((response) => ({ status: response.status, at: Date.now() })),
    );
    const received = () =>
      setup.server
        .output()
        .split('\n')
        .filter((line) => line.includes('"url":"/api/media"') && line.includes('"msg":"incoming request"'))
        .length;
    await until(() => received() >= 4);
    const signalledAt = Date.now();
    setup.server.child.kill('SIGTERM');

    const answers = await Promise.all(inFlight);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    // They were truly in flight: at least one answer came after the signal.
    expect(Math.max(...answers.map((answer) => answer.at))).toBeGreaterThanOrEqual(signalledAt);
    // A new connection is refused (a kept-alive one would get a 503 while the server closes).
    await expect(freshConnection(url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    const exit = await setup.server.exited;
    expect(exit, setup.server.output().slice(-3000)).toEqual({ code: 0, signal: null });
    expect(setup.server.output()).toContain('Shutting down');
    if (testDialect === 'sqlite') {
      // The last connection closed cleanly: SQLite folded its write-ahead log back and removed it.
      const file = path.join(setup.subject.config.dataDir, 'ecoanuncios.sqlite');
      expect(await fileExists(`${file}-wal`)).toBe(false);
    }
  });

  it('killed with SIGKILL under write load, loses no acknowledged write', async () => {
    const setup = await setUp();
    const image = (await (await upload(setup.server.url, setup.token)).json()) as { url: string };
    const load = writeLoad(setup.server.url, setup.token, image.url);
    await until(() => load.acknowledged.length >= 40);
    setup.server.child.kill('SIGKILL');
    await load.stop();
    expect((await setup.server.exited).signal).toBe('SIGKILL');

    const acknowledged = [...load.acknowledged];
    const found = await storedIds(setup, acknowledged);
    expect(acknowledged.filter((id) => !found.has(id))).toEqual([]);
    process.stdout.write(
      `kill -9: ${acknowledged.length} acknowledged writes, all present after the crash\n`,
    );
  });

  it('backs up under write load; the restore holds every write acknowledged before the backup began', async () => {
    const setup = await setUp();
    const image = (await (await upload(setup.server.url, setup.token)).json()) as { url: string };
    const load = writeLoad(setup.server.url, setup.token, image.url);
    await until(() => load.acknowledged.length >= 30);

    const target = await mkdtemp(path.join(tmpdir(), 'eco-backup-'));
    extraDirs.push(target);
    const folder = path.join(target, 'copia');
    if (testDialect === 'postgres') {
      // PostgreSQL's database goes through pg_dump; the command copies the media only when asked to.
      const refused = await runCommand('backup', [folder], setup.env);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('pg_dump');
      const media = await runCommand('backup', [folder, '--media-only'], setup.env);
      await load.stop();
      expect(media.code).toBe(0);
      expect(
        await fileExists(path.join(folder, 'media', ...image.url.slice('/media/'.length).split('/'))),
      ).toBe(true);
      return;
    }

    const before = [...load.acknowledged];
    const startedAt = Date.now();
    const backup = await runCommand('backup', [folder], setup.env);
    const tookMs = Date.now() - startedAt;
    const duringBackup = load.acknowledged.length - before.length;
    await until(() => load.acknowledged.length >= before.length + duringBackup + 10);
    await load.stop();
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    // The server kept serving writes while the copy was taken.
    expect(load.acknowledged.length).toBeGreaterThan(before.length);

    setup.server.child.kill('SIGTERM');
    expect((await setup.server.exited).code).toBe(0);
    const bucket = createMediaStorage(setup.subject.config);
    // A bucket is not set aside by a restore: losing the object shows that the restore uploads it back.
    if (bucket.kind === 's3') await bucket.remove(image.url.slice('/media/'.length));
    const busy = await runCommand('restore', [path.join(target, 'nothing-here')], setup.env);
    expect(busy.code).toBe(1);
    const restore = await runCommand('restore', [folder], setup.env);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);

    const found = await storedIds(setup, before);
    expect(before.filter((id) => !found.has(id))).toEqual([]);
    // The key the server generated (no SECRET_KEY) travels with the data it signed and sealed.
    const generatedKey = await readFile(path.join(folder, SECRET_KEY_FILE), 'utf8');
    expect(generatedKey.trim().length).toBeGreaterThanOrEqual(32);
    expect(await readFile(path.join(setup.subject.config.dataDir, SECRET_KEY_FILE), 'utf8')).toBe(
      generatedKey,
    );
    expect(
      await fileExists(path.join(folder, 'media', ...image.url.slice('/media/'.length).split('/'))),
    ).toBe(true);
    // What the restore put back is what the restored site reads: the folder, or the bucket.
    if (bucket.kind === 's3') {
      expect(await bucket.head(image.url.slice('/media/'.length))).not.toBeNull();
    } else {
      const mediaFile = path.join(
        setup.subject.config.mediaDir,
        ...image.url.slice('/media/'.length).split('/'),
      );
      expect(await fileExists(mediaFile)).toBe(true);
    }
    process.stdout.write(
      `backup: ${before.length} writes acknowledged before it, ${duringBackup} during it (${tookMs} ms including ` +
        `process start); all ${before.length} restored\n`,
    );
  });
});
