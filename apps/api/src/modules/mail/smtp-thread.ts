import { parentPort, workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';
import type { MailMessage } from './mailer.ts';

// The SMTP mailer's thread (decision 036): builds every message (nodemailer's MIME composition, about 2 ms of CPU
// each) and carries it over the pooled SMTP connections, off the server's main thread. A reminder burst of 100,000
// e-mails would otherwise take minutes of the event loop that answers the lists; here it runs beside it, on another
// core when there is one.

export type SmtpThreadData = { options: Record<string, unknown>; from: string };
export type SmtpRequest = { id: number; message: MailMessage } | { id: number; close: true };
export type SmtpAnswer =
  | { id: number; messageId: string }
  | { id: number; error: { message: string; code?: string; responseCode?: number } };

const { options, from } = workerData as SmtpThreadData;
const transport = nodemailer.createTransport(options);
const port = parentPort!;

port.on('message', (request: SmtpRequest) => {
  if ('close' in request) {
    transport.close();
    port.postMessage({ id: request.id, messageId: '' } satisfies SmtpAnswer);
    return;
  }
  const { message } = request;
  // Buffers arrive as Uint8Arrays (structured clone): nodemailer wants Buffers for raw parts.
  const attachments = message.attachments?.map((attachment) =>
    'raw' in attachment ? { raw: Buffer.from(attachment.raw) } : attachment,
  );
  transport.sendMail({ from, ...message, attachments }).then(
    (info: { messageId: string }) =>
      port.postMessage({ id: request.id, messageId: info.messageId } satisfies SmtpAnswer),
    (error: Error & { code?: string; responseCode?: number }) =>
      port.postMessage({
        id: request.id,
        error: { message: error.message, code: error.code, responseCode: error.responseCode },
      } satisfies SmtpAnswer),
  );
});
