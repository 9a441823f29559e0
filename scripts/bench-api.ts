// Throughput, latency, event-loop delay and memory of the production server on loopback, SQLite and PostgreSQL,
// on generated publications: the realistic list mix (scripts/lib/bench-mix.ts) case by case and as a whole, the
// server-rendered pages, and writes under the mix's load; with bare Fastify servers answering the same bytes,
// measured in the same run, as the ceilings. Everything it creates (temporary folders, the eco_bench_* database,
// the servers) is removed at the end.
import { request as httpRequest } from 'node:http';
import { createDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import type { DB, Dialect } from '../apps/api/src/db/schema.ts';
import { createSession } from '../apps/api/src/modules/sessions/service.ts';
import { serveBareFastify } from './lib/bare-fastify.ts';
import { ASSISTANT_BENCH_ENV } from './lib/bench-assistant.ts';
import {
  BROWSER_HEADERS,
  CASE_PROVIDERS,
  type BenchCase,
  type CaseContext,
  type CaseGroup,
} from './lib/bench-cases.ts';
import { createBenchDatabase } from './lib/bench-databases.ts';
import type { ProbeReading } from './lib/bench-probe.ts';
import { fillDatabase, type FillResult } from './lib/bench-fill.ts';
import { fillSavedSearches } from './lib/bench-searches.ts';
import { loadTest, type LoadRequest, type LoadResult } from './lib/load-test.ts';
import { serveBuild, type RunningServer } from './lib/serve-build.ts';
import { stopAllServers } from './lib/server-process.ts';
import { measureWrites } from './lib/bench-writes.ts';

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number, got ${JSON.stringify(raw)}`);
    process.exit(1);
  }
  return value;
}

function list(name: string, fallback: string): string[] {
  return (process.env[name] ?? fallback)
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

const durationSeconds = positiveNumber('BENCH_DURATION', 8);
const warmupSeconds = positiveNumber('BENCH_WARMUP', 2);
const rowCounts = list('BENCH_ROWS', '100000').map((value) => {
  const count = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(count) || count <= 0) {
    console.error(`BENCH_ROWS must be a comma-separated list of row counts, got ${JSON.stringify(value)}`);
    process.exit(1);
  }
  return count;
});
/** Saved searches with alerts listening while the writes case publishes (decision 041); 0 for none. */
const savedSearches = Number(process.env.BENCH_SEARCHES ?? 100_000);
if (!Number.isInteger(savedSearches) || savedSearches < 0) {
  console.error(`BENCH_SEARCHES must be a whole number, got ${JSON.stringify(process.env.BENCH_SEARCHES)}`);
  process.exit(1);
}
const dialects = list('BENCH_DIALECTS', 'sqlite,postgres') as Dialect[];
for (const dialect of dialects) {
  if (dialect !== 'sqlite' && dialect !== 'postgres') {
    console.error(`BENCH_DIALECTS takes sqlite and/or postgres, got ${JSON.stringify(dialect)}`);
    process.exit(1);
  }
}
/** Only the cases whose name contains one of these (all when unset). */
const caseFilter = list('BENCH_CASES', '');
/** The mix alone for this many seconds, the server's memory read every tenth of it (unset: every case). */
const soakSeconds = process.env.BENCH_SOAK === undefined ? undefined : positiveNumber('BENCH_SOAK', 600);
const port = Math.round(positiveNumber('BENCH_PORT', 3321));
const connections = 10;
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/test';

type Row = {
  dialect: string;
  rows: string;
  case: string;
  'req/s': number;
  '% ceiling': number | string;
  'p50 ms': number;
  'p99 ms': number;
  'max ms': number;
  'loop p99 ms': number | string;
  'RSS MB': number | string;
  failures: number;
  'new minute': string;
};

const table: Row[] = [];
const memory: {
  dialect: Dialect;
  rows: number;
  before: number;
  /** The peak while the list mix ran (the issue's memory target), then the peak over every case. */
  'mix peak': number | string;
  peak: number;
  after: number;
}[] = [];
const fills: { dialect: Dialect; fill: FillResult }[] = [];
/** What is still to undo, for Ctrl-C. */
const cleanups: (() => Promise<void>)[] = [];

/** Registers `task` to run on Ctrl-C; the returned function runs it now (once) and unregisters it. */
function undoable(task: () => Promise<void>): () => Promise<void> {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    cleanups.splice(cleanups.indexOf(once), 1);
    await task();
  };
  cleanups.push(once);
  return once;
}

process.once('SIGINT', () => {
  console.error('\nInterrupted: cleaning up');
  void (async () => {
    // Servers first (also one still starting), so that dropping the database cuts no live connection.
    await stopAllServers().catch((error: unknown) => console.error(error));
    for (const task of cleanups.slice().reverse()) {
      await task().catch((error: unknown) => console.error(error));
    }
    process.exit(130);
  })();
});

/** A real answer's bytes as the app sent them (compressed when it compressed them), and their encoding. */
type Answered = { bytes: Buffer; encoding: string | undefined };

/** One real answer, checked: its bytes, as sent, are the ceiling's canned body. */
function fetchOk(url: string, request: LoadRequest): Promise<Answered> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      `${url}${request.path}`,
      { method: request.method ?? 'GET', headers: request.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const status = response.statusCode ?? 0;
          if (status < 200 || status >= 300) {
            reject(new Error(`${request.path} answered ${status}: ${bytes.toString('utf8').slice(0, 200)}`));
            return;
          }
          const encoding = response.headers['content-encoding'];
          resolve({ bytes, encoding: typeof encoding === 'string' ? encoding : undefined });
        });
      },
    );
    sent.on('error', reject);
    sent.end(request.body);
  });
}

/**
 * The load generator drops its connections at the deadline, not the work it queued: one more request answered
 * means the server is done with it, before the next run starts or the server stops.
 */
async function drain(url: string): Promise<void> {
  await (await fetch(`${url}/api/health`)).arrayBuffer();
}

/**
 * `newMinute`: whether a minute of the clock began during the measured seconds, and whether it was a whole or half
 * hour. The agenda's answers are kept per minute (decision 032), so all of those the case asks are computed again at
 * once then; open=now's are kept between two opening or closing minutes (decision 062), which in the bench's
 * schedules fall on whole and half hours. A p99 near a bound reads differently with and without one.
 */
type Measured = LoadResult & { probe: ProbeReading | undefined; newMinute?: 'no' | 'yes' | 'half hour' };

const MINUTE_MS = 60_000;

/**
 * Whether a minute began between two instants (ms), and whether a half hour did (Argentina and Colombia are whole
 * hours off UTC).
 */
function minuteBegan(started: number, ended: number): 'no' | 'yes' | 'half hour' {
  const began = (length: number) => Math.floor(started / length) !== Math.floor(ended / length);
  if (began(30 * MINUTE_MS)) return 'half hour';
  return began(MINUTE_MS) ? 'yes' : 'no';
}

async function measure(
  server: RunningServer,
  label: string,
  requests: LoadRequest[],
  seconds = durationSeconds,
): Promise<Measured> {
  process.stdout.write(`  ${label}: warm-up ${warmupSeconds} s, then ${seconds} s… `);
  await loadTest(server.url, requests, warmupSeconds, connections);
  await drain(server.url);
  await server.probe('reset');
  // A long run shows whether memory stays flat: the resident size every tenth of it.
  const samples: number[] = [];
  const sampler =
    seconds >= 60
      ? setInterval(
          () => {
            void server.probe('read').then((reading) => {
              if (reading !== undefined) samples.push(reading.rssMb);
            });
          },
          (seconds * 1000) / 10,
        )
      : undefined;
  const started = Date.now();
  const result = await loadTest(server.url, requests, seconds, connections);
  const newMinute = minuteBegan(started, Date.now());
  clearInterval(sampler);
  await drain(server.url);
  const probe = await server.probe('read');
  process.stdout.write(`${result.requestsPerSecond} req/s, p99 ${result.p99Ms} ms\n`);
  if (samples.length > 0) console.info(`    RSS MB every ${seconds / 10} s: ${samples.join(', ')}`);
  return { ...result, probe, newMinute };
}

function rowOf(dialect: string, rows: string, name: string, result: Measured, ceiling?: number): Row {
  return {
    dialect,
    rows,
    case: name,
    'req/s': result.requestsPerSecond,
    '% ceiling':
      ceiling === undefined ? '-' : Number(((100 * result.requestsPerSecond) / ceiling).toFixed(1)),
    'p50 ms': result.p50Ms,
    'p99 ms': result.p99Ms,
    'max ms': result.maxMs,
    'loop p99 ms': result.probe?.eventLoopP99Ms ?? '-',
    'RSS MB': result.probe?.rssMb ?? '-',
    failures: result.failures,
    'new minute': result.newMinute ?? '-',
  };
}

/** A super user with a session, and the newest published publications but tips, straight in the database. */
async function benchContext(db: DB): Promise<Omit<CaseContext, 'url' | 'dialect' | 'rows'>> {
  const now = new Date().toISOString();
  const id = 'bench-super-user';
  await db
    .insertInto('users')
    .values({
      id,
      email: 'super@bench.ecoanuncios.local',
      name: 'Super Bench',
      password_hash: 'not-used',
      is_super_user: 1,
      is_active: 1,
      activated_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const { token } = await createSession(db, id, 24 * 3_600_000);
  const published = await db
    .selectFrom('publications')
    .select('id')
    .where('status', '=', 1)
    // A tip's detail path redirects to its own page (302, a failure to the load test).
    .where('typed', '!=', 'tips')
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute();
  return {
    superUserHeaders: { authorization: `Bearer ${token}` },
    superUserId: id,
    publicationIds: published.map((row) => row.id),
  };
}

/**
 * The answer a group's ceiling sends: its first case's first answer; for the feeds, whose answers range from an empty
 * calendar to 300 events, the median-sized of their first 51 (asked after the case, so as not to warm it).
 */
async function ceilingBody(url: string, item: BenchCase, first: Answered): Promise<Answered> {
  if (item.group !== 'feed') return first;
  const answers: Answered[] = [];
  for (const request of item.requests.slice(0, 51)) answers.push(await fetchOk(url, request));
  answers.sort((a, b) => a.bytes.length - b.bytes.length);
  return answers[Math.floor(answers.length / 2)] as Answered;
}

async function ceilingOf(group: CaseGroup, { bytes, encoding }: Answered): Promise<LoadResult> {
  const contentType = {
    api: 'application/json; charset=utf-8',
    page: 'text/html; charset=utf-8',
    feed: 'text/calendar; charset=utf-8',
  }[group];
  const bare = await serveBareFastify(port + 1, bytes, contentType, encoding);
  const stopBare = undoable(bare.stop);
  try {
    const described = `${bytes.length} bytes${encoding === undefined ? '' : ` ${encoding}`}`;
    const result = await measure(bare, `ceiling (${group}, ${described})`, [
      { path: '/', headers: BROWSER_HEADERS },
    ]);
    return result;
  } finally {
    await stopBare();
  }
}

async function benchDialect(dialect: Dialect, rows: number): Promise<void> {
  const rowsLabel = rows.toLocaleString('en');
  console.info(`\n${dialect}: filling ${rowsLabel} publications…`);
  const database = await createBenchDatabase(dialect, adminUrl);
  const dropDatabase = undoable(database.drop);
  try {
    const handle = createDatabase(database.config);
    let context: Omit<CaseContext, 'url' | 'dialect' | 'rows'>;
    try {
      await migrateToLatest(handle.db);
      const fill = await fillDatabase(handle.db, dialect, { publications: rows, users: 300, seed: 2026 });
      fills.push({ dialect, fill });
      console.info(`  filled in ${(fill.ms / 1000).toFixed(1)} s`);
      if (savedSearches > 0) {
        const started = performance.now();
        await fillSavedSearches(handle.db, { searches: savedSearches, seed: 2026 });
        console.info(
          `  ${savedSearches.toLocaleString('en')} saved searches with alerts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      }
      context = await benchContext(handle.db);
    } finally {
      await handle.close();
    }

    const server = await serveBuild(
      port,
      // The queue polls every second (30 s by default, and publishing wakes nothing for the alerts): the matching
      // jobs of the writes' publications run while the writes do, as on a site that is written all day, not only
      // when a poll happens to fall in the case's seconds (decision 055).
      { ...database.env, DEMO_CONTENT: 'off', JOBS_POLL_MS: '1000', ...ASSISTANT_BENCH_ENV },
      { probe: true },
    );
    const stopServer = undoable(server.stop);
    try {
      const before = (await server.probe('read'))?.rssMb ?? 0;
      let peak = before;
      let mixPeak: number | undefined;
      const full: CaseContext = { ...context, url: server.url, dialect, rows };
      const cases: BenchCase[] = [];
      for (const provider of CASE_PROVIDERS) cases.push(...(await provider(full)));
      const chosen = cases.filter((item) =>
        soakSeconds === undefined
          ? caseFilter.length === 0 || caseFilter.some((part) => item.name.includes(part))
          : item.name === 'mix',
      );

      const bodies = new Map<CaseGroup, Answered>();
      const measured: { item: BenchCase; result: Measured }[] = [];
      for (const item of chosen) {
        const first = item.requests[0] as LoadRequest;
        const body = await fetchOk(server.url, first);
        const result = await measure(server, `${dialect} / ${item.name}`, item.requests, soakSeconds);
        if (!bodies.has(item.group)) bodies.set(item.group, await ceilingBody(server.url, item, body));
        peak = Math.max(peak, result.probe?.peakRssMb ?? 0);
        if (item.name === 'mix') mixPeak = result.probe?.peakRssMb;
        measured.push({ item, result });
      }

      const mix = chosen.find((item) => item.name === 'mix');
      if (mix !== undefined && soakSeconds === undefined) {
        process.stdout.write(`  ${dialect} / writes under the mix's load: ${durationSeconds} s… `);
        await server.probe('reset');
        const started = Date.now();
        const [reads, writes] = await Promise.all([
          loadTest(server.url, mix.requests, durationSeconds, connections),
          measureWrites(full, durationSeconds),
        ]);
        const newMinute = minuteBegan(started, Date.now());
        await drain(server.url);
        const probe = await server.probe('read');
        peak = Math.max(peak, probe?.peakRssMb ?? 0);
        process.stdout.write(`${writes.requestsPerSecond} writes/s, p99 ${writes.p99Ms} ms\n`);
        measured.push({
          item: { name: 'mix during writes', group: 'api', requests: [] },
          result: { ...reads, probe, newMinute },
        });
        measured.push({
          item: { name: 'write (create, publish) under mix', group: 'api', requests: [] },
          result: { ...writes, probe, newMinute },
        });
      }
      // Settled: what the process keeps after the load.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const after = (await server.probe('read'))?.rssMb ?? 0;
      memory.push({ dialect, rows, before, 'mix peak': mixPeak ?? '-', peak, after });
      await stopServer();

      // The ceilings right after, on the same machine in the same state.
      const ceilings = new Map<CaseGroup, number>();
      for (const [group, body] of bodies) {
        const result = await ceilingOf(group, body);
        ceilings.set(group, result.requestsPerSecond);
        table.push(
          rowOf(dialect, rowsLabel, `ceiling: bare Fastify (${group})`, {
            ...result,
            probe: undefined,
            newMinute: undefined,
          }),
        );
      }
      for (const { item, result } of measured) {
        const ceiling = item.name.startsWith('write') ? undefined : ceilings.get(item.group);
        table.push(rowOf(dialect, rowsLabel, item.name, result, ceiling));
      }
    } finally {
      await stopServer();
    }
  } finally {
    await dropDatabase();
  }
}

for (const rows of rowCounts) {
  for (const dialect of dialects) await benchDialect(dialect, rows);
}

console.info('\nFill (batched multi-row inserts, one transaction per 10,000 rows)');
console.table(
  fills.map(({ dialect, fill }) => ({
    dialect,
    publications: fill.publications,
    files: fill.files,
    users: fill.users,
    'fill s': Number((fill.ms / 1000).toFixed(1)),
    'rows/s': Math.round(fill.publications / (fill.ms / 1000)),
  })),
);
console.info(
  '\nServer memory (resident, MB): after start, peak during the list mix, peak during all the cases (pages, ' +
    'assistant and writes included), 2 s after the last',
);
console.table(memory);
console.info(
  `\n${connections} connections, ${soakSeconds ?? durationSeconds} s per case after ${warmupSeconds} s of warm-up; loop p99: the ` +
    "server's event-loop delay; RSS: the server's resident memory at the end of the case; new minute: whether a " +
    "minute began during the measured seconds, 'half hour' when a whole or half hour did (the agenda's answers " +
    "are computed again at each minute, open=now's when a point opens or closes: on the hour and half hour here)",
);
console.table(table);
