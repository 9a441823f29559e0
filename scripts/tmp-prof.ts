import { fork } from 'node:child_process';
import pino from 'pino';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { createMailer } from '../apps/api/src/modules/mail/mailer.ts';
import { interestReminderEmail } from '../apps/api/src/modules/notifications/templates.ts';
import { unsubscribeLinks } from '../apps/api/src/modules/notifications/community-mail.ts';
import { mimePartOf } from '../apps/api/src/modules/mail/mailer.ts';
import { eachAtMost } from '../apps/api/src/modules/interests/event-files.ts';
const child = fork(new URL('./lib/smtp-sink.ts', import.meta.url), ['3745'], { execArgv: ['--disable-warning=ExperimentalWarning'] });
await new Promise((r) => child.once('message', r));
const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:3745', from: 'Eco <no@example.org>', outboxDir: '/tmp/x', logger: pino({ level: 'warn' }) });
const pool = nodemailer.createTransport({ url: 'smtp://127.0.0.1:3745', pool: true, maxConnections: 4, maxMessages: 100 });
const ics = await mimePartOf({ filename: 'e.ics', content: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\n' + 'DESCRIPTION:Traé tu yerba usada. '.repeat(20) + '\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' });
const N = Number(process.env.N ?? 5000);
const t = performance.now(); const cpu = process.cpuUsage();
await eachAtMost(Array.from({ length: N }, (_, i) => i), 8, async (i) => {
  const links = unsubscribeLinks('https://eco.example.org', 'bench-secret-key-of-enough-length-for-hmac', 'u' + i);
  const email = interestReminderEmail({ name: 'Miembro ' + i, publicUrl: 'https://eco.example.org', unsubscribeUrl: links.pageUrl, which: '24h', title: 'Taller de compostaje', calendaredAt: new Date().toISOString(), locationCountry: 'arg', place: 'Plaza San Martín, Córdoba', url: 'https://eco.example.org/publications/x' });
  const message = { from: 'Eco <no@example.org>', ...email, to: `m${i}@example.org`, headers: links.headers, attachments: [{ raw: ics }] };
  if (process.env.RAW) { const raw = await new MailComposer(message).compile().build(); await pool.sendMail({ envelope: { from: 'Eco <no@example.org>', to: [message.to] }, raw }); }
  else await mailer.send(message);
});
const c = process.cpuUsage(cpu);
console.log('wall ms/msg', ((performance.now() - t) / N).toFixed(2), 'cpu ms/msg', ((c.user + c.system) / 1000 / N).toFixed(2));
await mailer.close(); pool.close(); child.kill();
