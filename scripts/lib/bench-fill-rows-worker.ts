import { parentPort, workerData } from 'node:worker_threads';
import { createRowFactory } from './bench-rows.ts';

// The fill's rows, made on another thread while the fill's thread writes the previous ones (bench-fill.ts): the
// same seeded sequence as made in place (the users first, then the publications), sent as JSON text, which the
// other side parses several times faster than it would make the rows.

export type RowsWorkerData = {
  seed: number;
  /** Epoch milliseconds: the rows' dates are relative to it. */
  now: number;
  publications: number;
  users: number;
  passwordHash: string;
  imageUrls: readonly string[];
  batchRows: number;
};

const data = workerData as RowsWorkerData;
const factory = createRowFactory(data.seed, new Date(data.now), data.publications);
const users = Array.from({ length: data.users }, (_, index) => factory.user(index, data.passwordHash));
const authorIds = users.map((user) => user.id);
parentPort?.postMessage(JSON.stringify(users));

let made = 0;
// One batch per request: the fill asks a couple ahead, so at most a few batches wait in memory.
parentPort?.on('message', () => {
  const size = Math.min(data.batchRows, data.publications - made);
  made += size;
  const rows = Array.from({ length: size }, () => factory.publication(authorIds, data.imageUrls));
  parentPort?.postMessage(JSON.stringify(rows));
});
