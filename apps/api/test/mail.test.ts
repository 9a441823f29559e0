import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, linksIn, slugify } from '../src/modules/mail/mailer.ts';
import { activationEmail } from '../src/modules/mail/templates.ts';
import { captureLogs } from './helpers/log-capture.ts';
import { startInbox, type Inbox } from './helpers/smtp-inbox.ts';

const FROM = 'EcoAnuncios <no-responder@ecoanuncios.org>';
const PUBLIC_URL = 'http://localhost:3000';
const ACTIVATION_URL = `${PUBLIC_URL}/auth/new/tok_3n-Y0Wx`;

/** A local port nothing listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('mailer over SMTP', () => {
  let inbox: Inbox;
  let outboxDir: string;

  beforeAll(async () => {
    inbox = await startInbox();
    outboxDir = await mkdtemp(path.join(tmpdir(), 'eco-mail-smtp-'));
  });

  afterAll(async () => {
    await inbox.close();
    await rm(outboxDir, { recursive: true, force: true });
  });

  it('delivers both parts with the link, from the configured sender, with the name escaped in HTML', async () => {
    const { logger, entries } = captureLogs();
    const mailer = createMailer({ smtpUrl: inbox.url, from: FROM, outboxDir, logger });
    const email = activationEmail({ name: '<b>Ana</b>', url: ACTIVATION_URL, publicUrl: PUBLIC_URL });

    await mailer.send({ to: 'ana.smtp@example.com', ...email });
    await mailer.close();

    const mail = await inbox.waitFor((received) => received.to.includes('ana.smtp@example.com'));
    expect(mail.subject).toBe('Activa tu cuenta de EcoAnuncios');
    expect(mail.to).toEqual(['ana.smtp@example.com']);
    expect(mail.from).toBe(FROM);
    expect(mail.text).toContain(ACTIVATION_URL);
    expect(mail.html).toContain(`href="${ACTIVATION_URL}"`);
    expect(mail.links).toContain(ACTIVATION_URL);
    expect(mail.text).toContain('Hola, <b>Ana</b>:');
    expect(mail.html).toContain('Hola, &lt;b&gt;Ana&lt;/b&gt;:');
    expect(mail.html).not.toContain('<b>Ana</b>');
    // Nothing goes to the outbox when SMTP is configured.
    expect(await readdir(outboxDir)).toEqual([]);
    const sent = entries.find((entry) => entry.msg === 'E-mail sent');
    expect(sent).toMatchObject({ level: 30, subject: 'Activa tu cuenta de EcoAnuncios' });
    // The recipient is personal data: not at info level.
    expect(sent).not.toHaveProperty('to');
  });

  it('logs and re-throws when the server cannot be reached', async () => {
    const { logger, entries } = captureLogs();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
      from: FROM,
      outboxDir,
      logger,
    });

    await expect(
      mailer.send({ to: 'nadie@example.com', subject: 'Prueba', text: 'Hola', html: '<p>Hola</p>' }),
    ).rejects.toThrow(/ECONNREFUSED/);
    await mailer.close();

    expect(entries).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: 'E-mail could not be sent',
        subject: 'Prueba',
      }),
    );
  });
});

describe('mailer without SMTP_URL (outbox)', () => {
  let outboxDir: string;

  beforeAll(async () => {
    outboxDir = path.join(await mkdtemp(path.join(tmpdir(), 'eco-mail-outbox-')), 'outbox');
  });

  afterAll(async () => {
    await rm(path.dirname(outboxDir), { recursive: true, force: true });
  });

  it('writes a parseable .eml named after the time and subject, and logs its links', async () => {
    const { logger, entries } = captureLogs();
    const mailer = createMailer({ from: FROM, outboxDir, logger });
    const email = activationEmail({ name: 'Ana', url: ACTIVATION_URL, publicUrl: PUBLIC_URL });

    await mailer.send({ to: 'ana.outbox@example.com', ...email });
    await mailer.send({ to: 'ana.outbox@example.com', ...email });
    await mailer.close();

    const files = (await readdir(outboxDir)).sort();
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(file).toMatch(
        /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-activa-tu-cuenta-de-ecoanuncios(-\d+)?\.eml$/,
      );
    }
    const parsed = await simpleParser(await readFile(path.join(outboxDir, files[0] ?? '')));
    expect(parsed.subject).toBe('Activa tu cuenta de EcoAnuncios');
    expect(parsed.from?.value).toEqual([{ name: 'EcoAnuncios', address: 'no-responder@ecoanuncios.org' }]);
    expect(JSON.stringify(parsed.to)).toContain('ana.outbox@example.com');
    expect(parsed.text).toContain(ACTIVATION_URL);
    expect(parsed.html).toContain(`href="${ACTIVATION_URL}"`);

    const logged = entries.filter((entry) => entry.to === 'ana.outbox@example.com');
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ level: 30, subject: 'Activa tu cuenta de EcoAnuncios' });
    expect(logged[0]?.links).toContain(ACTIVATION_URL);
    expect(String(logged[0]?.msg)).toContain('outbox');
  });

  it('logs and re-throws when the outbox cannot be written', async () => {
    const { logger, entries } = captureLogs();
    const blocked = path.join(outboxDir, '..', 'a-file');
    await writeFile(blocked, 'not a folder');
    const mailer = createMailer({ from: FROM, outboxDir: path.join(blocked, 'outbox'), logger });

    await expect(
      mailer.send({ to: 'ana@example.com', subject: 'Prueba', text: 'Hola', html: '<p>Hola</p>' }),
    ).rejects.toThrow();

    expect(entries).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'E-mail could not be written to the outbox' }),
    );
  });
});

describe('mail helpers', () => {
  it('finds every link of a text, without trailing punctuation or repeats', () => {
    expect(
      linksIn(
        'Entra en https://eco.example/a?b=1&c=2. O en (http://localhost:3000/auth), https://eco.example/a?b=1&c=2',
      ),
    ).toEqual(['https://eco.example/a?b=1&c=2', 'http://localhost:3000/auth']);
  });

  it('makes ASCII file-name slugs', () => {
    expect(slugify('Restablece tu contraseña de EcoAnuncios')).toBe(
      'restablece-tu-contrasena-de-ecoanuncios',
    );
    expect(slugify('¡¡¡')).toBe('mensaje');
    expect(slugify('a'.repeat(100))).toHaveLength(60);
  });
});
