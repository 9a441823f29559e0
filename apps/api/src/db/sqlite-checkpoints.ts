import { stat } from 'node:fs/promises';
import type { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import type { CheckpointMessage, CheckpointWorkerData } from './sqlite-checkpoint-worker.ts';

// SQLite's automatic checkpoint runs in the commit of the write that grows the write-ahead log past 1,000 pages, on
// the writing connection: the main thread's. Its fsync held the event loop 15 to 80 ms on the machines measured,
// every few dozen publication writes (the FTS index, the counts and the change log write several pages each), so a
// write or a read now and then waited that long for nothing of its own (decision 025). The main connection does no
// checkpoint here; a thread of its own does them, off the event loop, once the log has grown as large as SQLite's
// own threshold, then every second while writes come.

/** SQLite's own threshold: 1,000 pages of 4 KB. Below it (small databases, most tests) no thread is started. */
export const WAL_START_BYTES = 1000 * 4096;
/**
 * A log in use larger than this that a passive checkpoint could not copy whole is copied whole and emptied, writers
 * waiting (a bulk load's: see the worker); and the log's file is cut back to this size when SQLite starts it over.
 */
export const WAL_TRUNCATE_BYTES = 64 * 1024 * 1024;
/** How often the log's size is looked at before the thread starts, and how often the thread copies it back. */
export const CHECKPOINT_INTERVAL_MS = 1000;

const WORKER_SCRIPT = new URL(
  import.meta.url.endsWith('.ts') ? './sqlite-checkpoint-worker.ts' : './sqlite-checkpoint-worker.js',
  import.meta.url,
);

export type WalCheckpoints = {
  /** Whether the checkpoint thread has started (for tests). */
  readonly running: boolean;
  /** Stops the thread (its connection closed) and the watch; safe to call more than once. */
  stop: () => Promise<void>;
};

/** Moves the checkpoints of `database`, the writing connection to `filename`, to a thread of their own. */
export function checkpointOffTheEventLoop(
  database: DatabaseSync,
  filename: string,
  intervalMs = CHECKPOINT_INTERVAL_MS,
  truncateBytes = WAL_TRUNCATE_BYTES,
): WalCheckpoints {
  database.exec('pragma wal_autocheckpoint = 0');
  // When a write starts the log over (everything in it copied), SQLite cuts the file back to this: the thread need
  // not empty it, writers waiting, to keep it small.
  database.exec(`pragma journal_size_limit = ${truncateBytes}`);
  let worker: Worker | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const start = () => {
    const workerData: CheckpointWorkerData = { filename, intervalMs, truncateBytes };
    const started = new Worker(WORKER_SCRIPT, { workerData });
    // Idle between checkpoints, it does not keep the process alive.
    started.unref();
    exited = new Promise((resolve) => started.once('exit', resolve));
    // A failed checkpoint thread must not leave the log growing for ever: SQLite checkpoints on commit again.
    started.on('error', () => {
      if (!stopped && database.isOpen) database.exec('pragma wal_autocheckpoint = 1000');
    });
    worker = started;
  };

  /** A bulk load turns SQLite's own checkpoints back on for its connection (bench-fill-sqlite.ts): no thread then. */
  const inlineCheckpoints = () => {
    const row = database.prepare('pragma wal_autocheckpoint').get() as
      { wal_autocheckpoint?: number } | undefined;
    return (row?.wal_autocheckpoint ?? 0) > 0;
  };

  const watch = setInterval(() => {
    void stat(`${filename}-wal`).then(
      ({ size }) => {
        if (size < WAL_START_BYTES || worker !== undefined || stopped || !database.isOpen) return;
        if (inlineCheckpoints()) return;
        clearInterval(watch);
        start();
      },
      // No log yet.
      () => undefined,
    );
  }, intervalMs);
  watch.unref();

  return {
    get running() {
      return worker !== undefined;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(watch);
      // Referenced again: the process waits for the thread to close its connection before it goes on.
      worker?.ref();
      worker?.postMessage('stop' satisfies CheckpointMessage);
      await exited;
    },
  };
}
