import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import {
  accountExistsEmail,
  activationEmail,
  passwordChangedEmail,
  resetPasswordEmail,
} from '../mail/templates.ts';

type Recipient = { name: string; email: string };

export type AccountMail = {
  activation(to: Recipient, token: string): void;
  accountExists(to: Recipient): void;
  resetPassword(to: Recipient, token: string): void;
  passwordChanged(to: Recipient): void;
  /** Resolves when every e-mail handed over so far has been sent (or has failed and been logged). */
  settled(): Promise<void>;
};

/**
 * The e-mails of the account flows, sent in the background: the answer to the request never waits for the mail
 * server, so its timing says nothing about whether an account exists, and a slow server does not slow sign-up.
 * A failed delivery is logged for the operator; the user can ask for the link again.
 */
export function createAccountMail(options: {
  mailer: Mailer;
  publicUrl: string;
  logger: FastifyBaseLogger;
}): AccountMail {
  const { mailer, publicUrl, logger } = options;
  const pending = new Set<Promise<void>>();

  function deliver(kind: string, to: string, content: Omit<MailMessage, 'to'>): void {
    const delivery = mailer
      .send({ ...content, to })
      .catch((error: unknown) =>
        logger.warn({ err: error, kind }, 'Account e-mail not delivered; the user can ask for it again'),
      )
      .finally(() => pending.delete(delivery));
    pending.add(delivery);
  }

  return {
    activation: ({ name, email }, token) =>
      deliver(
        'activation',
        email,
        activationEmail({ name, url: `${publicUrl}/auth/new/${token}`, publicUrl }),
      ),
    accountExists: ({ name, email }) =>
      deliver(
        'account-exists',
        email,
        accountExistsEmail({
          name,
          signInUrl: `${publicUrl}/auth`,
          resetUrl: `${publicUrl}/auth/reset`,
          publicUrl,
        }),
      ),
    resetPassword: ({ name, email }, token) =>
      deliver(
        'reset',
        email,
        resetPasswordEmail({ name, url: `${publicUrl}/auth/reset/${token}`, publicUrl }),
      ),
    passwordChanged: ({ name, email }) =>
      deliver('password-changed', email, passwordChangedEmail({ name, publicUrl })),
    settled: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
