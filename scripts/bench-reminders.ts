// How long "Me interesa" reminders take when many members' reminders fall due in the same minute (decision 036):
// REMINDER_MEMBERS members (10,000 by default) interested in one event that starts in 3 hours, their 24-hour
// reminders queued at once on a fresh eco_bench_* database, and REMINDER_PROCESSES worker processes (2 by default,
// each a child process with its own pool, as server processes are) running the real handlers until every reminder
// is notified and every e-mail built (nodemailer's stream transport: the whole MIME message with its .ics, no
// network). Prints the time to the last one and the rate. Everything it creates is removed at the end.
//
//   npm run bench:reminders                         (PostgreSQL at BENCH_DATABASE_URL, default 127.0.0.1:5432)
//   REMINDER_MEMBERS=100000 REMINDER_PROCESSES=2 npm run bench:reminders
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { createDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { reminderMailHandler } from '../apps/api/src/modules/interests/reminder-mail.ts';
import {
  REMINDER_JOB,
  REMINDER_MAIL_JOB,
  reminderHandler,
  rescheduleReminders,
} from '../apps/api/src/modules/interests/reminders.ts';
import { createJobWorker } from '../apps/api/src/modules/jobs/worker.ts';
import { createLocalStorage } from '../apps/api/src/modules/media/storage.ts';
import { searchStemsOf } from '../apps/api/src/modules/publications/search-stems.ts';
import { createBenchDatabase } from './lib/bench-databases.ts';

const HOUR = 3_600_000;

function count(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

/** A worker process: the real handlers on a pool of its own, until the parent says stop. */
async function runWorker(databaseUrl: string, dataDir: string): Promise<void> {
  const database = createDatabase({ databaseUrl, dataDir });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  let mails = 0;
  const mailer = {
    send: async (message: Parameters<typeof transport.sendMail>[0]) => {
      await transport.sendMail({ from: 'EcoAnuncios <no-responder@example.org>', ...message });
      mails += 1;
    },
    close: async () => undefined,
  };
  const wake = () => worker.wake();
  const worker: ReturnType<typeof createJobWorker> = createJobWorker({
    db: database.db,
    dialect: database.dialect,
    log: pino({ level: 'warn' }),
    pollMs: 200,
    handlers: {
      [REMINDER_JOB]: reminderHandler({ db: database.db, wake }),
      [REMINDER_MAIL_JOB]: reminderMailHandler({
        db: database.db,
        mailer,
        storage: createLocalStorage(dataDir),
        publicUrl: 'https://eco.example.org',
        secretKey: 'bench-secret-key-of-enough-length-for-hmac',
      }),
    },
  });
  worker.start();
  process.send?.('ready');
  process.on('message', async (message) => {
    if (message !== 'stop') return;
    await worker.stop();
    await database.close();
    process.send?.({ mails });
    process.exit(0);
  });
}

async function main(): Promise<void> {
  const members = count('REMINDER_MEMBERS', 10_000);
  const processes = count('REMINDER_PROCESSES', 2);
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
  const bench = await createBenchDatabase('postgres', adminUrl);
  const database = createDatabase(bench.config);
  const { db } = database;
  const children: ReturnType<typeof fork>[] = [];
  try {
    await migrateToLatest(db);
    const now = new Date().toISOString();
    const author = randomUUID();
    const ids = Array.from({ length: members }, () => randomUUID());
    const users = [author, ...ids].map((id, index) => ({
      id,
      email: `miembro${index}@example.org`,
      name: `Miembro ${index}`,
      password_hash: 'not-used',
      activated_at: now,
      created_at: now,
      updated_at: now,
    }));
    for (let start = 0; start < users.length; start += 2000)
      await db
        .insertInto('users')
        .values(users.slice(start, start + 2000))
        .execute();
    const publicationId = randomUUID();
    const texts = { title: 'Taller de compostaje', description: 'Traé tu yerba usada.', labels: '[]' };
    await db
      .insertInto('publications')
      .values({
        id: publicationId,
        typed: 'events',
        ...texts,
        ...searchStemsOf(texts),
        status: 1,
        location_address: 'Plaza San Martín',
        location_country: 'arg',
        location_province: 'cordoba',
        location_city: 'cba-city',
        calendared_at: new Date(Date.now() + 3 * HOUR).toISOString(),
        created_by: author,
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (let start = 0; start < ids.length; start += 5000) {
      await db
        .insertInto('interests')
        .values(
          ids
            .slice(start, start + 5000)
            .map((id) => ({ user_id: id, publication_id: publicationId, created_at: now })),
        )
        .execute();
    }

    for (let index = 0; index < processes; index += 1) {
      const child = fork(
        import.meta.filename,
        ['--worker', bench.config.databaseUrl ?? '', bench.config.dataDir],
        {
          execArgv: ['--disable-warning=ExperimentalWarning'],
        },
      );
      children.push(child);
      await new Promise<void>((resolve) => child.once('message', () => resolve()));
    }

    const started = performance.now();
    const start = await db.selectFrom('publications').select('calendared_at').executeTakeFirstOrThrow();
    await rescheduleReminders(db, 'postgres', publicationId, start.calendared_at);
    const queued = performance.now() - started;
    let notified = 0;
    let notifiedSeconds = 0;
    for (;;) {
      if (notifiedSeconds === 0) {
        const reminders = await db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('id', 'like', `${REMINDER_JOB}:%:24h`)
          .executeTakeFirstOrThrow();
        if (Number(reminders.n) === 0) notifiedSeconds = (performance.now() - started) / 1000;
      }
      const left = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where((eb) => eb.or([eb('id', 'like', `${REMINDER_JOB}:%:24h`), eb('kind', '=', REMINDER_MAIL_JOB)]))
        .executeTakeFirstOrThrow();
      if (Number(left.n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const counted = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('dedupe_key', 'like', `publication:${publicationId}:reminder:24h:%`)
      .executeTakeFirstOrThrow();
    notified = Number(counted.n);
    const mails = await Promise.all(
      children.map(
        (child) =>
          new Promise<number>((resolve) => {
            child.once('message', (message) => resolve((message as { mails: number }).mails));
            child.send('stop');
          }),
      ),
    );
    console.log(
      JSON.stringify({
        members,
        processes,
        queueMs: Math.round(queued),
        notifiedSeconds: Number(notifiedSeconds.toFixed(1)),
        seconds: Number(seconds.toFixed(1)),
        notified,
        mailsPerProcess: mails,
        remindersPerSecond: Math.round(members / seconds),
      }),
    );
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await database.close();
    await bench.drop();
  }
}

if (process.argv[2] === '--worker') await runWorker(process.argv[3] ?? '', process.argv[4] ?? '');
else await main();
