import { readlinkSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { getPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { MAX_PAUSE_MS, queuePauses } from '../src/modules/jobs/pacer.ts';
import { createQueueThread, QUEUE_THREAD_NICE } from '../src/modules/jobs/queue-thread.ts';
import type { LoadSample } from '../src/modules/jobs/shared-load.ts';
import {
  actor,
  dayBeforeReminders,
  outboxEmails,
  queueRemindersOf,
  storeInterestedEvent,
} from './helpers/publications.ts';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.ts';

// JOBS_WORKER=thread (PostgreSQL's default, decision 052): the queue runs on a thread of the process at a lower CPU
// priority, with its own connections and mailer. A real app on PostgreSQL: the thread exists at nice +10 while the
// app runs and is gone once it closes, sends what is due (a notification, an e-mail in the outbox, counted in the
// app's /metrics), and a request that queues work due now wakes it at once, long before its poll. Its work steps aside
// while the requests' thread is saturated (decision 057), which it learns from shared memory.

const METRICS_TOKEN = 'm'.repeat(32);

/** This process's threads and their nice values (/proc/self/task/<tid>/stat, field 19). */
async function niceOfThreads(): Promise<Map<number, number>> {
  const nice = new Map<number, number>();
  for (const tid of await readdir('/proc/self/task')) {
    const stat = await readFile(`/proc/self/task/${tid}/stat`, 'utf8').catch(() => undefined);
    if (stat === undefined) continue;
    // After the command's parentheses: state is field 3, nice is field 19.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    nice.set(Number(tid), Number(fields[16]));
  }
  return nice;
}

describe.runIf(testDialect === 'postgres')('the job queue on its own thread (JOBS_WORKER=thread)', () => {
  let subject: TestApp;
  let publicationId = '';
  let member = '';
  // The test's own thread, which answers the requests (vitest may run it on a worker thread).
  const requestThread = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
  const baseNice = getPriority(requestThread);

  const emails = () => outboxEmails(subject.config.outboxDir);
  const notified = (userId: string) => dayBeforeReminders(subject.database.db, publicationId, userId);
  const emailsCounted = async () => {
    const response = await subject.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    return Number(/^eco_emails_total\{outcome="sent"\} (\d+)$/m.exec(response.body)?.[1]);
  };

  beforeAll(async () => {
    subject = await createTestApp({
      // A poll far longer than the test: only the start-up claim and the wakes run the jobs.
      env: { JOBS_WORKER: 'thread', JOBS_POLL_MS: '60000', METRICS_TOKEN },
    });
    ({
      publicationId,
      memberIds: [member = ''],
    } = await storeInterestedEvent(subject.database.db, 1));
    // The event starts in 3 hours: the 24-hour reminder is due now.
    await queueRemindersOf(subject.database.db, 'postgres', publicationId);
  }, 60_000);

  afterAll(async () => {
    await subject?.dispose();
  });

  it('runs at a lower priority and sends what is due, counted in the metrics of the process', async () => {
    const before = await niceOfThreads();
    await subject.app.ready();
    await vi.waitFor(
      async () => {
        const lowered = [...(await niceOfThreads())].filter(
          ([tid, nice]) => !before.has(tid) && nice === baseNice + QUEUE_THREAD_NICE,
        );
        expect(lowered.length).toBeGreaterThanOrEqual(1);
      },
      { timeout: 10_000, interval: 50 },
    );
    // The requests' thread keeps its priority.
    expect((await niceOfThreads()).get(requestThread)).toBe(baseNice);

    await vi.waitFor(
      async () => {
        expect(await notified(member)).toBe(1);
        expect(await emails()).toBe(1);
      },
      { timeout: 20_000, interval: 100 },
    );
    // Reported within a second of the send.
    await vi.waitFor(async () => expect(await emailsCounted()).toBe(1), { timeout: 5_000, interval: 100 });
  }, 60_000);

  it('is woken by a request that queues work due now, without waiting for its poll', async () => {
    const late = await actor(subject.database.db, 'tardia@example.com', 'Tardía Interesada');
    const response = await subject.app.inject({
      method: 'PUT',
      url: `/api/publication/${publicationId}/interest`,
      headers: late.headers,
    });
    expect(response.statusCode).toBeLessThan(300);
    await vi.waitFor(
      async () => {
        expect(await notified(late.id)).toBe(1);
        expect(await emails()).toBe(2);
      },
      { timeout: 10_000, interval: 100 },
    );
  }, 30_000);

  it('ends with the app: no thread of it is left', async () => {
    const lowered = async () =>
      [...(await niceOfThreads()).values()].filter((nice) => nice === baseNice + QUEUE_THREAD_NICE).length;
    expect(await lowered()).toBeGreaterThanOrEqual(1);
    await subject.app.close();
    await vi.waitFor(async () => expect(await lowered()).toBe(0), { timeout: 10_000, interval: 50 });
  }, 30_000);
});

describe.runIf(testDialect === 'postgres')(
  'the queue thread, paced by the requests’ thread (decision 057)',
  () => {
    let subject: TestApp;

    beforeAll(async () => {
      // The app runs no queue of its own: the test starts the threads.
      subject = await createTestApp({ env: { JOBS_WORKER: 'off', JOBS_POLL_MS: '60000' } });
    }, 60_000);

    afterAll(async () => {
      await subject?.dispose();
    });

    /**
     * Runs the due reminders of five members on a queue thread fed `load` (a step far longer than the load's sampling
     * period); the seconds it waited for the requests, as it reported (once a second) until `until` resolved. The
     * reminders are visible before the thread ends its step (it finishes the jobs, then paces): stopping it as soon as
     * they are could skip the step's pause.
     */
    async function pausedRunning(
      load: () => LoadSample,
      tag: string,
      until: (paused: () => number) => Promise<void>,
    ): Promise<number> {
      const db = subject.database.db;
      const { publicationId, memberIds } = await storeInterestedEvent(db, 5, tag);
      await queueRemindersOf(db, 'postgres', publicationId);
      const before = queuePauses.seconds;
      const paused = () => queuePauses.seconds - before;
      const thread = createQueueThread({
        config: { ...subject.config, jobsWorker: 'thread' },
        log: pino({ level: 'silent' }),
        load,
      });
      thread.start();
      try {
        for (const member of memberIds)
          await vi.waitFor(async () => expect(await dayBeforeReminders(db, publicationId, member)).toBe(1), {
            timeout: 20_000,
            interval: 50,
          });
        await until(paused);
      } finally {
        // Stopping flushes the thread's last report.
        await thread.stop();
      }
      return paused();
    }

    it('waits after its work while requests keep this thread busy, and not while they do not', async () => {
      const saturated = () => ({
        at: performance.now(),
        busyMs: performance.now(),
        activeMs: performance.now(),
      });
      const quiet = () => ({ at: performance.now(), busyMs: 0, activeMs: 0 });
      // Saturated: a wait is reported once the step ends (it lasts twice the step, at most MAX_PAUSE_MS).
      const reported = (paused: () => number) =>
        vi.waitFor(() => expect(paused()).toBeGreaterThan(0), { timeout: 15_000, interval: 50 });
      expect(await pausedRunning(saturated, 'a', reported)).toBeGreaterThan(0);
      // Quiet: none is, in longer than the step, the longest wait and a report's period take.
      const noneReported = () => new Promise<void>((resolve) => setTimeout(resolve, MAX_PAUSE_MS + 1_500));
      expect(await pausedRunning(quiet, 'b', noneReported)).toBe(0);
    }, 60_000);
  },
);
