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

/** Opens the SQLite file with WAL journaling, foreign keys and a busy timeout for a second process. */
export function createSqliteDialect(filename: string): SqliteHandle {
  const database = new DatabaseSync(filename, { timeout: 5000 });
  database.exec('pragma journal_mode = wal');
  database.exec('pragma foreign_keys = on');
  database.exec('pragma synchronous = normal');
  const adapter: SqliteDatabase = {
    close: () => {
      if (database.isOpen) database.close();
    },
    prepare: (sql) => adaptStatement(database.prepare(sql)),
  };
  return { dialect: new SqliteDialect({ database: adapter }), database };
}
