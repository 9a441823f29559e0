import path from 'node:path';
import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailMessage } from '../src/modules/mail/mailer.ts';
import { createLocalStorage } from '../src/modules/media/storage.ts';
import { reminderMailHandler } from '../src/modules/interests/reminder-mail.ts';
import { REMINDER_JOB, REMINDER_MAIL_JOB, reminderHandler } from '../src/modules/interests/reminders.ts';
import { claimJobs, failJob } from '../src/modules/jobs/repository.ts';
import { createJobWorker, type JobWorker } from '../src/modules/jobs/worker.ts';
import { queueRemindersOf, storeInterestedEvent } from './helpers/publications.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-app.ts';

// A burst of reminders interrupted at every point a batch can stop (decision 036), on both dialects: a process that
// died right after its claim (nothing done), one that died after its work and before finishing its jobs (done, not
// deleted), a batch whose transaction failed half-way (a notification the database refused: nothing of the batch
// written), and an SMTP server refusing some messages. Once the worker has run everything again, every member has
// exactly one notification and one e-mail: nothing lost, nothing twice.

const MEMBERS = 300;
const LEASE_MS = 1500;
const waitLong = { timeout: 60_000, interval: 100 };

describe('a reminder burst interrupted mid-way', () => {
  let subject: TestDatabase;
  let worker: JobWorker | undefined;
  let publicationId = '';
  const delivered: string[] = [];
  /** Recipients whose first delivery the SMTP server refuses. */
  const refuseOnce = new Set<string>();

  beforeAll(async () => {
    subject = await createTestDatabase();
    ({ publicationId } = await storeInterestedEvent(subject.database.db, MEMBERS));
  }, 120_000);

  afterAll(async () => {
    await worker?.stop();
    await subject?.dispose();
  });

  it('neither loses nor repeats a reminder', async () => {
    const { db, dialect } = subject.database;
    const mailer = {
      async send(message: MailMessage) {
        if (refuseOnce.delete(message.to)) throw new Error('451 Try again later');
        delivered.push(message.to);
      },
      close: async () => undefined,
    };
    // Called here as a worker would call them, with no requests to step aside for.
    const unpaced = async () => undefined;
    const handlers = {
      [REMINDER_JOB]: reminderHandler({ db, wake: () => worker?.wake() }),
      [REMINDER_MAIL_JOB]: reminderMailHandler({
        db,
        mailer,
        storage: createLocalStorage(path.join(subject.config.dataDir, 'media')),
        publicUrl: 'https://eco.example.org',
        secretKey: 'test-secret-key-of-enough-length-for-hmac',
      }),
    };
    await queueRemindersOf(db, dialect, publicationId);

    // Died right after claiming 100: nothing done; they are due again when the lease ends.
    expect(await claimJobs(db, dialect, { limit: 100, leaseMs: LEASE_MS })).toHaveLength(100);
    // Died after the work of 100 and before finishing them: notified, e-mails queued, jobs still there.
    const done = await claimJobs(db, dialect, { limit: 100, leaseMs: LEASE_MS });
    expect(done).toHaveLength(100);
    await handlers[REMINDER_JOB](done, unpaced);
    const notices = () =>
      db
        .selectFrom('notifications')
        .select('user_id')
        .where('dedupe_key', 'like', `publication:${publicationId}:reminder:24h:%`)
        .execute();
    expect(await notices()).toHaveLength(100);

    // The last 100: the database refuses one member's notification, so the batch's transaction fails as a whole.
    const failing = await claimJobs(db, dialect, { limit: 100, leaseMs: LEASE_MS });
    expect(failing.filter((job) => job.kind === REMINDER_JOB)).toHaveLength(100);
    const refused = (failing[50]!.payload as { userId: string }).userId;
    if (dialect === 'postgres') {
      await sql
        .raw(
          `create function refuse_notice() returns trigger language plpgsql as $$ begin
             if new.user_id = '${refused}' then raise exception 'refused'; end if; return new; end $$;
           create trigger refuse_notice before insert on notifications for each row execute function refuse_notice();`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `create trigger refuse_notice before insert on notifications when new.user_id = '${refused}'
           begin select raise(abort, 'refused'); end`,
        )
        .execute(db);
    }
    await expect(handlers[REMINDER_JOB](failing, unpaced)).rejects.toThrow(/refused/);
    expect(await notices()).toHaveLength(100);
    const mailJobs = await db.selectFrom('jobs').select('id').where('kind', '=', REMINDER_MAIL_JOB).execute();
    expect(mailJobs).toHaveLength(100);
    // The worker records the failure; the retry is made due now rather than in 30 s.
    for (const job of failing) await failJob(db, job, 'refused', new Date());
    await sql
      .raw('drop trigger refuse_notice' + (dialect === 'postgres' ? ' on notifications' : ''))
      .execute(db);

    // The SMTP server refuses five members' first delivery.
    const users = await db
      .selectFrom('users')
      .select('email')
      .where('id', 'in', db.selectFrom('interests').select('user_id'))
      .orderBy('email')
      .limit(5)
      .execute();
    for (const user of users) refuseOnce.add(user.email);

    await new Promise((resolve) => setTimeout(resolve, LEASE_MS));
    worker = createJobWorker({ db, dialect, handlers, log: pino({ level: 'silent' }), pollMs: 100 });
    worker.start();
    await vi.waitFor(async () => {
      // Refused deliveries wait for their backoff: made due now, as time would.
      await db
        .updateTable('jobs')
        .set({ run_at: new Date(Date.now() - 1000).toISOString() })
        .where('kind', '=', REMINDER_MAIL_JOB)
        .where('last_error', 'is not', null)
        .execute();
      const left = await db
        .selectFrom('jobs')
        .select('id')
        .where((eb) => eb.or([eb('id', 'like', `${REMINDER_JOB}:%:24h`), eb('kind', '=', REMINDER_MAIL_JOB)]))
        .execute();
      expect(left).toEqual([]);
    }, waitLong);

    const notified = await notices();
    expect(notified).toHaveLength(MEMBERS);
    expect(new Set(notified.map((row) => row.user_id)).size).toBe(MEMBERS);
    expect(refuseOnce.size).toBe(0);
    expect(delivered).toHaveLength(MEMBERS);
    expect(new Set(delivered).size).toBe(MEMBERS);
  }, 120_000);
});
