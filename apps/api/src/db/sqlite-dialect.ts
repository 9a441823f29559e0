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

function adaptStatement(statement: StatementSync): SqliteStatement {
  return {
    // A statement that yields columns returns rows (select, or anything with `returning`).
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...bind(parameters)),
    run: (parameters) => statement.run(...bind(parameters)),
    iterate: (parameters) => statement.iterate(...bind(parameters)),
  };
}

export type SqliteHandle = { dialect: SqliteDialect; database: DatabaseSync };

/** Prepared statements kept per SQL text: the app's queries are a few hundred shapes with bound values. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Compiling a statement costs as much as running a small one: keep the most recently used ones. Kysely runs one
 * query at a time on this single connection, so a cached statement is never in use twice at once.
 */
function statementCache(database: DatabaseSync): (sql: string) => SqliteStatement {
  const statements = new Map<string, SqliteStatement>();
  return (sql) => {
    const cached = statements.get(sql);
    if (cached !== undefined) {
      statements.delete(sql);
      statements.set(sql, cached);
      return cached;
    }
    const statement = adaptStatement(database.prepare(sql));
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
  const prepare = statementCache(database);
  const adapter: SqliteDatabase = {
    close: () => {
      if (database.isOpen) database.close();
    },
    prepare,
  };
  return { dialect: new SqliteDialect({ database: adapter }), database };
}
