import { placeNames } from '@eco/domain';
import type { DB, UserRow } from '../../db/schema.ts';
import type { Job } from '../jobs/repository.ts';
import type { JobHandler } from '../jobs/worker.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MediaStorage } from '../media/storage.ts';
import { unsubscribeLinks } from '../notifications/community-mail.ts';
import { interestReminderEmail } from '../notifications/templates.ts';
import { calendarFileOf, type CalendarFile } from '../publications/calendar-file.ts';
import { toPublicationJson } from '../publications/mapper.ts';
import { findFileUrls, findPublication, type PublicationWithAuthor } from '../publications/repository.ts';
import type { PublicationJson } from '../publications/schemas.ts';
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

  type Event = { row: PublicationWithAuthor; publication: PublicationJson; ics: CalendarFile; place: string };

  /** The batch's events, each read and written as an .ics once (a batch is mostly one event's members). */
  async function eventsOf(ids: readonly string[]): Promise<Map<string, Event>> {
    const events = new Map<string, Event>();
    const files = await findFileUrls(db, ids);
    for (const id of ids) {
      const row = await findPublication(db, id);
      if (row === undefined || row.status !== 1 || row.calendared_at === null) continue;
      const publication = toPublicationJson(storage, row, files.get(id) ?? []);
      events.set(id, {
        row,
        publication,
        ics: calendarFileOf(publication, row.revision, publicUrl),
        place: [row.location_address, ...placeNames(publication)].filter(Boolean).join(', '),
      });
    }
    return events;
  }

  async function send(job: Job, user: UserRow | undefined, event: Event | undefined): Promise<void> {
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
      attachments: [
        {
          filename: event.ics.fileName,
          content: event.ics.text,
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        },
      ],
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
      eventsOf([...new Set(payloads.map((payload) => payload.publicationId))]),
    ]);
    const userById = new Map(users.map((user) => [user.id, user]));
    const failures = new Map<string, unknown>();
    for (const [index, job] of jobs.entries()) {
      const payload = payloads[index] as ReminderMailPayload;
      try {
        await send(job, userById.get(payload.userId), events.get(payload.publicationId));
      } catch (error) {
        failures.set(job.id, error);
      }
    }
    return failures;
  };
}
