import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notify } from '../notifications/service.ts';

/** What a member learns about a decision of the desk. Reporters are never named in it, nor who decided. */
export type OutcomeNotice = {
  userId: string;
  kind: 'success' | 'warning' | 'danger' | 'info';
  title: string;
  message: string;
  /** Where the notification leads on the site. */
  link?: string | null;
};

export type OutcomeNotifier = (
  trx: Kysely<Database> | Transaction<Database>,
  notices: readonly OutcomeNotice[],
) => Promise<void>;

/**
 * The desk's notices go through the notifications module inside the transaction of each decision: they exist with
 * the decision or not at all, and the recipients' open streams learn of them once it commits.
 */
export const notifyOutcomes: OutcomeNotifier = async (trx, notices) => {
  for (const notice of notices) {
    await notify(trx, {
      userId: notice.userId,
      kind: notice.kind,
      push: 'moderation',
      title: notice.title,
      message: notice.message,
      link: notice.link ?? null,
    });
  }
};
