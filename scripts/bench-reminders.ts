// How long "Me interesa" reminders take when many members' reminders fall due in the same minute, and what the
// burst does to the lists (decision 036). On each dialect: a fresh eco_bench_* database (PostgreSQL) or data folder
// (SQLite) filled with LIST_PUBLICATIONS publications (the realistic fill of bench:api), REMINDER_MEMBERS members
// interested in one event that starts in 3 hours, and the production server built and started as `npm run serve`
// runs it — REMINDER_PROCESSES processes on PostgreSQL (each runs the job worker; SQLite serves one), or with
// REMINDER_QUEUE_PROCESSES those answer the lists with JOBS_WORKER=off and that many more run the queue at
// `nice -n QUEUE_NICE` (10), as deploy/systemd/ecoanuncios-queue.service does (decision 051) — sending its e-mails
// over SMTP (its pooled transport) to a local SMTP server in a child process that counts what arrives.
//
// 1. The list mix of bench:api (GET /api/publications, realistic and seeded) at LIST_RATE requests per second,
//    spread over the processes, for LIST_SECONDS: the list latency without the burst.
// 2. Every member's 24-hour reminder queued at once (one statement, as an edit moving the event does), the same
//    list traffic running until every notification is written and every e-mail has reached the SMTP server: the
//    list latency during the burst, the seconds to the last notification and to the last e-mail.
// 3. Exactly once: one notification per member, as many messages as members, each to a distinct recipient.
// Prints both latencies side by side with the load average of the machine, the servers', PostgreSQL's and the SMTP
// server's CPU seconds of the burst (what it would take on a quiet machine) and the rates. Everything it creates is
// removed at the end.
//
//   npm run bench:reminders                      (100,000 members; both dialects; PostgreSQL at BENCH_DATABASE_URL)
//   REMINDER_MEMBERS=10000 BENCH_DIALECTS=sqlite LIST_PUBLICATIONS=20000 npm run bench:reminders
//   REMINDER_QUEUE_PROCESSES=1 BENCH_DIALECTS=postgres npm run bench:reminders   (the queue in a process of its own)
import { execFileSync, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { createDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import type { Dialect } from '../apps/api/src/db/schema.ts';
import {
  REMINDER_JOB,
  REMINDER_MAIL_JOB,
  rescheduleReminders,
  subjectOf,
} from '../apps/api/src/modules/interests/reminders.ts';
import { searchStemsOf } from '../apps/api/src/modules/publications/search-stems.ts';
import { listMixRequests } from './lib/bench-cases.ts';
import { createBenchDatabase } from './lib/bench-databases.ts';
import { fillDatabase } from './lib/bench-fill.ts';
import { LatencyHistogram } from './lib/latency-histogram.ts';
import { LoadCursor, loadTest, type LoadRequest } from './lib/load-test.ts';
import { serveBuild, type RunningServer } from './lib/serve-build.ts';
import type { SinkCount } from './lib/smtp-sink.ts';

const HOUR = 3_600_000;

function count(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

const members = count('REMINDER_MEMBERS', 100_000);
const processes = count('REMINDER_PROCESSES', 2);
/** PostgreSQL: processes that only run the queue (JOBS_WORKER=on, the others off), started with `nice -n QUEUE_NICE`. */
const queueProcesses = Number(process.env.REMINDER_QUEUE_PROCESSES ?? 0);
if (!Number.isSafeInteger(queueProcesses) || queueProcesses < 0)
  throw new Error('REMINDER_QUEUE_PROCESSES must be 0 or a positive integer');
const queueNice = Number(process.env.QUEUE_NICE ?? 10);
if (!Number.isSafeInteger(queueNice) || queueNice < 0 || queueNice > 19)
  throw new Error('QUEUE_NICE must be an integer from 0 to 19');
/**
 * The SMTP server's nice value. A site's mail server is another machine: here it shares the 2 cores, so by default it
 * takes what the site leaves (19) rather than competing with the site's requests at their priority (0).
 */
const sinkNice = Number(process.env.SMTP_SINK_NICE ?? 19);
if (!Number.isSafeInteger(sinkNice) || sinkNice < 0 || sinkNice > 19)
  throw new Error('SMTP_SINK_NICE must be an integer from 0 to 19');
const publications = count('LIST_PUBLICATIONS', 100_000);
const listRate = count('LIST_RATE', 100);
const listSeconds = count('LIST_SECONDS', 30);
const warmupSeconds = count('LIST_WARMUP_SECONDS', 20);
const connections = count('LIST_CONNECTIONS', 8);
const basePort = count('BENCH_PORT', 3731);
const burstLimitSeconds = count('BURST_LIMIT_SECONDS', 1800);
const dialects = (process.env.BENCH_DIALECTS ?? 'postgres,sqlite')
  .split(',')
  .map((name) => name.trim()) as Dialect[];
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number | undefined): number {
  const fields = pid === undefined ? undefined : statFields(pid);
  return fields === undefined ? 0 : (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The fields of /proc/<pid>/stat after the command's name (field 3 on), or undefined once the process is gone. */
function statFields(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds the whole PostgreSQL server (it runs on this machine) has used so far: the postmaster, its children
 * alive now (backends, autovacuum workers, the WAL and background writers), and those already gone, which the
 * kernel adds to the postmaster's children's time when it reaps them. Summing the bench database's backends before
 * and after missed every backend and autovacuum worker that ended in between.
 */
async function postgresCpu(handle: ReturnType<typeof createDatabase>, dialect: Dialect): Promise<number> {
  if (dialect !== 'postgres') return 0;
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
  const postmaster = Number(statFields(Number(rows[0]?.pid))?.[1]);
  const own = statFields(postmaster);
  if (own === undefined) return 0;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields !== undefined && Number(fields[1]) === postmaster)
      ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / 100;
}

/** Where each server process runs the queue without queue processes: JOBS_WORKER, or its default (decision 052). */
function queueWhere(dialect: Dialect): string {
  const setting = process.env.JOBS_WORKER ?? (dialect === 'postgres' ? 'thread' : 'on');
  return setting === 'thread' ? "each process's queue thread (nice 10)" : "each process's main thread";
}

/** The local SMTP server, in a child process at `nice` (smtp-sink.ts). */
async function startSink(port: number, nice: number) {
  const child = fork(new URL('./lib/smtp-sink.ts', import.meta.url), [String(port), String(nice)], {
    execArgv: ['--disable-warning=ExperimentalWarning'],
  });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    pid: child.pid,
    count: () =>
      new Promise<SinkCount>((resolve) => {
        child.once('message', (message) => resolve(message as SinkCount));
        child.send('count');
      }),
    stop: () => {
      child.kill('SIGTERM');
    },
  };
}

/**
 * The list traffic over every server at `listRate` in all, for `seconds`, recorded into `latencies`. The servers take
 * turns in one sequence (`cursor`), as a load balancer spreads one site's traffic, and each window goes on where the
 * previous one stopped: the windows during the burst ask new requests as well as remembered ones, as the quiet
 * window does, and no two processes are sent the same first computations at the same moment.
 */
async function listTraffic(
  servers: RunningServer[],
  cursor: LoadCursor,
  requests: LoadRequest[],
  seconds: number,
  latencies: LatencyHistogram,
): Promise<number> {
  const results = await Promise.all(
    servers.map((server) =>
      loadTest(server.url, requests, seconds, Math.max(1, Math.round(connections / servers.length)), {
        rate: Math.max(1, Math.round(listRate / servers.length)),
        latencies,
        cursor,
      }),
    ),
  );
  return results.reduce((sum, result) => sum + result.failures, 0);
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const load1 = () => round(loadavg()[0] ?? 0, 2);

type Row = Record<string, string | number>;

async function benchDialect(dialect: Dialect): Promise<Row> {
  const servers = dialect === 'postgres' ? processes : 1;
  const queueServers = dialect === 'postgres' ? queueProcesses : 0;
  console.info(
    `\n${dialect}: ${publications.toLocaleString('en')} publications, ${members.toLocaleString('en')} interested members, ${servers} server process(es)${queueServers > 0 ? ` and ${queueServers} running the queue (nice ${queueNice})` : ''}…`,
  );
  const bench = await createBenchDatabase(dialect, adminUrl);
  const sink = await startSink(basePort + 10, sinkNice);
  /** The servers the lists are asked of, then those that only run the queue. */
  const running: RunningServer[] = [];
  const queue: RunningServer[] = [];
  try {
    const database = createDatabase(bench.config);
    const { db } = database;
    let publicationId = '';
    try {
      await migrateToLatest(db);
      const fill = await fillDatabase(db, dialect, { publications, users: 300, seed: 2026 });
      console.info(`  filled in ${(fill.ms / 1000).toFixed(1)} s`);
      const now = new Date().toISOString();
      const author = randomUUID();
      const ids = Array.from({ length: members }, () => randomUUID());
      const users = [author, ...ids].map((id, index) => ({
        id,
        email: `recordatorio${index}@example.org`,
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
      publicationId = randomUUID();
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
      for (let start = 0; start < ids.length; start += 5000)
        await db
          .insertInto('interests')
          .values(
            ids
              .slice(start, start + 5000)
              .map((id) => ({ user_id: id, publication_id: publicationId, created_at: now })),
          )
          .execute();
    } finally {
      await database.close();
    }

    const serverEnv = {
      ...bench.env,
      DEMO_CONTENT: 'off',
      SMTP_URL: sink.url,
      JOBS_POLL_MS: '1000',
      LOG_LEVEL: 'warn',
      // Without queue processes, each server runs the queue where the configuration puts it by default (a thread of
      // its own on PostgreSQL, decision 052), or where JOBS_WORKER in the bench's environment says.
      ...(queueServers > 0 ? { JOBS_WORKER: 'off' } : {}),
    };
    for (let index = 0; index < servers; index += 1) {
      running.push(await serveBuild(basePort + index, serverEnv, { probe: true }));
    }
    for (let index = 0; index < queueServers; index += 1) {
      queue.push(
        await serveBuild(
          basePort + servers + index,
          { ...serverEnv, JOBS_WORKER: 'on' },
          { probe: true, nice: queueNice },
        ),
      );
    }
    const requests = listMixRequests();
    const cursor = new LoadCursor();
    process.stdout.write(
      `  list mix without the burst: warm-up ${warmupSeconds} s, then ${listSeconds} s at ${listRate}/s… `,
    );
    await listTraffic(running, cursor, requests, warmupSeconds, new LatencyHistogram());
    const handle = createDatabase(bench.config);
    const quiet = new LatencyHistogram();
    const loadBefore = load1();
    const quietCpu = running.map((server) => cpuSeconds(server.pid));
    const quietPostgresCpu = await postgresCpu(handle, dialect);
    const quietFailures = await listTraffic(running, cursor, requests, listSeconds, quiet);
    // The CPU per second of list traffic alone, the servers' and PostgreSQL's, to tell the burst's own share.
    const trafficCpuPerSecond =
      running.reduce((sum, server, index) => sum + cpuSeconds(server.pid) - (quietCpu[index] ?? 0), 0) /
      listSeconds;
    const trafficPostgresCpuPerSecond =
      ((await postgresCpu(handle, dialect)) - quietPostgresCpu) / listSeconds;
    process.stdout.write(`p99 ${round(quiet.percentile(0.99), 2)} ms\n`);

    // The burst, with the same traffic in 5-second windows until everything has arrived.
    const everyServer = [...running, ...queue];
    const cpuBefore = everyServer.map((server) => cpuSeconds(server.pid));
    const sinkCpuBefore = cpuSeconds(sink.pid);
    const postgresBefore = await postgresCpu(handle, dialect);
    for (const server of everyServer) await server.probe('reset');
    const started = performance.now();
    const start = await handle.db
      .selectFrom('publications')
      .select('calendared_at')
      .where('id', '=', publicationId)
      .executeTakeFirstOrThrow();
    await rescheduleReminders(handle.db, dialect, publicationId, start.calendared_at);
    const queuedMs = performance.now() - started;
    process.stdout.write(`  burst queued in ${Math.round(queuedMs)} ms; list mix during it… `);
    const during = new LatencyHistogram();
    let notifiedSeconds = 0;
    let mailedSeconds = 0;
    let burstFailures = 0;
    const loads: number[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const elapsed = (performance.now() - started) / 1000;
        if (notifiedSeconds === 0) {
          const left = await handle.db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('subject', '=', subjectOf(publicationId))
            .where('kind', '=', REMINDER_JOB)
            .where('id', 'like', '%:24h')
            .executeTakeFirstOrThrow();
          if (Number(left.n) === 0) notifiedSeconds = elapsed;
        }
        if (mailedSeconds === 0 && (await sink.count()).messages >= members) mailedSeconds = elapsed;
        if ((notifiedSeconds > 0 && mailedSeconds > 0) || elapsed > burstLimitSeconds) watching = false;
        else await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    while (watching) {
      burstFailures += await listTraffic(running, cursor, requests, 5, during);
      loads.push(load1());
    }
    await watcher;
    const burstSeconds = (performance.now() - started) / 1000;
    const cpu = everyServer.reduce(
      (sum, server, index) => sum + cpuSeconds(server.pid) - (cpuBefore[index] ?? 0),
      0,
    );
    const sinkCpu = cpuSeconds(sink.pid) - sinkCpuBefore;
    const databaseCpu = (await postgresCpu(handle, dialect)) - postgresBefore;
    const loopP99 = Math.max(
      ...(await Promise.all(
        running.map(async (server) => (await server.probe('read'))?.eventLoopP99Ms ?? 0),
      )),
    );
    process.stdout.write(`p99 ${round(during.percentile(0.99), 2)} ms\n`);

    // Exactly once: a notification per member, a message per member, each to its own recipient, nothing left.
    const notified = await handle.db
      .selectFrom('notifications')
      .select((eb) => [
        eb.fn.countAll<string>().as('n'),
        eb.fn.count<string>('user_id').distinct().as('members'),
      ])
      .where('dedupe_key', 'like', `publication:${publicationId}:reminder:24h:%`)
      .executeTakeFirstOrThrow();
    const left = await handle.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', '=', REMINDER_MAIL_JOB)
      .executeTakeFirstOrThrow();
    await handle.close();
    const arrived = await sink.count();
    return {
      dialect,
      processes: servers,
      'queue runs on':
        queueServers > 0 ? `${queueServers} process(es) of its own (nice ${queueNice})` : queueWhere(dialect),
      members,
      'list p99 quiet (ms)': round(quiet.percentile(0.99), 2),
      'list p99 burst (ms)': round(during.percentile(0.99), 2),
      'list p50 quiet/burst (ms)': `${round(quiet.percentile(0.5), 2)} / ${round(during.percentile(0.5), 2)}`,
      'list max burst (ms)': round(during.max, 1),
      'list failures': quietFailures + burstFailures,
      'loop p99 burst (ms)': loopP99,
      'queued (ms)': Math.round(queuedMs),
      'all notified (s)': round(notifiedSeconds),
      'all e-mails sent (s)': mailedSeconds === 0 ? `> ${burstLimitSeconds}` : round(mailedSeconds),
      'reminders/s': Math.round(members / Math.max(notifiedSeconds, mailedSeconds, 0.001)),
      'server CPU (s)': round(cpu),
      'of it the burst (s)': round(cpu - trafficCpuPerSecond * burstSeconds),
      'PostgreSQL CPU (s)': dialect === 'postgres' ? round(databaseCpu) : '-',
      'PostgreSQL CPU of the burst (s)':
        dialect === 'postgres' ? round(databaseCpu - trafficPostgresCpuPerSecond * burstSeconds) : '-',
      // The mail server stands for another machine, but here it shares the cores with the servers.
      'SMTP server CPU (s)': round(sinkCpu),
      'SMTP server nice': sinkNice,
      notifications: `${Number(notified.n)} (${Number(notified.members)} members)`,
      'e-mails': `${arrived.messages} (${arrived.recipients} recipients)`,
      'mail jobs left': Number(left.n),
      'load 1 min before/during': `${loadBefore} / ${round(loads.reduce((sum, value) => sum + value, 0) / Math.max(1, loads.length), 2)}`,
      'burst (s)': round(burstSeconds),
    };
  } finally {
    for (const server of [...running, ...queue]) await server.stop();
    sink.stop();
    await bench.drop();
  }
}

// The production server as `npm run serve` runs it: built from the sources of this checkout.
execFileSync(process.execPath, ['--disable-warning=ExperimentalWarning', 'scripts/build-api.ts'], {
  stdio: 'inherit',
});
const rows: Row[] = [];
for (const dialect of dialects) {
  const row = await benchDialect(dialect);
  // Each dialect's figures as soon as they are known (a long run may be stopped before the next one ends).
  console.log(JSON.stringify(row));
  rows.push(row);
}
console.info(
  `\nbench:reminders — ${members.toLocaleString('en')} members' reminders due at once, list mix at ${listRate}/s over ${publications.toLocaleString('en')} publications`,
);
for (const row of rows) {
  console.info('');
  console.table(row);
}
