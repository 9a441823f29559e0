import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  dayBeforeReminders,
  outboxEmails,
  queueRemindersOf,
  storeInterestedEvent,
} from './helpers/publications.ts';
import { killServer, startServer, type ServerProcess } from './helpers/server-process.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-app.ts';

// JOBS_WORKER=off (decision 051): a server process that only answers requests leaves the queue to the processes that
// run it. Real processes on one PostgreSQL: what is due stays queued while only the former runs, and a process with
// the queue on sends it (its notification, its e-mail from that process alone).

const POLL_MS = 200;

describe.runIf(testDialect === 'postgres')('a server process with JOBS_WORKER=off', () => {
  let subject: TestDatabase;
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  let publicationId = '';
  let member = '';

  async function start(jobsWorker: 'on' | 'off'): Promise<{ server: ServerProcess; dataDir: string }> {
    const dataDir = await mkdtemp(path.join(tmpdir(), `eco-jobs-${jobsWorker}-`));
    dataDirs.push(dataDir);
    const server = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: subject.config.databaseUrl ?? '',
      JOBS_POLL_MS: String(POLL_MS),
      JOBS_WORKER: jobsWorker,
      LOG_LEVEL: 'warn',
    });
    servers.push(server);
    return { server, dataDir };
  }

  const sentFrom = (dataDir: string) => outboxEmails(path.join(dataDir, 'outbox'));
  const queued = async () =>
    (
      await subject.database.db
        .selectFrom('jobs')
        .select('id')
        .where('id', 'like', `interest-reminder%:${publicationId}:%`)
        .execute()
    ).length;
  const notified = () => dayBeforeReminders(subject.database.db, publicationId, member);

  beforeAll(async () => {
    subject = await createTestDatabase();
    ({
      publicationId,
      memberIds: [member = ''],
    } = await storeInterestedEvent(subject.database.db, 1));
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) await killServer(server);
    await subject?.dispose();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it('answers requests and leaves due work queued until a process that runs the queue sends it', async () => {
    const web = await start('off');
    expect((await fetch(`${web.server.url}/api/ready`)).status).toBe(200);
    // The 24-hour reminder is due now; the hour-before one waits for its time.
    await queueRemindersOf(subject.database.db, 'postgres', publicationId);
    expect(await queued()).toBe(2);
    // Ten polls of a process that ran the queue: this one claims nothing.
    await new Promise((resolve) => setTimeout(resolve, 10 * POLL_MS));
    expect(await queued()).toBe(2);
    expect(await notified()).toBe(0);

    const queue = await start('on');
    // The e-mail's file is written before its job is finished: both are waited for, not one after the other.
    await vi.waitFor(
      async () => {
        expect(await notified()).toBe(1);
        expect(await sentFrom(queue.dataDir)).toBe(1);
        // Only the hour-before reminder is left.
        expect(await queued()).toBe(1);
      },
      { timeout: 30_000, interval: 100 },
    );
    // Nothing was sent by the process with the queue off.
    expect(await sentFrom(web.dataDir)).toBe(0);
  }, 90_000);
});
