import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { claimJobs, enqueueJobs, type Job } from '../src/modules/jobs/repository.ts';
import {
  BATCH_SIZE,
  createJobWorker,
  retryDelayMs,
  SQLITE_BATCH_SIZE,
  type JobHandler,
  type JobWorker,
} from '../src/modules/jobs/worker.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-app.ts';

// The durable job queue (decision 036): claims are atomic across connections (processes), a dead process's jobs run
// after its lease, failures are retried with backoff, and a worker stops after the batch in hand.

const log = pino({ level: 'silent' });
const waitLong = { timeout: 60_000, interval: 50 };

describe('the job queue', () => {
  let subject: TestDatabase;
  const workers: JobWorker[] = [];
  const handles: DatabaseHandle[] = [];

  /** Each run of a job is a row: a job run twice shows twice. */
  const recording =
    (db: DatabaseHandle['db'], by: string): JobHandler =>
    async (jobs) => {
      await db
        .insertInto('job_runs' as never)
        .values(jobs.map((job) => ({ job_id: job.id, worker: by })) as never)
        .execute();
    };

  const runs = async () =>
    (
      await sql<{ job_id: string; worker: string }>`select job_id, worker from job_runs`.execute(
        subject.database.db,
      )
    ).rows;
  const queued = async () =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from jobs`.execute(subject.database.db)).rows[0]?.n,
    );

  function worker(handle: DatabaseHandle, handlers: Record<string, JobHandler>, batchSize = 25): JobWorker {
    const created = createJobWorker({
      db: handle.db,
      dialect: handle.dialect,
      handlers,
      log,
      pollMs: 100,
      batchSize,
    });
    workers.push(created);
    return created;
  }

  /** Another process's connections to the same database (SQLite: the same file; one process by design). */
  function otherHandle(): DatabaseHandle {
    const handle = createDatabase(subject.config);
    handles.push(handle);
    return handle;
  }

  beforeAll(async () => {
    subject = await createTestDatabase();
    await sql`create table job_runs (job_id text not null, worker text not null)`.execute(
      subject.database.db,
    );
  });

  afterAll(async () => {
    for (const created of workers) await created.stop();
    for (const handle of handles) await handle.close();
    await subject?.dispose();
  });

  it('runs every job exactly once with two workers on their own connections claiming at once', async () => {
    const count = 600;
    await enqueueJobs(
      subject.database.db,
      Array.from({ length: count }, (_, index) => ({
        id: `once-${index}`,
        kind: 'record',
        runAt: new Date(Date.now() - 1000),
      })),
    );
    // Queueing a name again changes nothing.
    await enqueueJobs(subject.database.db, [{ id: 'once-0', kind: 'record', runAt: new Date() }]);
    const first = otherHandle();
    const second = testDialect === 'postgres' ? otherHandle() : first;
    const a = worker(first, { record: recording(first.db, 'a') });
    const b = worker(second, { record: recording(second.db, 'b') });
    a.start();
    b.start();
    await vi.waitFor(async () => expect(await queued()).toBe(0), waitLong);
    const done = await runs();
    expect(done).toHaveLength(count);
    expect(new Set(done.map((run) => run.job_id)).size).toBe(count);
    if (testDialect === 'postgres') {
      // Both took part (each claims 25 at a time from one shared queue).
      expect(new Set(done.map((run) => run.worker))).toEqual(new Set(['a', 'b']));
    }
    await a.stop();
    await b.stop();
  }, 120_000);

  it('claims fewer jobs at once on SQLite, whose statements hold the event loop, than on PostgreSQL', async () => {
    const size = testDialect === 'sqlite' ? SQLITE_BATCH_SIZE : BATCH_SIZE;
    expect(SQLITE_BATCH_SIZE).toBeLessThan(BATCH_SIZE);
    await enqueueJobs(
      subject.database.db,
      Array.from({ length: size + 10 }, (_, index) => ({
        id: `sized-${index}`,
        kind: 'sized',
        runAt: new Date(Date.now() - 1000),
      })),
    );
    const batches: number[] = [];
    const created = createJobWorker({
      db: subject.database.db,
      dialect: subject.database.dialect,
      handlers: { sized: async (jobs) => void batches.push(jobs.length) },
      log,
      pollMs: 100,
    });
    workers.push(created);
    created.start();
    await vi.waitFor(async () => expect(await queued()).toBe(0), waitLong);
    await created.stop();
    expect(batches).toEqual([size, 10]);
  });

  it("runs a dead process's claimed jobs once its lease ends, and nothing is lost", async () => {
    await sql`delete from job_runs`.execute(subject.database.db);
    await enqueueJobs(
      subject.database.db,
      Array.from({ length: 10 }, (_, index) => ({ id: `lease-${index}`, kind: 'record', runAt: new Date() })),
    );
    // A process claims them and dies before finishing: they are its for 1.5 s.
    const dead = await claimJobs(subject.database.db, subject.database.dialect, {
      limit: 100,
      leaseMs: 1500,
    });
    expect(dead).toHaveLength(10);
    const restarted = worker(subject.database, { record: recording(subject.database.db, 'restarted') });
    restarted.start();
    // Not before the lease ends…
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await runs()).toEqual([]);
    // …then each once.
    await vi.waitFor(async () => expect(await queued()).toBe(0), waitLong);
    expect((await runs()).map((run) => run.job_id).sort()).toEqual(dead.map((job) => job.id).sort());
    await restarted.stop();
  }, 60_000);

  it('retries a failing job with backoff, then gives it up after the last attempt', async () => {
    let calls = 0;
    const flaky = worker(subject.database, {
      flaky: async (jobs: Job[]) => {
        calls += 1;
        return new Map(jobs.map((job) => [job.id, new Error('El servidor de correo no respondió')]));
      },
    });
    await enqueueJobs(subject.database.db, [{ id: 'flaky-1', kind: 'flaky', runAt: new Date() }]);
    const before = Date.now();
    flaky.start();
    const row = () =>
      subject.database.db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', 'flaky-1')
        .executeTakeFirstOrThrow();
    await vi.waitFor(
      async () => expect((await row()).last_error).toBe('El servidor de correo no respondió'),
      waitLong,
    );
    const failed = await row();
    expect(failed.attempts).toBe(1);
    expect(failed.claim).toBeNull();
    expect(Date.parse(failed.run_at)).toBeGreaterThanOrEqual(before + retryDelayMs(1));
    expect(calls).toBe(1);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(20)).toBe(3_600_000);

    // At its eighth claim it is given up: kept, never run again.
    await subject.database.db
      .updateTable('jobs')
      .set({ attempts: 7, run_at: new Date().toISOString() })
      .where('id', '=', 'flaky-1')
      .execute();
    flaky.wake();
    await vi.waitFor(async () => expect((await row()).failed_at).not.toBeNull(), waitLong);
    expect((await row()).attempts).toBe(8);
    await flaky.stop();
  }, 60_000);

  it('stops after finishing the batch in hand', async () => {
    await sql`delete from job_runs`.execute(subject.database.db);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const started = Promise.withResolvers<void>();
    const slow = worker(subject.database, {
      slow: async (jobs, pace) => {
        started.resolve();
        await held;
        await recording(subject.database.db, 'slow')(jobs, pace);
      },
    });
    await enqueueJobs(subject.database.db, [{ id: 'slow-1', kind: 'slow', runAt: new Date() }]);
    slow.start();
    await started.promise;
    let stopped = false;
    const stopping = slow.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await runs()).map((run) => run.job_id)).toEqual(['slow-1']);
    expect(await queued()).toBe(1); // only the given-up flaky one is left
  }, 60_000);
  it("hands back, at its handler's next step, the claim it is stopped in: due at once, no attempt counted", async () => {
    await sql`delete from job_runs`.execute(subject.database.db);
    const past = new Date(Date.now() - 60_000);
    await enqueueJobs(subject.database.db, [
      { id: 'long-1', kind: 'long', runAt: past },
      { id: 'long-2', kind: 'long', runAt: past },
      // Claimed in the same batch, of a kind whose turn comes after the stop: handed back without running.
      { id: 'after-1', kind: 'after', runAt: new Date(past.getTime() + 1000) },
    ]);
    const inStep = Promise.withResolvers<void>();
    const next = Promise.withResolvers<void>();
    let ranAfter = false;
    const stopping = worker(subject.database, {
      long: async (jobs, pace) => {
        await recording(subject.database.db, 'stopping')(jobs.slice(0, 1), pace);
        inStep.resolve();
        await next.promise;
        // The next step, after stop(): it throws, and the handler lets it through.
        await pace();
        await recording(subject.database.db, 'stopping')(jobs.slice(1), pace);
      },
      after: async () => {
        ranAfter = true;
      },
    });
    stopping.start();
    await inStep.promise;
    const stopped = stopping.stop();
    next.resolve();
    await stopped;
    expect(ranAfter).toBe(false);
    expect((await runs()).map((run) => run.job_id)).toEqual(['long-1']);
    const rows = (
      await sql<{ id: string; claim: string | null; attempts: number | string; run_at: string }>`
        select id, claim, attempts, run_at from jobs where id in ('long-1', 'long-2', 'after-1') order by id`.execute(
        subject.database.db,
      )
    ).rows;
    expect(rows.map((row) => [row.id, row.claim, Number(row.attempts)])).toEqual([
      ['after-1', null, 0],
      ['long-1', null, 0],
      ['long-2', null, 0],
    ]);
    for (const row of rows) expect(new Date(row.run_at).getTime()).toBeLessThanOrEqual(Date.now());

    // Another process takes them at once (no lease to wait for) and runs them to the end.
    const takeover = worker(otherHandle(), {
      long: recording(subject.database.db, 'next'),
      after: recording(subject.database.db, 'next'),
    });
    takeover.start();
    await vi.waitFor(
      async () => expect((await runs()).filter((run) => run.worker === 'next')).toHaveLength(3),
      {
        timeout: 10_000,
        interval: 50,
      },
    );
    await takeover.stop();
  }, 60_000);

  it("lets what arrived meanwhile run at each step of a handler's, not only after the batch", async () => {
    await enqueueJobs(subject.database.db, [
      { id: 'stepped-1', kind: 'stepped', runAt: new Date(Date.now() - 1000) },
    ]);
    const order: string[] = [];
    const created = createJobWorker({
      db: subject.database.db,
      dialect: subject.database.dialect,
      handlers: {
        // Each step a statement that holds the thread (as SQLite's do) while a timer comes due: a request's I/O.
        stepped: async (_jobs, pace) => {
          for (let step = 0; step < 3; step++) {
            setTimeout(() => order.push(`timer ${step}`), 0);
            const until = performance.now() + 5;
            while (performance.now() < until) {
              // Busy, as a statement on this thread is.
            }
            await pace();
            order.push(`step ${step}`);
          }
        },
      },
      log,
      pollMs: 100,
    });
    workers.push(created);
    created.start();
    await vi.waitFor(() => expect(order).toHaveLength(6), waitLong);
    await created.stop();
    expect(order).toEqual(['timer 0', 'step 0', 'timer 1', 'step 1', 'timer 2', 'step 2']);
  });
});
