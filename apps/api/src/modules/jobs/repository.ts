import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DB, Dialect } from '../../db/schema.ts';

// The jobs table (migration 0025): enqueue, claim, finish, retry, move and drop. Times are ISO 8601 text in UTC,
// which sorts as it compares on both dialects.

export type NewJob = {
  /** The job's name: enqueuing a name already queued changes nothing (or moves it, with `replace`). */
  id?: string;
  kind: string;
  subject?: string | null;
  payload?: unknown;
  runAt: Date;
};

export type Job = {
  id: string;
  kind: string;
  subject: string | null;
  payload: unknown;
  /** Claims so far, this one included. */
  attempts: number;
  /** The token of this claim: only its holder finishes the job. */
  claim: string;
};

/** Queues the jobs (one statement); with `replace`, a job already queued under one of the names is moved. */
export async function enqueueJobs(
  db: DB,
  jobs: readonly NewJob[],
  { replace = false }: { replace?: boolean } = {},
): Promise<void> {
  if (jobs.length === 0) return;
  const now = new Date().toISOString();
  const rows = jobs.map((job) => ({
    id: job.id ?? randomUUID(),
    kind: job.kind,
    subject: job.subject ?? null,
    payload: JSON.stringify(job.payload ?? {}),
    run_at: job.runAt.toISOString(),
    created_at: now,
  }));
  await db
    .insertInto('jobs')
    .values(rows)
    .onConflict((conflict) =>
      replace
        ? conflict.column('id').doUpdateSet((eb) => ({
            run_at: eb.ref('excluded.run_at'),
            payload: eb.ref('excluded.payload'),
            attempts: 0,
            claim: null,
            failed_at: null,
            last_error: null,
          }))
        : conflict.column('id').doNothing(),
    )
    .execute();
}

type ClaimedRow = { id: string; kind: string; subject: string | null; payload: string; attempts: number };

/**
 * Takes up to `limit` due jobs for `leaseMs`, soonest due first, in one statement. On PostgreSQL the rows are
 * locked as they are picked and rows another process is claiming are skipped (`for update skip locked`), so
 * concurrent claims never take the same job; on SQLite the single writer serialises the statement.
 */
export async function claimJobs(
  db: DB,
  dialect: Dialect,
  { limit, leaseMs, now = new Date() }: { limit: number; leaseMs: number; now?: Date },
): Promise<Job[]> {
  const claim = randomUUID();
  const due = now.toISOString();
  const leaseEnd = new Date(now.getTime() + leaseMs).toISOString();
  const lock = dialect === 'postgres' ? sql`for update skip locked` : sql``;
  const { rows } = await sql<ClaimedRow>`update jobs set run_at = ${leaseEnd}, claim = ${claim},
      attempts = attempts + 1
    where id in (select id from jobs where failed_at is null and run_at <= ${due}
      order by run_at limit ${limit} ${lock})
    returning id, kind, subject, payload, attempts`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    payload: JSON.parse(row.payload) as unknown,
    attempts: Number(row.attempts),
    claim,
  }));
}

/** The jobs' ids by claim, in runs of at most 500: one statement each. */
function* idsByClaim(jobs: readonly Pick<Job, 'id' | 'claim'>[]): Generator<[claim: string, ids: string[]]> {
  const byClaim = new Map<string, string[]>();
  for (const job of jobs) byClaim.set(job.claim, [...(byClaim.get(job.claim) ?? []), job.id]);
  for (const [claim, ids] of byClaim) {
    for (let start = 0; start < ids.length; start += 500) yield [claim, ids.slice(start, start + 500)];
  }
}

/** Done: the job leaves the queue, unless its lease ended and another claim holds it now. */
export async function finishJobs(db: DB, jobs: readonly Pick<Job, 'id' | 'claim'>[]): Promise<void> {
  for (const [claim, ids] of idsByClaim(jobs)) {
    await db.deleteFrom('jobs').where('claim', '=', claim).where('id', 'in', ids).execute();
  }
}

/**
 * Handed back unfinished by a process that is stopping: due again at once for any process, the claim not counted as
 * an attempt (a deploy is not the job's failure).
 */
export async function releaseJobs(db: DB, jobs: readonly Pick<Job, 'id' | 'claim'>[]): Promise<void> {
  const now = new Date().toISOString();
  for (const [claim, ids] of idsByClaim(jobs)) {
    await db
      .updateTable('jobs')
      .set((eb) => ({ run_at: now, claim: null, attempts: eb('attempts', '-', 1) }))
      .where('claim', '=', claim)
      .where('id', 'in', ids)
      .execute();
  }
}

/** Failed: due again at `retryAt`, or never again (null), with the error kept for the operator. */
export async function failJob(db: DB, job: Job, error: string, retryAt: Date | null): Promise<void> {
  const now = new Date().toISOString();
  await db
    .updateTable('jobs')
    .set({
      claim: null,
      last_error: error.slice(0, 2000),
      ...(retryAt === null ? { failed_at: now } : { run_at: retryAt.toISOString() }),
    })
    .where('id', '=', job.id)
    .where('claim', '=', job.claim)
    .execute();
}

/** When the next job not yet claimed is due (claimed ones are due when their lease ends), or undefined. */
export async function nextDue(db: DB): Promise<Date | undefined> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.min('run_at').as('next'))
    .where('failed_at', 'is', null)
    .executeTakeFirst();
  return row?.next == null ? undefined : new Date(row.next);
}

export type QueueState = 'due' | 'running' | 'scheduled' | 'failed';

/**
 * How many jobs the queue holds at `now`, by kind and state (/metrics): due (a claim may take them now, a dead
 * process's expired lease included), running (claimed, the lease in force), scheduled (due later: reminders, retries),
 * failed (given up, kept for the operator).
 */
export async function jobQueueDepths(
  db: DB,
  now = new Date(),
): Promise<{ kind: string; state: QueueState; count: number }[]> {
  const at = now.toISOString();
  const { rows } = await sql<{ kind: string; state: QueueState; count: number | string }>`
    select kind, state, count(*) as count from (
      select kind, case when failed_at is not null then 'failed' when run_at <= ${at} then 'due'
        when claim is not null then 'running' else 'scheduled' end as state
      from jobs) as queued
    group by kind, state`.execute(db);
  return rows.map((row) => ({ kind: row.kind, state: row.state, count: Number(row.count) }));
}

/** Drops the jobs of `subject` (of `kind`, when given) still queued. */
export async function dropJobsOf(db: DB, subject: string, kind?: string): Promise<void> {
  let query = db.deleteFrom('jobs').where('subject', '=', subject);
  if (kind !== undefined) query = query.where('kind', '=', kind);
  await query.execute();
}

/** Drops the named jobs. */
export async function dropJobs(db: DB, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('jobs').where('id', 'in', ids).execute();
}
