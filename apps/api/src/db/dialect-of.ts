import { PostgresAdapter, SqliteAdapter, type QueryExecutor } from 'kysely';
import type { Dialect } from './schema.ts';

/** The dialect of a Kysely instance (or transaction), for code that takes the database without its handle. */
export function dialectOf(db: { getExecutor(): Pick<QueryExecutor, 'adapter'> }): Dialect {
  const { adapter } = db.getExecutor();
  if (adapter instanceof SqliteAdapter) return 'sqlite';
  if (adapter instanceof PostgresAdapter) return 'postgres';
  throw new Error(`Unsupported database adapter ${adapter.constructor.name}`);
}
