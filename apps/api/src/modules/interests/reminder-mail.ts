import type { DB, UserRow } from '../../db/schema.ts';
import type { Job } from '../jobs/repository.ts';
import type { JobHandler } from '../jobs/worker.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MediaStorage } from '../media/storage.ts';
import { unsubscribeLinks } from '../notifications/community-mail.ts';
import { interestReminderEmail } from '../notifications/templates.ts';
import { createEventFiles, eachAtMost, MAIL_CONCURRENCY, type EventMailFile } from './event-files.ts';
import type { ReminderMailPayload } from './reminders.ts';

// The e-mail of a reminder, a job of its own (queued with the notification): the event's .ics attached (the
// calendar module's file, the same UID and SEQUENCE as "Agregar a mi calendario", built once per revision) and the
// one-click unsubscribe. Sent only while the member keeps e-mails on and the event is still published at the date
// the notification named; a mail server's failure leaves the job to be retried with the queue's backoff.

export function reminderMailHandler(options: {
  db: DB;
  mailer: Mailer;
  storage: MediaStorage;
  publicUrl: string;
  secretKey: string;
}): JobHandler {
  const { db, mailer, publicUrl, secretKey } = options;
  const files = createEventFiles(options);

  async function send(job: Job, user: UserRow | undefined, event: EventMailFile | undefined): Promise<void> {
    const { publicationId, which, start } = job.payload as ReminderMailPayload;
    if (user === undefined || user.is_active !== 1 || user.email_notifications !== 1) return;
    // Unpublished or moved since the notification: its e-mail is not sent (a moved one has its own reminder).
    if (event === undefined || event.row.calendared_at !== start) return;
    const links = unsubscribeLinks(publicUrl, secretKey, user.id);
    const email = interestReminderEmail({
      name: user.name,
      publicUrl,
      unsubscribeUrl: links.pageUrl,
      which,
      title: event.row.title,
      calendaredAt: start,
      locationCountry: event.row.location_country,
      place: event.place,
      url: `${publicUrl}/publications/${encodeURIComponent(publicationId)}`,
    });
    await mailer.send({
      ...email,
      to: user.email,
      headers: links.headers,
      attachments: [{ raw: event.ics }],
    });
  }

  return async (jobs) => {
    const payloads = jobs.map((job) => job.payload as ReminderMailPayload);
    const [users, events] = await Promise.all([
      db
        .selectFrom('users')
        .selectAll()
        .where('id', 'in', [...new Set(payloads.map((payload) => payload.userId))])
        .execute(),
      files.eventsOf([...new Set(payloads.map((payload) => payload.publicationId))]),
    ]);
    const userById = new Map(users.map((user) => [user.id, user]));
    const failures = new Map<string, unknown>();
    // A few at a time over the pool's connections; each one's failure is its own (retried by the queue).
    await eachAtMost(jobs, MAIL_CONCURRENCY, async (job, index) => {
      const payload = payloads[index] as ReminderMailPayload;
      try {
        await send(job, userById.get(payload.userId), events.get(payload.publicationId));
      } catch (error) {
        failures.set(job.id, error);
      }
    });
    return failures;
  };
}
