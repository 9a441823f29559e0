import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { allCacheLookups } from '../../db/cache-lookups.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { replicaReads } from '../../db/replica-reads.ts';
import { queuePauses } from '../jobs/pacer.ts';
import { jobQueueDepths } from '../jobs/repository.ts';
import { queuedPushCount } from '../push/repository.ts';
import { geocoderOutcomes } from '../geocoding/service.ts';
import { pushOutcomes } from '../push/sender.ts';

/** Seconds; from the front door's sub-millisecond answers to the slowest uploads. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type Metrics = {
  registry: Registry;
  /** One answered request: `route` is the route's pattern (never the raw URL, which would have no bound). */
  request(method: string, route: string, statusCode: number, seconds: number): void;
  email(outcome: 'sent' | 'failed', count?: number): void;
  /** Stops observing the database. */
  close(): void;
};

/**
 * This process's Prometheus metrics, in a registry of its own (several apps may live in one test process). Gauges
 * and cache counters are read when scraped (collect), so the request path pays only for the request metrics.
 */
export function createMetrics({
  database,
  openStreams,
}: {
  database: DatabaseHandle;
  /** How many live notifications streams this process holds. */
  openStreams: () => number;
}): Metrics {
  const registry = new Registry();
  // Event-loop delay, heap, RSS, handles, GC: the standard names dashboards expect.
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'eco_http_requests_total',
    help: 'Requests answered, by method, route pattern and status code',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'eco_http_request_duration_seconds',
    help: 'Time from arrival to answer, by method, route pattern and status code',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  const queries = new Histogram({
    name: 'eco_db_query_duration_seconds',
    help: 'Database query time, by pool (main: writes and short reads; reader: the lists; replica) and outcome',
    labelNames: ['pool', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const stopObserving = database.observeQueries((pool, seconds, failed) =>
    queries.observe({ pool, outcome: failed ? 'error' : 'ok' }, seconds),
  );
  const { poolStats } = database;
  if (poolStats !== undefined) {
    new Gauge({
      name: 'eco_db_pool_connections',
      help: 'PostgreSQL pool connections by state: total open, idle, and requests waiting for one',
      labelNames: ['pool', 'state'] as const,
      registers: [registry],
      collect() {
        for (const { pool, total, idle, waiting } of poolStats()) {
          this.set({ pool, state: 'total' }, total);
          this.set({ pool, state: 'idle' }, idle);
          this.set({ pool, state: 'waiting' }, waiting);
        }
      },
    });
    new Gauge({
      name: 'eco_db_pool_max_connections',
      help: 'Most connections each PostgreSQL pool opens',
      labelNames: ['pool'] as const,
      registers: [registry],
      collect() {
        for (const { pool, max } of poolStats()) this.set({ pool }, max);
      },
    });
  }

  if (database.replica !== undefined) {
    new Counter({
      name: 'eco_db_replica_reads_total',
      help: "Lists' reads by where they ran: replica (caught up), behind (the primary: the replica lagged), failed (the primary: the replica did not answer)",
      labelNames: ['outcome'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [outcome, count] of Object.entries(replicaReads())) this.inc({ outcome }, count);
      },
    });
  }

  new Counter({
    name: 'eco_cache_lookups_total',
    help: 'Lookups of the list caches (answers, counts, spelling corrections, publication reads): hit or miss',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      // The caches keep plain process-wide totals (db/cache-lookups.ts); the counter shows them as they are.
      this.reset();
      for (const [cache, { hits, misses }] of allCacheLookups()) {
        this.inc({ cache, result: 'hit' }, hits);
        this.inc({ cache, result: 'miss' }, misses);
      }
    },
  });

  const emails = new Counter({
    name: 'eco_emails_total',
    help: 'E-mails handed to SMTP (or written to the outbox): sent or failed',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  // Both series exist from the start, so that rate() sees the first failure.
  emails.inc({ outcome: 'sent' }, 0);
  emails.inc({ outcome: 'failed' }, 0);

  new Counter({
    name: 'eco_pushes_total',
    help: 'Pushes handed to a push service: sent, expired (the device is gone: its subscription removed) or failed',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      // Process-wide totals (push/sender.ts), shown as they are; every series exists from the start.
      this.reset();
      for (const [outcome, count] of Object.entries(pushOutcomes)) this.inc({ outcome }, count);
    },
  });

  new Counter({
    name: 'eco_geocoder_searches_total',
    help: "The form's address searches (GEOCODER_URL): cached, asked (of the geocoder), busy (its pace full) or failed",
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [outcome, count] of Object.entries(geocoderOutcomes)) this.inc({ outcome }, count);
    },
  });

  // The queues live in the database: every process reports the same depth (dashboards take the max, not the sum).
  // Counted on the reader (off the event loop on SQLite: 100,000 reminders due are a scan); with the database out
  // of reach a scrape still reports everything else.
  new Gauge({
    name: 'eco_jobs_queued',
    help: 'Jobs in the queue (reminders, e-mails, saved-search alerts, digests) by kind and state: due, running, scheduled, failed',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const depths = await jobQueueDepths(database.reader).catch(() => []);
      for (const { kind, state, count } of depths) this.set({ kind, state }, count);
    },
  });
  new Gauge({
    name: 'eco_pushes_queued',
    help: 'Pushes waiting to be sent',
    registers: [registry],
    async collect() {
      // Out of reach, the last count read stays (a gauge without labels cannot leave its one series out).
      const queued = await queuedPushCount(database.reader).catch(() => undefined);
      if (queued !== undefined) this.set(queued);
    },
  });
  new Counter({
    name: 'eco_job_queue_paused_seconds_total',
    help: "Seconds this process's job queue waited while requests kept the process busy (decision 046)",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(queuePauses.seconds);
    },
  });

  new Gauge({
    name: 'eco_notification_streams',
    help: 'Live notifications streams (SSE) open on this process',
    registers: [registry],
    collect() {
      this.set(openStreams());
    },
  });

  return {
    registry,
    request(method, route, statusCode, seconds) {
      const labels = { method, route, status_code: statusCode };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    email: (outcome, count = 1) => emails.inc({ outcome }, count),
    close: stopObserving,
  };
}
