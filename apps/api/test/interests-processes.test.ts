import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { claimJobs } from '../src/modules/jobs/repository.ts';
import { queueRemindersOf, storeInterestedEvent } from './helpers/publications.ts';
import { killServer, startServer, type ServerProcess } from './helpers/server-process.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-app.ts';

// Reminders of "Me interesa" sent by two real server processes on one PostgreSQL (decision 036): every member gets
// each reminder once (one notification, one e-mail), whichever process claims it, and a process killed and started
// again loses nothing, including what a dead process held when it died.

const MEMBERS = 400;
const HOUR = 3_600_000;
const waitLong = { timeout: 240_000, interval: 250 };

describe.runIf(testDialect === 'postgres')('reminders across server processes', () => {
  let subject: TestDatabase;
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  let publicationId = '';

  async function start(): Promise<ServerProcess> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'eco-reminders-'));
    dataDirs.push(dataDir);
    const server = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: subject.config.databaseUrl ?? '',
      JOBS_POLL_MS: '200',
      LOG_LEVEL: 'warn',
    });
    servers.push(server);
    return server;
  }

  /** Every e-mail the processes wrote: the recipient and subject of each .eml file. */
  async function outbox(): Promise<{ to: string; subject: string }[]> {
    const mails: { to: string; subject: string }[] = [];
    for (const dir of dataDirs) {
      const folder = path.join(dir, 'outbox');
      const files = await readdir(folder).catch(() => [] as string[]);
      for (const file of files.filter((name) => name.endsWith('.eml'))) {
        const text = await readFile(path.join(folder, file), 'utf8');
        mails.push({
          to: /^To: (.+)$/m.exec(text)?.[1]?.trim() ?? '',
          subject: /^Subject: (.+)$/m.exec(text)?.[1]?.trim() ?? '',
        });
      }
    }
    return mails;
  }

  const reminderCounts = async (which: '24h' | '1h') => {
    const rows = await subject.database.db
      .selectFrom('notifications')
      .select(['user_id'])
      .where('dedupe_key', 'like', `publication:${publicationId}:reminder:${which}:%`)
      .execute();
    return { total: rows.length, members: new Set(rows.map((row) => row.user_id)).size };
  };
  const queued = async (kindLike: string) =>
    (await subject.database.db.selectFrom('jobs').select('id').where('id', 'like', kindLike).execute())
      .length;

  beforeAll(async () => {
    subject = await createTestDatabase();
    ({ publicationId } = await storeInterestedEvent(subject.database.db, MEMBERS));
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await killServer(server);
    await subject?.dispose();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it('sends each member one notification and one e-mail per reminder from two processes', async () => {
    await Promise.all([start(), start()]);
    // All queued at once while both processes poll: the 24-hour reminders are due now (less than 24 h ahead).
    await queueRemindersOf(subject.database.db, 'postgres', publicationId);
    await vi.waitFor(async () => {
      expect(await queued('interest-reminder:%:24h')).toBe(0);
      expect(await queued('interest-reminder-mail:%')).toBe(0);
    }, waitLong);
    expect(await reminderCounts('24h')).toEqual({ total: MEMBERS, members: MEMBERS });
    const mails = await outbox();
    expect(mails).toHaveLength(MEMBERS);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(MEMBERS);
    // Both processes sent some.
    const perProcess = await Promise.all(
      dataDirs.map(async (dir) => (await readdir(path.join(dir, 'outbox')).catch(() => [])).length),
    );
    expect(
      perProcess.every((count) => count > 0),
      JSON.stringify(perProcess),
    ).toBe(true);
    expect(await queued('interest-reminder:%:1h')).toBe(MEMBERS);
  }, 300_000);

  it('loses nothing when a process is killed and another one holds claims of a process that died', async () => {
    const [first] = servers;
    await killServer(first);
    const { db } = subject.database;
    // Every member chose the hour-before reminder, and the event is now 59 minutes away: they are all due.
    await db.updateTable('users').set({ reminder_hour_before: 1 }).execute();
    await db
      .updateTable('publications')
      .set({ calendared_at: new Date(Date.now() + (59 / 60) * HOUR).toISOString() })
      .where('id', '=', publicationId)
      .execute();
    await db
      .updateTable('jobs')
      .set({ run_at: new Date().toISOString() })
      .where('id', 'like', 'interest-reminder:%:1h')
      .execute();
    // A process that dies right after claiming: 100 reminders held for 3 s, then due again.
    const held = await claimJobs(db, 'postgres', { limit: 100, leaseMs: 3000 });
    expect(held).toHaveLength(100);
    await start();
    await vi.waitFor(async () => {
      expect(await queued('interest-reminder:%')).toBe(0);
      expect(await queued('interest-reminder-mail:%')).toBe(0);
    }, waitLong);
    expect(await reminderCounts('1h')).toEqual({ total: MEMBERS, members: MEMBERS });
    const hourBefore = (await outbox()).filter((mail) => mail.subject.includes('Empieza en una hora'));
    expect(hourBefore).toHaveLength(MEMBERS);
    expect(new Set(hourBefore.map((mail) => mail.to)).size).toBe(MEMBERS);
    expect(await reminderCounts('24h')).toEqual({ total: MEMBERS, members: MEMBERS });
  }, 300_000);
});
