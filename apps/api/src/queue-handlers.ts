import type { DB, Dialect } from './db/schema.ts';
import { CHANGE_MAIL_JOB, changeMailHandler } from './modules/interests/change-mail.ts';
import { reminderMailHandler } from './modules/interests/reminder-mail.ts';
import { REMINDER_JOB, REMINDER_MAIL_JOB, reminderHandler } from './modules/interests/reminders.ts';
import type { JobHandler } from './modules/jobs/worker.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { MediaStorage } from './modules/media/storage.ts';
import { MATCH_JOB, matchHandler } from './modules/searches/alerts.ts';
import { DIGEST_JOB, digestHandler } from './modules/searches/digest.ts';

export type QueueHandlerOptions = {
  db: DB;
  dialect: Dialect;
  /** Where the saved searches' matching reads, when not `db` (SQLite's reader threads: matcher.ts, MatchOptions). */
  reads?: DB;
  mailer: Mailer;
  storage: MediaStorage;
  publicUrl: string;
  secretKey: string;
};

/**
 * The job queue's work (decision 036): the reminders of "Me interesa" and their e-mails, the e-mails of an event's
 * change, the saved searches' alerts (decision 041) and digests. Built where the queue runs: on the process's main
 * thread, or on its queue thread (decision 052). `wake` is that worker's: what a handler queues for now runs at once.
 */
export function queueHandlers(
  { db, dialect, reads, mailer, storage, publicUrl, secretKey }: QueueHandlerOptions,
  wake: () => void,
): Record<string, JobHandler> {
  return {
    [REMINDER_JOB]: reminderHandler({ db, wake }),
    [MATCH_JOB]: matchHandler({ db, dialect, reads }),
    [DIGEST_JOB]: digestHandler({ db, mailer, publicUrl, secretKey }),
    [CHANGE_MAIL_JOB]: changeMailHandler({ db, mailer, storage, publicUrl, secretKey }),
    [REMINDER_MAIL_JOB]: reminderMailHandler({ db, mailer, storage, publicUrl, secretKey }),
  };
}
