import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** What a member learns about a decision of the desk. Reporters are never named in it. */
export type OutcomeNotice = {
  userId: string;
  kind: 'success' | 'warning' | 'danger' | 'info';
  title: string;
  message: string;
};

export type OutcomeNotifier = (
  trx: Kysely<Database> | Transaction<Database>,
  notices: readonly OutcomeNotice[],
) => Promise<void>;

/**
 * The seam to the notifications module: the desk calls it inside the transaction of each decision, with the notices
 * for the author and the member reporters. Until the notifications module lands on this branch, they are logged.
 */
export function loggedOutcomes(log: FastifyBaseLogger): OutcomeNotifier {
  return async (_trx, notices) => {
    if (notices.length > 0) {
      log.info(
        { notices: notices.map(({ userId, title }) => ({ userId, title })) },
        'Moderation outcome notices',
      );
    }
  };
}
