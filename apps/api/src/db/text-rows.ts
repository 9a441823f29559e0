import { sql, type RawBuilder } from 'kysely';
import { dialectOf } from './dialect-of.ts';
import type { DB } from './schema.ts';

// Batches of rows (a publication's saved-search alerts, a reminder burst) go to PostgreSQL as one array per column,
// unnested: the statement's text and plan are the same whatever the number of rows. As a VALUES list, 500 rows of
// ten columns bound 5,000 parameters that Kysely compiled in the server's event loop and PostgreSQL parsed, on every
// batch (decision 047).

/** Rows of text columns (null allowed). */
export type TextRow<C extends string> = { readonly [K in C]: string | null };

/**
 * The rows as a `select` of PostgreSQL arrays, one per column, for `insertInto(…).columns(columns).expression(…)`.
 * Every column must be text.
 */
export function unnestedRows<C extends string>(
  columns: readonly C[],
  rows: readonly TextRow<C>[],
): RawBuilder<TextRow<C>> {
  const arrays = columns.map((column) => sql`${rows.map((row) => row[column])}::text[]`);
  return sql<
    TextRow<C>
  >`select * from unnest(${sql.join(arrays)}) as v(${sql.join(columns.map((column) => sql.id(column)))})`;
}

/** Whether `db` takes rows as unnested arrays (PostgreSQL); SQLite takes a VALUES list. */
export function takesArrays(db: DB): boolean {
  return dialectOf(db) === 'postgres';
}
