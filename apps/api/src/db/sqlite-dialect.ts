import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

/** Converts what Kysely hands over into values node:sqlite can bind. */
export function toSqliteValue(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'bigint' ||
    ArrayBuffer.isView(value)
  ) {
    return value as SQLInputValue;
  }
  throw new TypeError(`Cannot bind a value of type ${typeof value} to an SQLite statement`);
}

/**
 * node:sqlite takes a first argument that is an object as the named-parameter object and then shifts every
 * positional value by one. An explicit empty named-parameter object first keeps positional binding exact.
 */
function bind(parameters: ReadonlyArray<unknown>): [Record<string, SQLInputValue>, ...SQLInputValue[]] {
  return [{}, ...parameters.map(toSqliteValue)];
}

/** Counts the statements being iterated on a connection: each holds its read transaction open until it is done. */
type OpenIterations = { count: number };

/** `rows`, counted in `open` from now until they are exhausted, fail or are given up (`return`). */
function counted(rows: IterableIterator<unknown>, open: OpenIterations): IterableIterator<unknown> {
  open.count += 1;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    open.count -= 1;
  };
  const iterator: IterableIterator<unknown> = {
    [Symbol.iterator]: () => iterator,
    next: () => {
      try {
        const step = rows.next();
        if (step.done === true) finish();
        return step;
      } catch (error) {
        finish();
        throw error;
      }
    },
    return: (value?: unknown) => {
      finish();
      return rows.return?.(value) ?? { done: true, value };
    },
  };
  return iterator;
}

function adaptStatement(statement: StatementSync, open: OpenIterations): SqliteStatement {
  return {
    // A statement that yields columns returns rows (select, or anything with `returning`).
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...bind(parameters)),
    run: (parameters) => statement.run(...bind(parameters)),
    iterate: (parameters) => counted(statement.iterate(...bind(parameters)), open),
  };
}

/** The node:sqlite connection under a Kysely instance, for the few reads that skip Kysely's query pipeline. */
export type SqliteConnection = {
  database: DatabaseSync;
  /**
   * Whether a statement run on the connection now sees what a query handed to Kysely now would: every committed
   * write and nothing uncommitted. False while a transaction is open on it (its statements would see its uncommitted
   * rows: Kysely makes other queries wait for its end) or while a statement is being iterated (it holds an older
   * read snapshot).
   */
  readsCommitted: () => boolean;
};

export type SqliteHandle = { dialect: SqliteDialect; database: DatabaseSync; connection: SqliteConnection };

const connections = new WeakMap<object, SqliteConnection>();

/** Records that `db` (a Kysely instance) runs its queries on `connection`. */
export function attachSqliteConnection(db: object, connection: SqliteConnection): void {
  connections.set(db, connection);
}

/** The connection under `db` when it is a Kysely instance of createSqliteDialect (not a transaction of it). */
export function sqliteConnectionOf(db: object): SqliteConnection | undefined {
  return connections.get(db);
}

/**
 * How Kysely's transactions begin on this connection: taking the write lock at once. Its transactions are the app's
 * writes (reads run outside them), and SQLite waits for the lock (the busy timeout) only for a transaction that holds
 * no read yet. A deferred one that reads first (is the publication still published?) and then writes fails at once
 * with SQLITE_BUSY when the lock is taken meanwhile, as the checkpoint thread's truncating checkpoint takes it
 * (sqlite-checkpoint-worker.ts): that write would have been a 500 or a failed job.
 */
const BEGIN_WRITING = 'begin immediate';

/** Prepared statements kept per SQL text: the app's queries are a few hundred shapes with bound values. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Compiling a statement costs as much as running a small one: keep the most recently used ones. Kysely runs one
 * query at a time on this single connection, so a cached statement is never in use twice at once.
 */
function statementCache(database: DatabaseSync, open: OpenIterations): (sql: string) => SqliteStatement {
  const statements = new Map<string, SqliteStatement>();
  return (text) => {
    const sql = text === 'begin' ? BEGIN_WRITING : text;
    const cached = statements.get(sql);
    if (cached !== undefined) {
      statements.delete(sql);
      statements.set(sql, cached);
      return cached;
    }
    const statement = adaptStatement(database.prepare(sql), open);
    statements.set(sql, statement);
    if (statements.size > STATEMENT_CACHE_SIZE) {
      const oldest = statements.keys().next();
      if (oldest.done !== true) statements.delete(oldest.value);
    }
    return statement;
  };
}

/** Opens the SQLite file with WAL journaling, foreign keys and a busy timeout for a second process. */
export function createSqliteDialect(filename: string): SqliteHandle {
  const database = new DatabaseSync(filename, { timeout: 5000 });
  database.exec('pragma journal_mode = wal');
  database.exec('pragma foreign_keys = on');
  database.exec('pragma synchronous = normal');
  // Statistics for the planner (SQLite's advice for long-lived connections): without them it may read a filter
  // through an index that matches nearly every row. Bounded work, and none when the statistics are fresh.
  database.exec('pragma analysis_limit = 1000');
  try {
    database.exec('pragma optimize = 0x10002');
  } catch {
    // Another process holds the write lock beyond the busy timeout: the statistics are refreshed next time.
  }
  const open: OpenIterations = { count: 0 };
  const prepare = statementCache(database, open);
  const adapter: SqliteDatabase = {
    close: () => {
      if (database.isOpen) database.close();
    },
    prepare,
  };
  const connection: SqliteConnection = {
    database,
    readsCommitted: () => database.isOpen && !database.isTransaction && open.count === 0,
  };
  return { dialect: new SqliteDialect({ database: adapter }), database, connection };
}
