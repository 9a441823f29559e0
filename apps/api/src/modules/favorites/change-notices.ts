import type { DB } from '../../db/schema.ts';
import type { CommunityMail } from '../notifications/community-mail.ts';
import { notify } from '../notifications/service.ts';
import { savedChangeTexts, type SavedChange } from './messages.ts';
import { saversOf } from './repository.ts';

// An edit of a saved publication's price or date tells those who saved it: one notification per saver and change
// (the edit is one save; its revision names it), written in the edit's transaction, then the e-mail to those who
// keep e-mails on. Never to the author, nor to the super user who made the edit.

type Before = {
  id: string;
  title: string;
  authorId: string;
  revision: number;
  price: number | null;
  calendared_at: string | null;
  calendared_until: string | null;
};
/** The edit's columns (absent reads as null, as stored). */
type After = { price?: number | null; calendared_at?: string | null; calendared_until?: string | null };

function changeOf(before: Before, after: After): SavedChange | null {
  const price = before.price !== (after.price ?? null);
  const date =
    before.calendared_at !== (after.calendared_at ?? null) ||
    before.calendared_until !== (after.calendared_until ?? null);
  if (price && date) return 'both';
  return price ? 'price' : date ? 'date' : null;
}

export type SavedChangeNotice = {
  /** Runs inside the edit's transaction, after its update. */
  inTransaction: (trx: DB) => Promise<void>;
  /** The e-mails, once the edit committed. */
  mail: (mail: CommunityMail) => Promise<void>;
};

/** What an edit from `before` to `after` by `editorId` owes the savers, or nothing when neither changed. */
export function savedChangeNotice(
  before: Before,
  after: After,
  editorId: string,
  underReview: boolean,
): SavedChangeNotice | undefined {
  const change = changeOf(before, after);
  if (change === null) return undefined;
  let recipients: string[] = [];
  return {
    async inTransaction(trx) {
      const savers = await saversOf(trx, before.id, [before.authorId, editorId]);
      const notified: string[] = [];
      for (const userId of savers) {
        const made = await notify(trx, {
          userId,
          ...savedChangeTexts(before.title, change, underReview),
          kind: 'info',
          push: 'reminders',
          fromUserId: before.authorId,
          link: `/publications/${before.id}`,
          // The update raises the revision by one: this change's name, whatever else is retried.
          dedupeKey: `publication:${before.id}:saved-change:${before.revision + 1}`,
        });
        if (made) notified.push(userId);
      }
      recipients = notified;
    },
    async mail(mail) {
      for (const userId of recipients) {
        await mail.savedChanged(userId, {
          title: before.title,
          publicationId: before.id,
          change,
          underReview,
        });
      }
    },
  };
}
