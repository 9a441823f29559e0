import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import MimeNode from 'nodemailer/lib/mime-node';
import type { SmtpAnswer, SmtpRequest, SmtpThreadData } from './smtp-thread.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields, e.g. List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
  /**
   * Files attached (a reminder's .ics): as content, or as a MIME part already encoded (`raw`, headers and body), which
   * a burst of e-mails with the same file builds once (mimePartOf).
   */
  attachments?: ({ filename: string; content: string; contentType: string } | { raw: Buffer })[];
};

export type Mailer = {
  /** Delivers the message; failures are logged and re-thrown so the caller decides what the user sees. */
  send(message: MailMessage): Promise<void>;
  /** Releases the transport (open SMTP connections). */
  close(): Promise<void>;
};

export type MailerOptions = {
  /** smtp:// or smtps:// URL; without it every message is written to outboxDir as an .eml file. */
  smtpUrl?: string;
  /** The From header, e.g. 'EcoAnuncios <no-responder@ecoanuncios.org>'. */
  from: string;
  outboxDir: string;
  logger: FastifyBaseLogger;
};

// A slow or unreachable mail server must not hold a request for minutes (nodemailer waits up to 10 min by default).
const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
  dnsTimeout: 10_000,
};

const LINK = /https?:\/\/[^\s<>"'`]+/g;

/** Every http(s) address in a plain-text body, without trailing punctuation, in order and without repeats. */
export function linksIn(text: string): string[] {
  const links = (text.match(LINK) ?? []).map((link) => link.replace(/[.,;:!?)\]]+$/, ''));
  return [...new Set(links)];
}

/** 'Activa tu cuenta de EcoAnuncios' → 'activa-tu-cuenta-de-ecoanuncios' (ASCII, for file names). */
export function slugify(text: string, fallback = 'mensaje'): string {
  const slug = text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug === '' ? fallback : slug;
}

/** Writes the file without ever replacing another one (two messages with one subject in the same millisecond). */
async function writeNewFile(directory: string, baseName: string, content: Buffer): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const file = path.join(directory, attempt === 0 ? `${baseName}.eml` : `${baseName}-${attempt}.eml`);
    try {
      await writeFile(file, content, { flag: 'wx' });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 100) throw error;
    }
  }
}

/**
 * A file as a finished MIME part (headers and base64 body), built by nodemailer once and attached as `raw` to many
 * messages: a reminder burst attaches one event's .ics to every interested member's e-mail (decision 036).
 */
export async function mimePartOf(file: {
  filename: string;
  content: string;
  contentType: string;
}): Promise<Buffer> {
  const node = new MimeNode(file.contentType, { filename: file.filename });
  node.setHeader('Content-Disposition', 'attachment');
  node.setHeader('Content-Transfer-Encoding', 'base64');
  node.setContent(file.content);
  return node.build();
}

// A pool of a few kept-open connections, each carrying up to 100 messages before it is renewed: a reminder burst
// sends thousands of e-mails in minutes, and a connection (and its greeting) per message would cost more than the
// message (decision 036). Idle pooled connections are closed by the server's timeout and reopened on demand.
// `?pool=false` or `?maxConnections=…` in SMTP_URL win, as nodemailer documents for connection URLs.
const SMTP_POOL = { pool: true, maxConnections: 4, maxMessages: 100 } as const;

/** The SMTP thread's script beside this module's: TypeScript from the sources, JavaScript in the compiled server. */
const SMTP_THREAD = new URL(
  import.meta.url.endsWith('.ts') ? './smtp-thread.ts' : './smtp-thread.js',
  import.meta.url,
);

/** The mail server's error as the thread described it, with nodemailer's code (ECONNECTION, EAUTH…). */
class SmtpError extends Error {
  readonly code: string | undefined;
  readonly responseCode: number | undefined;
  constructor(error: { message: string; code?: string; responseCode?: number }) {
    super(error.message);
    this.name = 'SmtpError';
    this.code = error.code;
    this.responseCode = error.responseCode;
  }
}

/** Messages built and sent by a thread of their own (smtp-thread.ts); the thread starts with the first message. */
function createSmtpMailer(smtpUrl: string, from: string, logger: FastifyBaseLogger): Mailer {
  const data: SmtpThreadData = { options: { url: smtpUrl, ...SMTP_POOL, ...SMTP_TIMEOUTS }, from };
  const pending = new Map<number, { resolve: (messageId: string) => void; reject: (error: Error) => void }>();
  let thread: Worker | undefined;
  let nextId = 0;

  function started(): Worker {
    if (thread !== undefined) return thread;
    const worker = new Worker(SMTP_THREAD, { workerData: data });
    worker.on('message', (answer: SmtpAnswer) => {
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      if (pending.size === 0) worker.unref();
      if ('error' in answer) waiting?.reject(new SmtpError(answer.error));
      else waiting?.resolve(answer.messageId);
    });
    const failAll = (error: Error) => {
      thread = undefined;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`The SMTP thread stopped (exit code ${code})`)));
    thread = worker;
    return worker;
  }

  function ask(request: Omit<SmtpRequest, 'id'>): Promise<string> {
    const worker = started();
    const id = (nextId += 1);
    // Idle, the thread does not keep the process alive; a message in flight does.
    if (pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } as SmtpRequest);
    });
  }

  return {
    async send(message) {
      try {
        const messageId = await ask({ message });
        // Recipients are personal data: production logs keep only the message id.
        logger.info({ subject: message.subject, messageId }, 'E-mail sent');
        logger.debug({ to: message.to, messageId }, 'E-mail recipient');
      } catch (error) {
        logger.error({ err: error, subject: message.subject }, 'E-mail could not be sent');
        throw error;
      }
    },
    async close() {
      const worker = thread;
      if (worker === undefined) return;
      await ask({ close: true });
      await worker.terminate();
    },
  };
}

function createOutboxMailer(outboxDir: string, from: string, logger: FastifyBaseLogger): Mailer {
  // Builds the complete message (headers, both parts) exactly as SMTP would carry it, with CRLF like a real .eml.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({ from, ...message });
        if (!Buffer.isBuffer(info.message)) throw new Error('The stream transport did not return a buffer');
        await mkdir(outboxDir, { recursive: true });
        // Colons are not allowed in file names on every system, so the ISO timestamp uses hyphens.
        const timestamp = new Date().toISOString().replace(/:/g, '-');
        const file = await writeNewFile(outboxDir, `${timestamp}-${slugify(message.subject)}`, info.message);
        logger.info(
          { to: message.to, subject: message.subject, links: linksIn(message.text), file },
          'E-mail written to the outbox (SMTP_URL is not set); open its links to follow it',
        );
      } catch (error) {
        logger.error(
          { err: error, to: message.to, subject: message.subject },
          'E-mail could not be written to the outbox',
        );
        throw error;
      }
    },
    async close() {
      transport.close();
    },
  };
}

/** A real SMTP mailer when smtpUrl is set, otherwise an outbox of .eml files whose links are logged. */
export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, from, outboxDir, logger } = options;
  return smtpUrl !== undefined && smtpUrl !== ''
    ? createSmtpMailer(smtpUrl, from, logger)
    : createOutboxMailer(outboxDir, from, logger);
}
