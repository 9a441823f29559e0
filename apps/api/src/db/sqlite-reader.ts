import { setTimeout } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type LogConfig,
  type QueryResult,
} from 'kysely';
import type { Database, DB } from './schema.ts';
import { toSqliteValue } from './sqlite-dialect.ts';
import type { ReaderAnswer, ReaderRequest } from './sqlite-reader-worker.ts';

// node:sqlite is synchronous: a search ranking thousands of matches or a count over a large filter holds the event
// loop, and every other request of the process (cache hits, writes) waits behind it. The lists' queries run instead
// on a worker thread with its own connection to the same file (WAL: readers never block the writer, and each
// statement reads the latest committed data, as another process would). The main connection keeps every write,
// every transaction and the short reads (sessions, the list version), which a thread hop would only slow down.

/** How long closing waits for the reads in flight: longer than any list read, shorter than the shutdown's bound. */
const CLOSE_WAIT_MS = 5_000;

type Pending = { resolve: (rows: Record<string, unknown>[]) => void; reject: (error: Error) => void };

class ReaderError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code: string | undefined) {
    super(message);
    this.name = 'SqliteReaderError';
    this.code = code;
  }
}

/** The worker, started on the first query and started again if it ever dies. */
/** The worker's script beside this module's: TypeScript from the sources, JavaScript in the compiled server. */
const WORKER_SCRIPT = new URL(
  import.meta.url.endsWith('.ts') ? './sqlite-reader-worker.ts' : './sqlite-reader-worker.js',
  import.meta.url,
);

class ReaderThread {
  readonly #filename: string;
  #worker: Worker | undefined;
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;

  constructor(filename: string) {
    this.#filename = filename;
  }

  #start(): Worker {
    const worker = new Worker(WORKER_SCRIPT, {
      workerData: { filename: this.#filename },
    });
    // Idle, it does not keep the process alive; queries in flight do, through their pending promises' callers.
    worker.unref();
    worker.on('message', (answer: ReaderAnswer) => {
      const pending = this.#pending.get(answer.id);
      if (pending === undefined) return;
      this.#pending.delete(answer.id);
      if ('error' in answer) pending.reject(new ReaderError(answer.error.message, answer.error.code));
      else pending.resolve(answer.rows);
    });
    const fail = (error: Error) => {
      if (this.#worker === worker) this.#worker = undefined;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The SQLite reader thread exited with code ${code}`)));
    this.#worker = worker;
    return worker;
  }

  /** Queries sent and not answered yet. */
  get pending(): number {
    return this.#pending.size;
  }

  query(sql: string, parameters: readonly unknown[]): Promise<Record<string, unknown>[]> {
    const worker = this.#worker ?? this.#start();
    const id = this.#nextId++;
    const request: ReaderRequest = { id, sql, parameters: parameters.map(toSqliteValue) };
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage(request);
    });
  }

  /**
   * Stops the thread once the reads in flight have their answers (at most CLOSE_WAIT_MS): a request still running
   * when the server closes, its client perhaps gone, gets its rows rather than an error. Kysely refuses new reads
   * from the moment it is destroyed.
   */
  async close(): Promise<void> {
    const deadline = performance.now() + CLOSE_WAIT_MS;
    while (this.#pending.size > 0 && this.#worker !== undefined && performance.now() < deadline) {
      await setTimeout(5);
    }
    const worker = this.#worker;
    this.#worker = undefined;
    if (worker !== undefined) await worker.terminate();
  }
}

class ReaderConnection implements DatabaseConnection {
  readonly #threads: readonly ReaderThread[];

  constructor(threads: readonly ReaderThread[]) {
    this.#threads = threads;
  }

  /** The thread with the fewest queries waiting: a long search on one leaves the others to the short reads. */
  #leastBusy(): ReaderThread {
    let chosen = this.#threads[0] as ReaderThread;
    for (const thread of this.#threads) if (thread.pending < chosen.pending) chosen = thread;
    return chosen;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const rows = await this.#leastBusy().query(compiledQuery.sql, compiledQuery.parameters);
    return { rows: rows as R[] };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The SQLite reader does not stream');
  }
}

class ReaderDriver implements Driver {
  readonly #threads: ReaderThread[];
  readonly #connection: ReaderConnection;

  constructor(filename: string, threads: number) {
    this.#threads = Array.from({ length: threads }, () => new ReaderThread(filename));
    this.#connection = new ReaderConnection(this.#threads);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    // One connection for every caller: each thread answers its queries in the order they arrive.
    return this.#connection;
  }

  async beginTransaction(): Promise<void> {
    throw new Error('The SQLite reader runs single reads only; transactions belong to the main connection');
  }

  async commitTransaction(): Promise<void> {
    throw new Error('The SQLite reader has no transactions');
  }

  async rollbackTransaction(): Promise<void> {
    throw new Error('The SQLite reader has no transactions');
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await Promise.all(this.#threads.map((thread) => thread.close()));
  }
}

/**
 * SQLite's adapter tells Kysely that a database has one connection, so Kysely lets one query at a time reach the
 * driver. The reader's queries are single statements answered in turn by each thread, so they need no such lock, and
 * with it a thread sat idle between an answer and the next query (the main thread's turn around), the others idle
 * altogether: a third of a cold pass over the mix at 1,000,000 publications.
 */
class ReaderAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

class ReaderDialect implements Dialect {
  readonly #filename: string;
  readonly #threads: number;

  constructor(filename: string, threads: number) {
    this.#filename = filename;
    this.#threads = threads;
  }

  createAdapter() {
    return new ReaderAdapter();
  }

  createDriver(): Driver {
    return new ReaderDriver(this.#filename, this.#threads);
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

/**
 * A Kysely instance whose reads run on worker threads, each with its own connection to the SQLite file `filename`
 * (started on first use).
 */
export function createSqliteReader(filename: string, threads = 1, log?: LogConfig): DB {
  return new Kysely<Database>({ dialect: new ReaderDialect(filename, threads), log });
}
