/** Hundredths of a millisecond per bucket, up to autocannon's request timeout of 10 s (the last holds the rest). */
const BUCKETS_PER_MS = 100;
const LAST_BUCKET = 10_000 * BUCKETS_PER_MS;

/**
 * Latencies counted to a hundredth of a millisecond in fixed memory (4 MB whatever the run's length). autocannon's
 * own histogram keeps whole milliseconds, which reads 0, 1 or 2 for every list answer of a fast machine: too coarse
 * for a p99 compared with another.
 */
export class LatencyHistogram {
  readonly #counts = new Uint32Array(LAST_BUCKET + 1);
  #total = 0;
  #max = 0;

  record(ms: number): void {
    this.#counts[Math.min(LAST_BUCKET, Math.floor(ms * BUCKETS_PER_MS))]! += 1;
    this.#total += 1;
    this.#max = Math.max(this.#max, ms);
  }

  get count(): number {
    return this.#total;
  }

  /** The latency that `share` of the recorded ones do not exceed (the top of its bucket), in ms. */
  percentile(share: number): number {
    if (this.#total === 0) return 0;
    const rank = Math.max(1, Math.ceil(share * this.#total));
    let seen = 0;
    for (let bucket = 0; bucket <= LAST_BUCKET; bucket += 1) {
      seen += this.#counts[bucket]!;
      if (seen >= rank)
        return bucket === LAST_BUCKET ? this.#max : Math.min(this.#max, (bucket + 1) / BUCKETS_PER_MS);
    }
    return this.#max;
  }

  get max(): number {
    return this.#max;
  }

  /** What another thread recorded, to be sent (the counts' buffer transferred) and merged. */
  export(): { counts: Uint32Array<ArrayBuffer>; total: number; max: number } {
    return { counts: this.#counts, total: this.#total, max: this.#max };
  }

  /** Adds what another histogram exported: several load tests (threads, servers) into one distribution. */
  merge({ counts, total, max }: ReturnType<LatencyHistogram['export']>): void {
    for (let bucket = 0; bucket <= LAST_BUCKET; bucket += 1) {
      const count = counts[bucket]!;
      if (count !== 0) this.#counts[bucket]! += count;
    }
    this.#total += total;
    this.#max = Math.max(this.#max, max);
  }
}
