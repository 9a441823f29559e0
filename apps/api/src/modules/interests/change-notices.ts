import type { DB, Dialect } from '../../db/schema.ts';
import { enqueueJobs } from '../jobs/repository.ts';
import { notifyMany } from '../notifications/service.ts';
import { CHANGE_MAIL_JOB, changeMailId, type ChangeMailPayload } from './change-mail.ts';
import { interestChangeTexts, type InterestChange } from './messages.ts';
import { rescheduleReminders, subjectOf } from './reminders.ts';
import { interestedIn } from './repository.ts';

// An edit that moves an event or course (its start or end) or changes its place tells the interested members, in the
// edit's transaction (one notification per member and edit: the revision names it; 500 members a statement), and
// queues the e-mail of the change (change-mail.ts) for those who keep e-mails on; a moved start moves their reminders
// in the same transaction. Never to the author nor to the super user who made the edit.

type Before = {
  id: string;
  title: string;
  authorId: string;
  revision: number;
  calendared_at: string | null;
  calendared_until: string | null;
  location_address: string | null;
  location_country: string | null;
  location_province: string | null;
  location_city: string | null;
};
type After = Partial<Omit<Before, 'id' | 'title' | 'authorId' | 'revision'>>;

const PLACE = ['location_address', 'location_country', 'location_province', 'location_city'] as const;
const CHUNK = 500;

function changeOf(before: Before, after: After): InterestChange | null {
  const date =
    before.calendared_at !== (after.calendared_at ?? null) ||
    before.calendared_until !== (after.calendared_until ?? null);
  const place = PLACE.some((column) => before[column] !== (after[column] ?? null));
  if (date && place) return 'both';
  return date ? 'date' : place ? 'place' : null;
}

/**
 * What the edit owes the interested members, run inside its transaction (it resolves to whether e-mails were
 * queued, to wake the job worker after the commit); undefined when nothing changed.
 */
export function interestChangeNotice(
  dialect: Dialect,
  before: Before,
  after: After,
  editorId: string,
  underReview: boolean,
): ((trx: DB) => Promise<boolean>) | undefined {
  const change = changeOf(before, after);
  if (change === null) return undefined;
  const moved = before.calendared_at !== (after.calendared_at ?? null);
  const revision = before.revision + 1;
  return async (trx) => {
    const members = await interestedIn(trx, before.id, [before.authorId, editorId]);
    let mailed = false;
    for (let start = 0; start < members.length; start += CHUNK) {
      const chunk = members.slice(start, start + CHUNK);
      const made = await notifyMany(
        trx,
        chunk.map((userId) => ({
          userId,
          ...interestChangeTexts(before.title, change, underReview),
          kind: 'info' as const,
          fromUserId: before.authorId,
          link: `/publications/${before.id}`,
          dedupeKey: `publication:${before.id}:interest-change:${revision}`,
          push: 'reminders' as const,
        })),
      );
      // Under review, the event cannot be opened: the notification says so, and no e-mail goes.
      if (underReview || made.length === 0) continue;
      const wanting = await trx
        .selectFrom('users')
        .select('id')
        .where(
          'id',
          'in',
          made.map((row) => row.userId),
        )
        .where('is_active', '=', 1)
        .where('email_notifications', '=', 1)
        .execute();
      const now = new Date();
      await enqueueJobs(
        trx,
        wanting.map((user) => ({
          id: changeMailId(before.id, user.id),
          kind: CHANGE_MAIL_JOB,
          subject: subjectOf(before.id),
          payload: {
            publicationId: before.id,
            userId: user.id,
            change,
            revision,
          } satisfies ChangeMailPayload,
          runAt: now,
        })),
        { replace: true },
      );
      if (wanting.length > 0) mailed = true;
    }
    if (moved) await rescheduleReminders(trx, dialect, before.id, after.calendared_at ?? null);
    return mailed;
  };
}
