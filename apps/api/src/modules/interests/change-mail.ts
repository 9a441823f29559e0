import type { DB } from '../../db/schema.ts';
import type { Job } from '../jobs/repository.ts';
import type { JobHandler } from '../jobs/worker.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MediaStorage } from '../media/storage.ts';
import { unsubscribeLinks } from '../notifications/community-mail.ts';
import { interestChangeEmail } from '../notifications/templates.ts';
import { createEventFiles, eachAtMost, MAIL_CONCURRENCY } from './event-files.ts';
import type { InterestChange } from './messages.ts';

// The e-mail of a change of date or place (decision 036), a job queued in the edit's transaction with the
// notification, for members who keep e-mails on: the new date and place and the updated .ics (its SEQUENCE raised,
// so calendar apps move the event they imported), with the one-click unsubscribe. Sent through the reminders' path
// (the same pooled mailer, the .ics built once per revision), only while the event is published. One job per member
// and event: a second edit before the first one's e-mail went replaces it (one e-mail, with the latest date, place
// and .ics, naming the latest change).

export const CHANGE_MAIL_JOB = 'interest-change-mail';

export type ChangeMailPayload = {
  publicationId: string;
  userId: string;
  change: InterestChange;
  /** The revision the edit made. */
  revision: number;
};

export const changeMailId = (publicationId: string, userId: string) =>
  `${CHANGE_MAIL_JOB}:${publicationId}:${userId}`;

export function changeMailHandler(options: {
  db: DB;
  mailer: Mailer;
  storage: MediaStorage;
  publicUrl: string;
  secretKey: string;
}): JobHandler {
  const { db, mailer, publicUrl, secretKey } = options;
  const files = createEventFiles(options);

  return async (jobs: Job[]) => {
    const payloads = jobs.map((job) => job.payload as ChangeMailPayload);
    const [users, events] = await Promise.all([
      db
        .selectFrom('users')
        .select(['id', 'name', 'email', 'is_active', 'email_notifications'])
        .where('id', 'in', [...new Set(payloads.map((payload) => payload.userId))])
        .execute(),
      files.eventsOf([...new Set(payloads.map((payload) => payload.publicationId))]),
    ]);
    const userById = new Map(users.map((user) => [user.id, user]));
    const failures = new Map<string, unknown>();
    await eachAtMost(payloads, MAIL_CONCURRENCY, async (payload, index) => {
      const user = userById.get(payload.userId);
      const event = events.get(payload.publicationId);
      if (user === undefined || user.is_active !== 1 || user.email_notifications !== 1) return;
      if (event === undefined || event.row.calendared_at === null) return;
      const links = unsubscribeLinks(publicUrl, secretKey, user.id);
      const email = interestChangeEmail({
        name: user.name,
        publicUrl,
        unsubscribeUrl: links.pageUrl,
        change: payload.change,
        title: event.row.title,
        calendaredAt: event.row.calendared_at,
        calendaredUntil: event.row.calendared_until,
        locationCountry: event.row.location_country,
        place: event.place,
        url: `${publicUrl}/publications/${encodeURIComponent(payload.publicationId)}`,
      });
      try {
        await mailer.send({
          ...email,
          to: user.email,
          headers: links.headers,
          attachments: [{ raw: event.ics }],
        });
      } catch (error) {
        failures.set((jobs[index] as Job).id, error);
      }
    });
    return failures;
  };
}
