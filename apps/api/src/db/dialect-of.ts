import { PostgresAdapter, SqliteAdapter, type Kysely } from 'kysely';
import type { Dialect } from './schema.ts';

/** The dialect of a Kysely instance, for migrations that take the database without its handle. */
export function dialectOf(db: Kysely<unknown>): Dialect {
  const { adapter } = db.getExecutor();
  if (adapter instanceof SqliteAdapter) return 'sqlite';
  if (adapter instanceof PostgresAdapter) return 'postgres';
  throw new Error(`Unsupported database adapter ${adapter.constructor.name}`);
}
