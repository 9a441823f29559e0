import { sql } from 'kysely';
import { isCalendaredType } from '@eco/domain';
import type { DB, Dialect } from '../../db/schema.ts';
import { dropJobs, dropJobsOf, enqueueJobs, type Job, type NewJob } from '../jobs/repository.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { notifyMany } from '../notifications/service.ts';
import { findPublication, type PublicationWithAuthor } from '../publications/repository.ts';
import { jsonText } from './repository.ts';
import { changeMailId } from './change-mail.ts';
import { reminderTexts, type ReminderWhich } from './messages.ts';

// The reminders of "Me interesa" (decision 036): one queued job per member and reminder (24 hours before the start;
// 1 hour before too, sent only to members who chose it in settings when it is due), named after both so that
// scheduling again only moves it. When due, a batch of them is checked against the database as it is then (still
// published, not moved, not started, still interested) and notified in one transaction; each notification's dedupe
// key names the member, the reminder and the start, so a batch run twice (a process that died before finishing it)
// notifies once. The e-mail is a job of its own, queued with the notification, retried if the mail server fails.

export const REMINDER_JOB = 'interest-reminder';
export const REMINDER_MAIL_JOB = 'interest-reminder-mail';

const BEFORE_MS: Record<ReminderWhich, number> = { '24h': 24 * 3_600_000, '1h': 3_600_000 };
/** A reminder found due a little before its time (clocks of several processes) is sent all the same. */
const EARLY_TOLERANCE_MS = 120_000;

export type ReminderPayload = { publicationId: string; userId: string; which: ReminderWhich };
export type ReminderMailPayload = ReminderPayload & { start: string };

export const subjectOf = (publicationId: string) => `publication:${publicationId}`;
const reminderId = (publicationId: string, userId: string, which: ReminderWhich) =>
  `${REMINDER_JOB}:${publicationId}:${userId}:${which}`;

/**
 * The reminders of a member who marks now: 24 hours before (at once when that is past: a late interest hears within
 * the worker's poll), and 1 hour before while that is ahead. Nothing once it has started.
 */
export function remindersOf(
  publicationId: string,
  userId: string,
  start: string | null,
  now: Date,
): NewJob[] {
  const startsAt = start === null ? Number.NaN : Date.parse(start);
  if (!(startsAt > now.getTime())) return [];
  const jobs: NewJob[] = [];
  for (const which of ['24h', '1h'] as const) {
    const at = startsAt - BEFORE_MS[which];
    // The hour-before one is left out when it is already past: the 24-hour one goes now instead.
    if (which === '1h' && at <= now.getTime()) continue;
    jobs.push({
      id: reminderId(publicationId, userId, which),
      kind: REMINDER_JOB,
      subject: subjectOf(publicationId),
      payload: { publicationId, userId, which } satisfies ReminderPayload,
      runAt: new Date(Math.max(at, now.getTime())),
    });
  }
  return jobs;
}

export async function scheduleReminders(db: DB, jobs: NewJob[]): Promise<void> {
  await enqueueJobs(db, jobs, { replace: true });
}

export async function dropReminders(db: DB, publicationId: string, userId: string): Promise<void> {
  await dropJobs(db, [
    reminderId(publicationId, userId, '24h'),
    reminderId(publicationId, userId, '1h'),
    // The e-mail of a change not yet sent: no longer interested, no longer told.
    changeMailId(publicationId, userId),
  ]);
}

/**
 * A publication's start moved (or it was deleted): every interested member's reminders are moved to the new start
 * in two statements (whatever was sent for the old start stays sent; the new one is another reminder), or dropped
 * when there is no start ahead.
 */
export async function rescheduleReminders(
  db: DB,
  dialect: Dialect,
  publicationId: string,
  start: string | null,
  now = new Date(),
): Promise<void> {
  const startsAt = start === null ? Number.NaN : Date.parse(start);
  if (!(startsAt > now.getTime())) {
    await dropJobsOf(db, subjectOf(publicationId), REMINDER_JOB);
    return;
  }
  const created = now.toISOString();
  for (const which of ['24h', '1h'] as const) {
    const at = startsAt - BEFORE_MS[which];
    if (which === '1h' && at <= now.getTime()) {
      await db
        .deleteFrom('jobs')
        .where('subject', '=', subjectOf(publicationId))
        .where('kind', '=', REMINDER_JOB)
        .where('id', 'like', '%:1h')
        .execute();
      continue;
    }
    const runAt = new Date(Math.max(at, now.getTime())).toISOString();
    const payload = jsonText(dialect, {
      publicationId: sql`i.publication_id`,
      userId: sql`i.user_id`,
      which: sql.lit(which),
    });
    await sql`insert into jobs (id, kind, subject, payload, run_at, attempts, created_at)
      select ${`${REMINDER_JOB}:${publicationId}:`} || i.user_id || ${`:${which}`}, ${REMINDER_JOB},
        ${subjectOf(publicationId)}, ${payload}, ${runAt}, 0, ${created}
      from interests as i where i.publication_id = ${publicationId}
      on conflict (id) do update set run_at = excluded.run_at, attempts = 0, claim = null, failed_at = null,
        last_error = null`.execute(db);
  }
}

type Check = { row: PublicationWithAuthor; start: string } | undefined;

/** The publication if a reminder of it is owed now: published, its author active, dated, not yet started. */
function owed(row: PublicationWithAuthor | undefined, now: number): Check {
  if (row === undefined || row.status !== 1 || row.author_is_active !== 1) return undefined;
  if (!isCalendaredType(row.typed) || row.calendared_at === null) return undefined;
  if (!(Date.parse(row.calendared_at) > now)) return undefined;
  return { row, start: row.calendared_at };
}

/** The handler of REMINDER_JOB: a batch of due reminders, notified in one transaction. */
export function reminderHandler({ db, wake }: { db: DB; wake: () => void }): JobHandler {
  return async (jobs: Job[]) => {
    const now = Date.now();
    const payloads = jobs.map((job) => job.payload as ReminderPayload);
    const publicationIds = [...new Set(payloads.map((payload) => payload.publicationId))];
    const userIds = [...new Set(payloads.map((payload) => payload.userId))];
    const publications = new Map<string, Check>();
    for (const id of publicationIds) publications.set(id, owed(await findPublication(db, id), now));
    const [interests, users] = await Promise.all([
      // By member only: the primary key's prefix finds their few rows. With the publication too, a planner without
      // fresh statistics (an event that just gained its 100,000 interested members) scans the publication's index
      // and filters every member of it (15 ms a batch instead of 1.5); the pairs are checked below.
      db
        .selectFrom('interests')
        .select(['user_id', 'publication_id'])
        .where('user_id', 'in', userIds)
        .execute(),
      db
        .selectFrom('users')
        .select(['id', 'is_active', 'email_notifications', 'reminder_hour_before'])
        .where('id', 'in', userIds)
        .execute(),
    ]);
    const interested = new Set(interests.map((row) => `${row.publication_id} ${row.user_id}`));
    const userById = new Map(users.map((user) => [user.id, user]));
    const early: NewJob[] = [];
    const mails: NewJob[] = [];
    const owedNow: { payload: ReminderPayload; row: PublicationWithAuthor; start: string }[] = [];
    for (const [index, payload] of payloads.entries()) {
      const check = publications.get(payload.publicationId);
      const user = userById.get(payload.userId);
      if (check === undefined || user === undefined || user.is_active !== 1) continue;
      if (!interested.has(`${payload.publicationId} ${payload.userId}`)) continue;
      if (payload.which === '1h' && user.reminder_hour_before !== 1) continue;
      const due = Date.parse(check.start) - BEFORE_MS[payload.which];
      if (due - EARLY_TOLERANCE_MS > now) {
        // Moved later while it was queued (the edit's rescheduling may not have reached this job yet).
        early.push({ ...remindersOfJob(jobs[index] as Job, payload), runAt: new Date(due) });
        continue;
      }
      owedNow.push({ payload, ...check });
    }
    await db.transaction().execute(async (trx) => {
      // One statement for the batch: a member whose dedupe key is already used (a batch run twice) gets nothing.
      const keyOf = (item: (typeof owedNow)[number]) =>
        `publication:${item.row.id}:reminder:${item.payload.which}:${item.start}`;
      const made = new Set(
        (
          await notifyMany(
            trx,
            owedNow.map((item) => ({
              userId: item.payload.userId,
              ...reminderTexts(item.payload.which, {
                title: item.row.title,
                calendaredAt: item.start,
                locationCountry: item.row.location_country,
              }),
              kind: 'info' as const,
              fromUserId: item.row.created_by,
              link: `/publications/${item.row.id}`,
              dedupeKey: keyOf(item),
              push: 'reminders' as const,
            })),
          )
        ).map((made) => `${made.userId} ${made.dedupeKey}`),
      );
      for (const item of owedNow) {
        const { payload, row, start } = item;
        if (!made.has(`${payload.userId} ${keyOf(item)}`)) continue;
        if (userById.get(payload.userId)?.email_notifications !== 1) continue;
        mails.push({
          id: `${REMINDER_MAIL_JOB}:${row.id}:${payload.userId}:${payload.which}:${start}`,
          kind: REMINDER_MAIL_JOB,
          subject: subjectOf(row.id),
          payload: { ...payload, start } satisfies ReminderMailPayload,
          runAt: new Date(now),
        });
      }
      for (let from = 0; from < mails.length; from += 200)
        await enqueueJobs(trx, mails.slice(from, from + 200));
    });
    // Queued again under the same names: finishing this claim leaves the new one (its claim is new).
    if (early.length > 0) await enqueueJobs(db, early, { replace: true });
    if (mails.length > 0) wake();
  };
}

function remindersOfJob(job: Job, payload: ReminderPayload): Omit<NewJob, 'runAt'> {
  return { id: job.id, kind: REMINDER_JOB, subject: job.subject, payload };
}
