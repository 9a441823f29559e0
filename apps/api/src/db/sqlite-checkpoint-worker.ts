import { statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';

// The thread that copies the write-ahead log back into the SQLite file (sqlite-checkpoints.ts): a checkpoint ends
// with an fsync of the file, which took 15 to 80 ms on the machines measured, and run by a write's commit (SQLite's
// automatic checkpoints) it held the event loop that long. Only node built-ins here: the file runs as Node loads it.

export type CheckpointWorkerData = { filename: string; intervalMs: number; truncateBytes: number };
export type CheckpointMessage = 'stop';

const { filename, intervalMs, truncateBytes } = workerData as CheckpointWorkerData;
// The busy timeout is for the truncating checkpoint only (a passive one never waits).
const database = new DatabaseSync(filename, { timeout: 5000 });
// As the writing connection's (sqlite-dialect.ts): the file is synced at each checkpoint, the log not at each commit.
database.exec('pragma synchronous = normal');
const checkpoint = database.prepare('pragma wal_checkpoint(passive)');
const truncate = database.prepare('pragma wal_checkpoint(truncate)');
const pageBytes = Number((database.prepare('pragma page_size').get() as { page_size: number }).page_size);

/** What a checkpoint reports: frames in the log in use, and how many of them are now in the file. */
type CheckpointResult = { busy: number; log: number; checkpointed: number };

/** The log's modification time at the last checkpoint: an unchanged log has nothing new to copy. */
let checkpointedAt = -1;

/** The log's size and modification time; none when there is no log (every connection closed). */
function walState(): { size: number; modifiedAt: number } | undefined {
  try {
    const { size, mtimeMs } = statSync(`${filename}-wal`);
    return { size, modifiedAt: mtimeMs };
  } catch {
    return undefined;
  }
}

const timer = setInterval(() => {
  const wal = walState();
  if (wal === undefined || wal.modifiedAt === checkpointedAt) return;
  try {
    // Passive: copies what no reader still needs and never waits for readers or writers. Once it has copied the
    // whole log, the next write starts the log over (and SQLite cuts its file back to the connection's
    // journal_size_limit). A passive checkpoint racing steady writes (a bulk load) may never copy it whole: a log in
    // use past `truncateBytes` that it left partly uncopied is copied whole and emptied, writers waiting meanwhile.
    // Judged by the log in use, not by the file's size: a burst of writes leaves a large file that SQLite reuses
    // from its start, and emptying it every second held each write of the burst for 75–440 ms (decision 051).
    const result = checkpoint.get() as CheckpointResult | undefined;
    if (result !== undefined && result.checkpointed < result.log && result.log * pageBytes > truncateBytes)
      truncate.get();
    checkpointedAt = wal.modifiedAt;
  } catch {
    // The file busy beyond the busy timeout: tried again on the next tick.
  }
}, intervalMs);

const port = parentPort;
if (port === null) throw new Error('sqlite-checkpoint-worker.ts runs as a worker thread');
port.on('message', (message: CheckpointMessage) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  database.close();
  port.close();
});
