import type { DB, Dialect } from '../../db/schema.ts';
import { notify } from '../notifications/service.ts';
import { interestChangeTexts, type InterestChange } from './messages.ts';
import { rescheduleReminders } from './reminders.ts';
import { interestedIn } from './repository.ts';

// An edit that moves an event or course (its start or end) or changes its place tells the interested members, in the
// edit's transaction (one notification per member and edit: the revision names it), and a moved start moves their
// reminders in the same transaction. Never to the author nor to the super user who made the edit.

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

function changeOf(before: Before, after: After): InterestChange | null {
  const date =
    before.calendared_at !== (after.calendared_at ?? null) ||
    before.calendared_until !== (after.calendared_until ?? null);
  const place = PLACE.some((column) => before[column] !== (after[column] ?? null));
  if (date && place) return 'both';
  return date ? 'date' : place ? 'place' : null;
}

/** What the edit owes the interested members, run inside its transaction; undefined when nothing changed. */
export function interestChangeNotice(
  dialect: Dialect,
  before: Before,
  after: After,
  editorId: string,
  underReview: boolean,
): ((trx: DB) => Promise<void>) | undefined {
  const change = changeOf(before, after);
  if (change === null) return undefined;
  const moved = before.calendared_at !== (after.calendared_at ?? null);
  return async (trx) => {
    const members = await interestedIn(trx, before.id, [before.authorId, editorId]);
    if (members.length === 0 && !moved) return;
    for (const userId of members) {
      await notify(trx, {
        userId,
        ...interestChangeTexts(before.title, change, underReview),
        kind: 'info',
        fromUserId: before.authorId,
        link: `/publications/${before.id}`,
        dedupeKey: `publication:${before.id}:interest-change:${before.revision + 1}`,
        push: 'reminders',
      });
    }
    if (moved) await rescheduleReminders(trx, dialect, before.id, after.calendared_at ?? null);
  };
}
