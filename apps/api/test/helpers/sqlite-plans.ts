import type { DB } from '../../src/db/schema.ts';

// SQLite's plan of a statement (`explain query plan`, not run), for the tests that hold a query to the indexes it
// should read: the plan's lines joined, e.g. "SEARCH p USING COVERING INDEX publications_agenda_start_idx (…)".

type Compiled = { sql: string; parameters: readonly unknown[] };

/** The lines of SQLite's plan of a statement and its parameters. */
export async function sqlitePlanLines(db: DB, { sql, parameters }: Compiled): Promise<string[]> {
  const { rows } = await db.executeQuery<{ detail: string }>({
    sql: `explain query plan ${sql}`,
    parameters,
    query: { kind: 'RawNode' } as never,
    queryId: { queryId: 'sqlite-plan' },
  });
  return rows.map((row) => row.detail);
}

/** SQLite's plan of a query, its lines joined by newlines. */
export async function sqlitePlan(db: DB, query: { compile: () => Compiled }): Promise<string> {
  return (await sqlitePlanLines(db, query.compile())).join('\n');
}
