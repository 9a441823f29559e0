import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, SQLITE_FILE_NAME } from '../src/db/database.ts';
import { checkpointOffTheEventLoop, WAL_START_BYTES } from '../src/db/sqlite-checkpoints.ts';
import { testDialect } from './helpers/test-app.ts';

// SQLite's checkpoints (the write-ahead log copied back into the file, then an fsync) run on a thread of their own,
// never in a write's commit on the main thread: the writing connection does none, the thread copies the log once it
// has grown as large as SQLite's own threshold, and closing leaves the file whole, without a log.

const ROW_BYTES = 4000;

/** The rows of `notes` that the database file holds by itself, without its log: what checkpoints copied. */
async function rowsInFile(filename: string, folder: string): Promise<number> {
  const copy = path.join(folder, `copy-${Math.random().toString(36).slice(2)}.sqlite`);
  await copyFile(filename, copy);
  const database = new DatabaseSync(copy);
  try {
    const table = database.prepare("select 1 from sqlite_master where name = 'notes'").get();
    if (table === undefined) return 0;
    return Number((database.prepare('select count(*) as n from notes').get() as { n: number }).n);
  } finally {
    database.close();
    await rm(copy, { force: true });
  }
}

/** Polls `check`; a copy taken while a checkpoint writes the file may be torn (an error): not yet, then. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (performance.now() > deadline) throw new Error('not within the time allowed');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Whether a write can begin on the connection now, without waiting (its busy timeout is 0). */
function canBeginWrite(database: DatabaseSync): boolean {
  try {
    database.exec('begin immediate');
  } catch {
    return false;
  }
  database.exec('rollback');
  return true;
}

/** A WAL-mode file with a `notes` table of blobs, and a statement that adds one of `bytes` random bytes. */
function notesFile(folder: string) {
  const filename = path.join(folder, 'notes.sqlite');
  const database = new DatabaseSync(filename);
  database.exec('pragma journal_mode = wal');
  database.exec('create table notes (id integer primary key, body blob not null)');
  const insert = database.prepare('insert into notes (body) values (randomblob(?))');
  return { filename, database, insert };
}

describe.runIf(testDialect === 'sqlite')('SQLite checkpoints off the event loop', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'eco-checkpoints-test-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('leaves the writing connection without automatic checkpoints', async () => {
    const database = createDatabase({ dataDir: folder, databaseUrl: undefined });
    try {
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
        database.db,
      );
      expect(rows[0]?.wal_autocheckpoint).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('copies the log into the file from its thread once the log has grown past the threshold', async () => {
    const { filename, database, insert } = notesFile(folder);
    const write = (rows: number) => {
      for (let row = 0; row < rows; row++) insert.run(ROW_BYTES);
    };
    const rows = Math.ceil((1.5 * WAL_START_BYTES) / ROW_BYTES);

    // With a thread that never gets to look: past SQLite's own threshold, the writes' commits copied nothing.
    const idle = checkpointOffTheEventLoop(database, filename, 60_000);
    try {
      write(rows);
      expect((await stat(`${filename}-wal`)).size).toBeGreaterThan(WAL_START_BYTES);
      expect(await rowsInFile(filename, folder)).toBe(0);
      expect(idle.running).toBe(false);
    } finally {
      await idle.stop();
    }

    const checkpoints = checkpointOffTheEventLoop(database, filename, 20);
    try {
      // The thread starts and copies every committed row, while the main thread only waits here.
      await eventually(async () => checkpoints.running && (await rowsInFile(filename, folder)) === rows);
      // Later writes are copied too, on its next rounds.
      write(50);
      await eventually(async () => (await rowsInFile(filename, folder)) === rows + 50);
    } finally {
      await checkpoints.stop();
      await checkpoints.stop();
      database.close();
    }
  });

  it('copies a large log without emptying it; the next write starts it over, its file cut back', async () => {
    const { filename, database, insert } = notesFile(folder);
    const limit = WAL_START_BYTES;
    const checkpoints = checkpointOffTheEventLoop(database, filename, 20, limit);
    try {
      // A burst: three times the limit, all of it copied by passive checkpoints (no reader holds it back).
      const rows = Math.ceil((3 * limit) / ROW_BYTES);
      for (let row = 0; row < rows; row++) insert.run(ROW_BYTES);
      await eventually(async () => (await rowsInFile(filename, folder)) === rows);
      // Ten more rounds of the thread: it leaves the file as it is (emptying it would hold the writers).
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await stat(`${filename}-wal`)).size).toBeGreaterThan(2 * limit);
      // The next write starts the log over from its beginning, and SQLite cuts the file back to the limit.
      insert.run(ROW_BYTES);
      expect((await stat(`${filename}-wal`)).size).toBeLessThanOrEqual(limit);
      await eventually(async () => (await rowsInFile(filename, folder)) === rows + 1);
    } finally {
      await checkpoints.stop();
      database.close();
    }
  });

  it('empties a large log that readers kept from being copied whole, once they let go', async () => {
    const { filename, database, insert } = notesFile(folder);
    const limit = WAL_START_BYTES;
    // A reader whose snapshot predates every row: no checkpoint may copy past it.
    const reader = new DatabaseSync(filename);
    reader.exec('begin');
    reader.prepare('select count(*) from notes').get();
    const checkpoints = checkpointOffTheEventLoop(database, filename, 20, limit);
    try {
      const rows = Math.ceil((3 * limit) / ROW_BYTES);
      for (let row = 0; row < rows; row++) insert.run(ROW_BYTES);
      // The thread's truncating checkpoint waits for the reader, holding the writers back meanwhile: once a write
      // cannot begin, it is waiting (on a busy machine the thread may take a while to start and look).
      await eventually(async () => !canBeginWrite(database), 10_000);
      expect(await rowsInFile(filename, folder)).toBe(0);
      reader.exec('commit');
      // The thread's truncating checkpoint, waiting for the reader until now, copies the whole log and empties it.
      await eventually(async () => (await stat(`${filename}-wal`)).size === 0);
      expect(await rowsInFile(filename, folder)).toBe(rows);
    } finally {
      reader.close();
      await checkpoints.stop();
      database.close();
    }
  });

  it('stops its thread when the database closes, which leaves the file whole and no log', async () => {
    const database = createDatabase({ dataDir: folder, databaseUrl: undefined });
    const filename = path.join(folder, SQLITE_FILE_NAME);
    const raw = new DatabaseSync(filename);
    try {
      raw.exec('create table notes (id integer primary key, body blob not null)');
    } finally {
      raw.close();
    }
    const rows = Math.ceil((2 * WAL_START_BYTES) / ROW_BYTES);
    for (let row = 0; row < rows; row += 100) {
      await database.db
        .insertInto('notes' as never)
        .values(Array.from({ length: 100 }, () => ({ body: Buffer.alloc(ROW_BYTES, row % 251) })) as never)
        .execute();
    }
    await eventually(async () => (await rowsInFile(filename, folder)) > 0);
    await database.close();
    await expect(stat(`${filename}-wal`)).rejects.toThrow();
    expect(await rowsInFile(filename, folder)).toBe(Math.ceil(rows / 100) * 100);
  });
});
