import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import type { DB, Dialect, NewUser } from '../../apps/api/src/db/schema.ts';
import { hashPassword } from '../../apps/api/src/modules/users/password.ts';
import type { RowsWorkerData } from './bench-fill-rows-worker.ts';
import { prepareBulkLoad } from './bench-fill-sqlite.ts';
import type { PublicationWithFiles } from './bench-rows.ts';

/** Rows per multi-row INSERT: 1,000 publications bind 19,000 values, under both dialects' limits. */
const BATCH_ROWS = 1000;
/** Rows per transaction. */
const TRANSACTION_ROWS = 10_000;
/** Images every publication points to, as demo publications do; the files need not exist to list them. */
const IMAGE_URLS = ['/media/demo/bench-1-0123456789.webp', '/media/demo/bench-2-abcdef0123.webp'];

/** Batches asked of the rows' worker ahead of the one being written. */
const BATCHES_AHEAD = 2;

export type FillResult = { publications: number; files: number; users: number; ms: number };

/**
 * The rows of a fill, made by bench-fill-rows-worker.ts on its own thread (making them costs about a seventh of an
 * SQLite fill's time on the writing thread): the users, then the publications batch by batch, in order.
 */
class RowsFromWorker {
  readonly #worker: Worker;
  readonly #waiting: { resolve: (text: string) => void; reject: (error: Error) => void }[] = [];
  readonly #batches: Promise<string>[] = [];
  #failure: Error | undefined;

  constructor(data: RowsWorkerData) {
    this.#worker = new Worker(new URL('./bench-fill-rows-worker.ts', import.meta.url), { workerData: data });
    this.#worker.on('message', (text: string) => this.#waiting.shift()?.resolve(text));
    const fail = (error: Error) => {
      this.#failure = error;
      for (const waiting of this.#waiting.splice(0)) waiting.reject(error);
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => fail(new Error(`The fill's rows worker stopped (exit code ${code})`)));
  }

  #receive(): Promise<string> {
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => this.#waiting.push({ resolve, reject }));
  }

  async users(): Promise<NewUser[]> {
    return JSON.parse(await this.#receive()) as NewUser[];
  }

  /** The next batch; the ones after it are being made meanwhile. */
  async nextBatch(): Promise<PublicationWithFiles[]> {
    while (this.#batches.length <= BATCHES_AHEAD) {
      const batch = this.#receive();
      // Awaited in turn below; a failure before then is not an unhandled rejection.
      batch.catch(() => undefined);
      this.#batches.push(batch);
      this.#worker.postMessage('next');
    }
    return JSON.parse(await (this.#batches.shift() as Promise<string>)) as PublicationWithFiles[];
  }

  async close(): Promise<void> {
    this.#worker.removeAllListeners('exit');
    await this.#worker.terminate();
  }
}

/**
 * Fills a migrated, empty database with `users` authors and `publications` publications of random but
 * realistic content, through the same tables (and so the same triggers and generated columns) as the app's
 * own writes.
 */
export async function fillDatabase(
  db: DB,
  dialect: Dialect,
  options: {
    publications: number;
    users: number;
    seed: number;
    now?: Date;
    /** SQLite: false writes row by row, as the app does (the default is bulk-load-wise, the same result). */
    bulk?: boolean;
  },
): Promise<FillResult> {
  const started = performance.now();
  const rows = new RowsFromWorker({
    seed: options.seed,
    now: (options.now ?? new Date()).getTime(),
    publications: options.publications,
    users: options.users,
    passwordHash: await hashPassword('bench-password'),
    imageUrls: IMAGE_URLS,
    batchRows: BATCH_ROWS,
  });
  let files = 0;
  let users: NewUser[];
  try {
    users = await rows.users();
    await db.insertInto('users').values(users).execute();
    const finishBulkLoad =
      dialect === 'sqlite' && options.bulk !== false ? await prepareBulkLoad(db) : undefined;
    let written = 0;
    while (written < options.publications) {
      const end = Math.min(written + TRANSACTION_ROWS, options.publications);
      await db.transaction().execute(async (trx) => {
        while (written < end) {
          const batch = await rows.nextBatch();
          if (batch.length === 0) throw new Error('The fill ran out of rows before its count');
          const fileRows = batch.flatMap((row) => row.files);
          await trx
            .insertInto('publications')
            .values(batch.map((row) => row.publication))
            .execute();
          await trx.insertInto('publication_files').values(fileRows).execute();
          const rangeRows = batch.flatMap((row) => row.openingRanges ?? []);
          if (rangeRows.length > 0) {
            await trx.insertInto('publication_opening_ranges').values(rangeRows).execute();
          }
          files += fileRows.length;
          written += batch.length;
        }
      });
    }
    await finishBulkLoad?.();
  } finally {
    await rows.close();
  }
  // On PostgreSQL autovacuum soon vacuums and analyses a bulk-loaded table (statistics for the planner, the
  // visibility map for index-only scans): do it now, so that the measured plans are those of a settled
  // database. SQLite gathers no statistics unless asked, and the app does not ask.
  if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);
  return {
    publications: options.publications,
    files,
    users: users.length,
    ms: Math.round(performance.now() - started),
  };
}
