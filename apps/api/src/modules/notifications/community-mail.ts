import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema.ts';
import type { RenderedEmail } from '../mail/layout.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findUserById } from '../users/repository.ts';
import type { SavedChange } from '../favorites/messages.ts';
import { publishedEmail, ratedEmail, savedChangedEmail, sentBackEmail } from './templates.ts';
import { createUnsubscribeToken } from './unsubscribe-token.ts';

/**
 * The one-click unsubscribe of a member's notification e-mails: the page the body links to, and the RFC 8058 header
 * fields that let a mail app turn them off with one POST.
 */
export function unsubscribeLinks(
  publicUrl: string,
  secretKey: string,
  userId: string,
): { pageUrl: string; headers: Record<string, string> } {
  const token = createUnsubscribeToken(secretKey, userId);
  return {
    pageUrl: `${publicUrl}/unsubscribe/${token}`,
    headers: {
      'List-Unsubscribe': `<${publicUrl}/api/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

type Links = { name: string; publicUrl: string; unsubscribeUrl: string };

/**
 * The e-mails that repeat some notifications (published, sent back, rated, a saved publication changed). Call them after the transaction that
 * made the notification committed; each resolves once the e-mail is handed over (never rejects). They go only to
 * active members who did not turn e-mails off, with a one-click unsubscribe (RFC 8058 headers and a body link).
 */
export type CommunityMail = {
  published(userId: string, input: { title: string; publicationId: string }): Promise<void>;
  sentBack(
    userId: string,
    input: { title: string; publicationId: string; reason: string | null },
  ): Promise<void>;
  rated(
    userId: string,
    input: { raterName: string; rating: number; comment: string | null; changed: boolean },
  ): Promise<void>;
  /** A publication the member saved changed its price or date (decision 033). */
  savedChanged(
    userId: string,
    input: { title: string; publicationId: string; change: SavedChange; underReview: boolean },
  ): Promise<void>;
  /** Resolves when every e-mail handed over so far has been sent (or has failed and been logged). */
  settled(): Promise<void>;
};

export function createCommunityMail(options: {
  db: DB;
  mailer: Mailer;
  publicUrl: string;
  secretKey: string;
  logger: FastifyBaseLogger;
}): CommunityMail {
  const { db, mailer, publicUrl, secretKey, logger } = options;
  const pending = new Set<Promise<void>>();

  /**
   * Reads the recipient and hands the e-mail over to the mailer before it resolves (so the request that caused it
   * has handed it over when it answers); the delivery itself runs in the background. Never throws: the event is
   * already saved, and a lost e-mail is logged.
   */
  async function deliver(
    kind: string,
    userId: string,
    render: (links: Links) => RenderedEmail,
  ): Promise<void> {
    try {
      const user = await findUserById(db, userId);
      if (user === undefined || user.is_active !== 1 || user.email_notifications !== 1) return;
      const links = unsubscribeLinks(publicUrl, secretKey, user.id);
      const email = render({ name: user.name, publicUrl, unsubscribeUrl: links.pageUrl });
      const delivery = mailer
        .send({ ...email, to: user.email, headers: links.headers })
        .catch((error: unknown) => logger.warn({ err: error, kind }, 'Notification e-mail not delivered'))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    } catch (error) {
      logger.warn({ err: error, kind }, 'Notification e-mail not prepared');
    }
  }

  const publicationUrl = (id: string) => `${publicUrl}/publications/${id}`;

  return {
    published: (userId, { title, publicationId }) =>
      deliver('published', userId, (links) =>
        publishedEmail({ ...links, title, url: publicationUrl(publicationId) }),
      ),
    sentBack: (userId, { title, publicationId, reason }) =>
      deliver('sent-back', userId, (links) =>
        sentBackEmail({ ...links, title, reason, url: publicationUrl(publicationId) }),
      ),
    rated: (userId, input) =>
      deliver('rated', userId, (links) =>
        ratedEmail({ ...links, ...input, url: `${publicUrl}/users/${userId}` }),
      ),
    savedChanged: (userId, { publicationId, ...input }) =>
      deliver('saved-changed', userId, (links) =>
        savedChangedEmail({ ...links, ...input, url: publicationUrl(publicationId) }),
      ),
    settled: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
