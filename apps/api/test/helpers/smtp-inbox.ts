import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  /** The envelope recipients (what the server was asked to deliver to). */
  to: string[];
  /** The sender as 'Name <address>' (unquoted), e.g. 'EcoAnuncios <no-responder@ecoanuncios.org>'. */
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) URL of the text part and of the HTML part's href attributes, in order, without repeats. */
  links: string[];
  /** The header lines as sent, unfolded, by lower-case name (e.g. 'list-unsubscribe'). */
  headerLines: Map<string, string>;
  attachments: { filename: string; contentType: string; content: string }[];
};

export type Inbox = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** The first received message (past or future) that matches; fails after 10 s naming what did arrive. */
  waitFor(predicate: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>;
  close(): Promise<void>;
};

const POLL_INTERVAL_MS = 50;
const WAIT_TIMEOUT_MS = 10_000;

const TEXT_LINK = /https?:\/\/[^\s<>"'`]+/g;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };

const decodeEntities = (value: string): string =>
  value.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_match, name: string) => ENTITIES[name] ?? _match);

export function linksOf(text: string, html: string): string[] {
  const fromText = (text.match(TEXT_LINK) ?? []).map((link) => link.replace(/[.,;:!?)\]]+$/, ''));
  const fromHtml = [...html.matchAll(HREF)]
    .map((match) => decodeEntities(match[1] ?? match[2] ?? '').trim())
    .filter((link) => /^https?:\/\//i.test(link));
  return [...new Set([...fromText, ...fromHtml])];
}

/** 'EcoAnuncios <no-responder@ecoanuncios.org>' (the header may quote the name; this form compares with MAIL_FROM). */
function displayAddress(address: { name?: string; address?: string } | undefined): string {
  if (address === undefined) return '';
  const email = address.address ?? '';
  return address.name !== undefined && address.name !== '' ? `${address.name} <${email}>` : email;
}

/**
 * A real SMTP server that keeps every message it receives, parsed: on a free local port, or on `port` when a
 * separate process (the server under end-to-end test) must be told where to send.
 */
export async function startInbox({ port: requestedPort = 0 }: { port?: number } = {}): Promise<Inbox> {
  const messages: ReceivedMail[] = [];
  const problems: string[] = [];

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    // Plain connections only: no STARTTLS offered, and AUTH (if a client sends it) accepted without TLS.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    disableReverseLookup: true,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'test' });
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const text = parsed.text ?? '';
          const html = typeof parsed.html === 'string' ? parsed.html : '';
          messages.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            from: displayAddress(parsed.from?.value[0]),
            subject: parsed.subject ?? '',
            text,
            html,
            links: linksOf(text, html),
            // Unfolded (a long line continues on the next one after a break and a space).
            headerLines: new Map(
              parsed.headerLines.map((header) => [header.key, header.line.replace(/\r?\n(?=[ \t])/g, '')]),
            ),
            attachments: parsed.attachments.map((attachment) => ({
              filename: attachment.filename ?? '',
              contentType: attachment.contentType,
              content: attachment.content.toString('utf8'),
            })),
          });
          callback();
        },
        (error: unknown) => {
          problems.push(`could not parse a message: ${String(error)}`);
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    },
  });
  server.on('error', (error) => problems.push(String(error)));

  const port = await new Promise<number>((resolve, reject) => {
    const listener = server.listen(requestedPort, '127.0.0.1', () =>
      resolve((listener.address() as AddressInfo).port),
    );
    listener.once('error', reject);
  });

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(predicate) {
      const deadline = Date.now() + WAIT_TIMEOUT_MS;
      for (;;) {
        const found = messages.find(predicate);
        if (found !== undefined) return found;
        if (Date.now() >= deadline) {
          const subjects = messages.map((mail) => `"${mail.subject}" to ${mail.to.join(', ')}`);
          throw new Error(
            `No matching e-mail arrived within ${WAIT_TIMEOUT_MS / 1000} s. Received ${messages.length}: ` +
              `${subjects.join('; ') || 'none'}${problems.length > 0 ? `. Server problems: ${problems.join('; ')}` : ''}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
