import { simpleParser, type ParsedMail } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { MailMessage } from '../../src/modules/mail/mailer.ts';

/**
 * A recorded message as a mail app reads it: composed by nodemailer as the SMTP transport would carry it (parts
 * given `raw` included), then parsed by mailparser.
 */
export async function composedMail(message: MailMessage): Promise<ParsedMail> {
  const built = await new MailComposer({ from: 'EcoAnuncios <no-responder@example.org>', ...message })
    .compile()
    .build();
  return simpleParser(built);
}
