import { placeNames } from '@eco/domain';
import type { DB } from '../../db/schema.ts';
import type { Job } from '../jobs/repository.ts';
import type { JobHandler } from '../jobs/worker.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MediaStorage } from '../media/storage.ts';
import { unsubscribeLinks } from '../notifications/community-mail.ts';
import { interestReminderEmail } from '../notifications/templates.ts';
import { calendarFileOf } from '../publications/calendar-file.ts';
import { toPublicationJson } from '../publications/mapper.ts';
import { findFileUrls, findPublication } from '../publications/repository.ts';
import { findUserById } from '../users/repository.ts';
import type { ReminderMailPayload } from './reminders.ts';

// The e-mail of a reminder, a job of its own (queued with the notification): the event's .ics attached (the
// calendar module's file, the same UID and SEQUENCE as "Agregar a mi calendario") and the one-click unsubscribe. Sent
// only while the member keeps e-mails on and the event is still published at the date the notification named; a
// mail server's failure leaves the job to be retried with the queue's backoff.

export function reminderMailHandler(options: {
  db: DB;
  mailer: Mailer;
  storage: MediaStorage;
  publicUrl: string;
  secretKey: string;
}): JobHandler {
  const { db, mailer, storage, publicUrl, secretKey } = options;

  async function send(job: Job): Promise<void> {
    const { publicationId, userId, which, start } = job.payload as ReminderMailPayload;
    const [user, row, files] = await Promise.all([
      findUserById(db, userId),
      findPublication(db, publicationId),
      findFileUrls(db, [publicationId]),
    ]);
    if (user === undefined || user.is_active !== 1 || user.email_notifications !== 1) return;
    if (row === undefined || row.status !== 1 || row.calendared_at !== start) return;
    const publication = toPublicationJson(storage, row, files.get(publicationId) ?? []);
    const file = calendarFileOf(publication, row.revision, publicUrl);
    const links = unsubscribeLinks(publicUrl, secretKey, user.id);
    const email = interestReminderEmail({
      name: user.name,
      publicUrl,
      unsubscribeUrl: links.pageUrl,
      which,
      title: row.title,
      calendaredAt: start,
      locationCountry: row.location_country,
      place: [row.location_address, ...placeNames(publication)].filter(Boolean).join(', '),
      url: `${publicUrl}/publications/${encodeURIComponent(publicationId)}`,
    });
    await mailer.send({
      ...email,
      to: user.email,
      headers: links.headers,
      attachments: [
        {
          filename: file.fileName,
          content: file.text,
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        },
      ],
    });
  }

  return async (jobs) => {
    const failures = new Map<string, unknown>();
    for (const job of jobs) {
      try {
        await send(job);
      } catch (error) {
        failures.set(job.id, error);
      }
    }
    return failures;
  };
}
