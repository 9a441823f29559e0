import { sql } from 'kysely';
import type { DB, Dialect } from '../../apps/api/src/db/schema.ts';
import { hashPassword } from '../../apps/api/src/modules/users/password.ts';
import { prepareBulkLoad } from './bench-fill-sqlite.ts';
import { createRowFactory, type PublicationWithFiles } from './bench-rows.ts';

/** Rows per multi-row INSERT: 1,000 publications bind 19,000 values, under both dialects' limits. */
const BATCH_ROWS = 1000;
/** Rows per transaction. */
const TRANSACTION_ROWS = 10_000;
/** Images every publication points to, as demo publications do; the files need not exist to list them. */
const IMAGE_URLS = ['/media/demo/bench-1-0123456789.webp', '/media/demo/bench-2-abcdef0123.webp'];

export type FillResult = { publications: number; files: number; users: number; ms: number };

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
  const factory = createRowFactory(options.seed, options.now, options.publications);
  const passwordHash = await hashPassword('bench-password');
  const users = Array.from({ length: options.users }, (_, index) => factory.user(index, passwordHash));
  await db.insertInto('users').values(users).execute();
  const authorIds = users.map((user) => user.id);

  let files = 0;
  const finishBulkLoad =
    dialect === 'sqlite' && options.bulk !== false ? await prepareBulkLoad(db) : undefined;
  for (let done = 0; done < options.publications; done += TRANSACTION_ROWS) {
    const inTransaction = Math.min(TRANSACTION_ROWS, options.publications - done);
    await db.transaction().execute(async (trx) => {
      for (let batchStart = 0; batchStart < inTransaction; batchStart += BATCH_ROWS) {
        const size = Math.min(BATCH_ROWS, inTransaction - batchStart);
        const rows: PublicationWithFiles[] = Array.from({ length: size }, () =>
          factory.publication(authorIds, IMAGE_URLS),
        );
        const fileRows = rows.flatMap((row) => row.files);
        await trx
          .insertInto('publications')
          .values(rows.map((row) => row.publication))
          .execute();
        await trx.insertInto('publication_files').values(fileRows).execute();
        files += fileRows.length;
      }
    });
  }
  await finishBulkLoad?.();
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
