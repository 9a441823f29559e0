import { expect, type APIRequestContext } from '@playwright/test';
import type { ReceivedMail } from '../../apps/api/test/helpers/smtp-inbox.ts';

export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3325);
export const E2E_MAILBOX_PORT = Number(process.env.E2E_MAILBOX_PORT ?? 3326);
export const E2E_MAILBOX_URL = `http://127.0.0.1:${E2E_MAILBOX_PORT}`;

/**
 * The e-mails the server sent to `to` whose subject matches, read from the real SMTP server that the global
 * setup runs for the whole test run (the app sends through SMTP_URL, as in production).
 */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${E2E_MAILBOX_URL}/messages?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as ReceivedMail[];
        found = messages.find((mail) => subject.test(mail.subject));
        return found !== undefined;
      },
      { message: `an e-mail to ${to} with subject ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link of the e-mail that goes to `path` on the site (e.g. '/auth/new/'). */
export function linkTo(mail: ReceivedMail, path: string): string {
  const link = mail.links.find((candidate) => new URL(candidate).pathname.startsWith(path));
  expect(link, `a link to ${path} in "${mail.subject}"`).toBeDefined();
  return link!;
}
