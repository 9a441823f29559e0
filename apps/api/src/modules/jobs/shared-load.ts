// The requests' load, as the queue thread sees it (decision 057). The pacer (pacer.ts) asks how long requests were in
// flight and how long the event loop worked; on the queue thread (decision 052) those are the main thread's, so the
// main thread writes them into shared memory every SAMPLE_MS and the thread reads the last sample. A seqlock keeps a
// sample whole: the writer makes the sequence odd while it writes, and a reader retries until it reads one even
// sequence on both sides.

/** How often the main thread publishes its load. The queue's steps last tens of milliseconds. */
export const SAMPLE_MS = 10;

/** The main thread's clock when sampled, its busy time and its working time, all in its milliseconds. */
export type LoadSample = { at: number; busyMs: number; activeMs: number };

const SEQUENCE_BYTES = 8;

export function createLoadBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(SEQUENCE_BYTES + 3 * Float64Array.BYTES_PER_ELEMENT);
}

/** Publishes `sample()` into `buffer` now and every SAMPLE_MS, until the returned function is called. */
export function publishLoad(buffer: SharedArrayBuffer, sample: () => LoadSample): () => void {
  const sequence = new Int32Array(buffer, 0, 1);
  const values = new Float64Array(buffer, SEQUENCE_BYTES, 3);
  const write = () => {
    const { at, busyMs, activeMs } = sample();
    Atomics.add(sequence, 0, 1);
    values[0] = at;
    values[1] = busyMs;
    values[2] = activeMs;
    Atomics.add(sequence, 0, 1);
  };
  write();
  const timer = setInterval(write, SAMPLE_MS);
  // The thread's life is the process's business, not this timer's.
  timer.unref();
  return () => clearInterval(timer);
}

/** The last sample published into `buffer`. */
export function readLoad(buffer: SharedArrayBuffer): LoadSample {
  const sequence = new Int32Array(buffer, 0, 1);
  const values = new Float64Array(buffer, SEQUENCE_BYTES, 3);
  for (;;) {
    const before = Atomics.load(sequence, 0);
    const sample = { at: values[0] ?? 0, busyMs: values[1] ?? 0, activeMs: values[2] ?? 0 };
    if (before % 2 === 0 && Atomics.load(sequence, 0) === before) return sample;
  }
}
