import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import type { Database, DB } from '../../src/db/schema.ts';

// PostgreSQL's plan of a compiled statement, for the tests that hold a query to the indexes it should read
// (`explain (format json)`, not run).

export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
};

type Compiled = { sql: string; parameters: readonly unknown[] };

/**
 * The plan of `compiled` on `db`. With `preferIndexes`, the planner is told to take an index wherever it can (a few
 * test rows would otherwise be read whole), on one connection, reset afterwards.
 */
export async function explainPlan(
  db: DB,
  compiled: Compiled,
  { preferIndexes = false }: { preferIndexes?: boolean } = {},
): Promise<PlanNode> {
  return db.connection().execute(async (connection) => {
    if (preferIndexes) {
      await sql`set enable_seqscan = off`.execute(connection);
      await sql`set enable_bitmapscan = off`.execute(connection);
    }
    try {
      const { rows } = await connection.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>({
        ...compiled,
        sql: `explain (format json) ${compiled.sql}`,
        query: { kind: 'RawNode' } as never,
        queryId: { queryId: 'explained-plan' },
      });
      return rows[0]?.['QUERY PLAN'][0].Plan as PlanNode;
    } finally {
      if (preferIndexes) {
        await sql`reset enable_seqscan`.execute(connection);
        await sql`reset enable_bitmapscan`.execute(connection);
      }
    }
  });
}

/** Every node of a plan, parents before their children. */
export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/** The plan's scans (of a table, an index, a function), parents before their children. */
export function planScans(node: PlanNode): PlanNode[] {
  return planNodes(node).filter((each) => /Scan/.test(each['Node Type']));
}

/** Whether a plan looks its rows up one by one in an index by `seq = ANY(…)`, one probe per given `seq`. */
export function probesBySeq(plan: PlanNode): boolean {
  return planNodes(plan).some(
    (node) => /Index/.test(node['Node Type']) && /seq = ANY/.test(node['Index Cond'] ?? ''),
  );
}

/**
 * Runs `task` with a Kysely on the PostgreSQL database at `url` that keeps every statement it sends (`sent`, to be
 * explained), and closes it afterwards.
 */
export async function withStatementsKept<T>(
  url: string | undefined,
  task: (db: DB, sent: readonly CompiledQuery[]) => Promise<T>,
): Promise<T> {
  const sent: CompiledQuery[] = [];
  const logged = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url }) }),
    log: (event) => {
      if (event.level === 'query') sent.push(event.query);
    },
  });
  try {
    return await task(logged, sent);
  } finally {
    await logged.destroy();
  }
}
