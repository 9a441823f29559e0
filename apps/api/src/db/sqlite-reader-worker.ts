import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';

// The thread of the list reader (sqlite-reader.ts): its own connection to the SQLite file, answering one query at a
// time, so that the main thread's event loop keeps serving while a search is ranked or a page is counted. Only
// node built-ins here: the file runs as Node loads it.

export type ReaderRequest = { id: number; sql: string; parameters: SQLInputValue[] };
export type ReaderAnswer =
  { id: number; rows: Record<string, unknown>[] } | { id: number; error: { message: string; code?: string } };

const { filename } = workerData as { filename: string };
const database = new DatabaseSync(filename, { timeout: 5000 });
// Reads only: a write sent here by mistake fails instead of bypassing the main connection's transactions.
database.exec('pragma query_only = 1');

/** Prepared statements by SQL text, the most recently used last (the lists are a few hundred shapes). */
const statements = new Map<string, StatementSync>();
const STATEMENT_CACHE_SIZE = 300;

function prepared(sql: string): StatementSync {
  const cached = statements.get(sql);
  if (cached !== undefined) {
    statements.delete(sql);
    statements.set(sql, cached);
    return cached;
  }
  const statement = database.prepare(sql);
  statements.set(sql, statement);
  if (statements.size > STATEMENT_CACHE_SIZE) {
    const oldest = statements.keys().next();
    if (oldest.done !== true) statements.delete(oldest.value);
  }
  return statement;
}

const port = parentPort;
if (port === null) throw new Error('sqlite-reader-worker.ts runs as a worker thread');
port.on('message', ({ id, sql, parameters }: ReaderRequest) => {
  let answer: ReaderAnswer;
  try {
    // An empty named-parameter object first keeps positional binding exact (see sqlite-dialect.ts).
    const rows = prepared(sql).all({}, ...parameters) as Record<string, unknown>[];
    answer = { id, rows };
  } catch (error) {
    const { message, code } = error as { message: string; code?: string };
    answer = { id, error: code === undefined ? { message } : { message, code } };
  }
  port.postMessage(answer);
});
