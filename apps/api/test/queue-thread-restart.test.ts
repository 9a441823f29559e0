import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueueThread } from '../src/modules/jobs/queue-thread.ts';
import type { JobWorker } from '../src/modules/jobs/worker.ts';
import { captureLogs } from './helpers/log-capture.ts';
import { actor, dayBeforeReminders, queueRemindersOf, storeInterestedEvent } from './helpers/publications.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-app.ts';

// The queue thread (decision 052) must not stay down when it ends unexpectedly (a crash, a heap limit): the process
// logs it and starts another a second later, whose sends stay exactly once; a healthy start resets the wait; and a
// restart still waiting when the process closes never happens.

const STOPPED = 'The job queue thread stopped: starting another';

describe.runIf(testDialect === 'postgres')('the job queue thread, ended unexpectedly', () => {
  let subject: TestDatabase;
  let queue: JobWorker | undefined;
  const threads: Worker[] = [];
  const { logger, entries } = captureLogs();
  const stopLines = () => entries.filter((entry) => entry.msg === STOPPED);

  beforeAll(async () => {
    // A poll far longer than the test: only the start-up claim and the wakes run the jobs.
    subject = await createTestDatabase({ env: { JOBS_POLL_MS: '60000' } });
  }, 60_000);

  afterAll(async () => {
    await queue?.stop();
    await subject?.dispose();
  });

  it('is started again, sends what is due exactly once, and stays stopped once the process closes', async () => {
    const { db } = subject.database;
    const {
      publicationId,
      memberIds: [first = ''],
    } = await storeInterestedEvent(db, 1);
    // The event starts in 3 hours: the 24-hour reminder is due now.
    await queueRemindersOf(db, 'postgres', publicationId);

    queue = createQueueThread({
      config: subject.config,
      log: logger,
      spawned: (thread) => threads.push(thread),
    });
    queue.start();
    await vi.waitFor(async () => expect(await dayBeforeReminders(db, publicationId, first)).toBe(1), {
      timeout: 20_000,
      interval: 100,
    });

    await threads[0]!.terminate();
    await vi.waitFor(() => expect(stopLines()).toHaveLength(1), { timeout: 5_000, interval: 20 });
    expect(stopLines()[0]).toMatchObject({ level: 50, restartInMs: 1_000 });
    await vi.waitFor(() => expect(threads).toHaveLength(2), { timeout: 10_000, interval: 50 });

    // Someone marks interest late: the new thread sends their reminder, and the first member gets no second one.
    const late = await actor(db, 'tardia@example.com', 'Tardía Interesada');
    await db
      .insertInto('interests')
      .values({ user_id: late.id, publication_id: publicationId, created_at: new Date().toISOString() })
      .execute();
    await queueRemindersOf(db, 'postgres', publicationId);
    queue.wake();
    await vi.waitFor(async () => expect(await dayBeforeReminders(db, publicationId, late.id)).toBe(1), {
      timeout: 20_000,
      interval: 100,
    });
    expect(await dayBeforeReminders(db, publicationId, first)).toBe(1);

    // The second thread had started well, so its end waits one second again, not two.
    await threads[1]!.terminate();
    await vi.waitFor(() => expect(stopLines()).toHaveLength(2), { timeout: 5_000, interval: 20 });
    expect(stopLines()[1]).toMatchObject({ restartInMs: 1_000 });

    // The process closes while that restart waits: no third thread, ever.
    await queue.stop();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(threads).toHaveLength(2);
  }, 90_000);
});
