// Throughput and latency of GET /api/publications on 100,000 publications, for SQLite and PostgreSQL, against
// the production server on a loopback port, with a bare Fastify route answering the same bytes as the ceiling.
// Everything it creates (temporary folders, the eco_bench_* database, the servers) is removed at the end.
import { createDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import type { Dialect } from '../apps/api/src/db/schema.ts';
import { serveBareFastify } from './lib/bare-fastify.ts';
import { ASSISTANT_BENCH_ENV, benchAssistant } from './lib/bench-assistant.ts';
import { createBenchDatabase } from './lib/bench-databases.ts';
import { fillDatabase, type FillResult } from './lib/bench-fill.ts';
import { loadTest, type LoadResult } from './lib/load-test.ts';
import { serveBuild } from './lib/serve-build.ts';
import { stopAllServers } from './lib/server-process.ts';

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

const durationSeconds = positiveNumber('BENCH_DURATION', 10);
const warmupSeconds = positiveNumber('BENCH_WARMUP', 2);
const rows = Math.round(positiveNumber('BENCH_ROWS', 100_000));
const port = Math.round(positiveNumber('BENCH_PORT', 3321));
const connections = 10;
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/test';
const dialects: readonly Dialect[] = ['sqlite', 'postgres'];

// A visitor's first page, a search for a word in a few percent of the rows, and the example: a
// recycling point for glass in Córdoba. Default page size (6), as the explore page asks.
const CASES = [
  { name: 'no filter', path: '/api/publications' },
  { name: 'text search', path: '/api/publications?term=botellas' },
  {
    name: 'filters + text',
    path: `/api/publications?typed=dots&country=arg&province=cordoba&labels=Vidrios&labels=${encodeURIComponent('Plásticos')}&term=vidrio`,
  },
] as const;

type Row = {
  case: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  matches: number | string;
  failures: number;
};

const results: Row[] = [];
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

/** One real answer, checked: its bytes are the ceiling's canned page. */
async function fetchPage(url: string): Promise<{ bytes: Buffer; total: number }> {
  const response = await fetch(url);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (!response.ok) {
    throw new Error(`GET ${url} answered ${response.status}: ${bytes.toString('utf8').slice(0, 200)}`);
  }
  const page = JSON.parse(bytes.toString('utf8')) as { total?: unknown; publications?: unknown };
  if (typeof page.total !== 'number' || !Array.isArray(page.publications)) {
    throw new Error(`GET ${url} did not answer a page of publications`);
  }
  return { bytes, total: page.total };
}

/**
 * The load generator drops its connections at the deadline, not the work it queued: one more request answered
 * means the server is done with it, before the next run starts or the server stops.
 */
async function drain(url: string): Promise<void> {
  await (await fetch(url)).arrayBuffer();
}

async function measure(label: string, url: string, matches: number | string): Promise<void> {
  process.stdout.write(`  ${label}: warm-up ${warmupSeconds} s, then ${durationSeconds} s… `);
  await loadTest(url, warmupSeconds, connections);
  await drain(url);
  const result: LoadResult = await loadTest(url, durationSeconds, connections);
  await drain(url);
  process.stdout.write(`${result.requestsPerSecond} req/s\n`);
  results.push({
    case: label,
    'req/s': result.requestsPerSecond,
    'p50 ms': result.p50Ms,
    'p99 ms': result.p99Ms,
    matches,
    failures: result.failures,
  });
}

let cannedPage: Buffer | undefined;

async function benchDialect(dialect: Dialect): Promise<void> {
  console.info(`\n${dialect}: filling ${rows.toLocaleString('en')} publications…`);
  const database = await createBenchDatabase(dialect, adminUrl);
  const dropDatabase = undoable(database.drop);
  try {
    const handle = createDatabase(database.config);
    try {
      await migrateToLatest(handle.db);
      const fill = await fillDatabase(handle.db, dialect, { publications: rows, users: 300, seed: 2026 });
      fills.push({ dialect, fill });
      console.info(`  filled in ${(fill.ms / 1000).toFixed(1)} s`);
    } finally {
      await handle.close();
    }

    const server = await serveBuild(port, { ...database.env, DEMO_CONTENT: 'off', ...ASSISTANT_BENCH_ENV });
    const stopServer = undoable(server.stop);
    try {
      for (const { name, path } of CASES) {
        const page = await fetchPage(`${server.url}${path}`);
        cannedPage ??= page.bytes;
        await measure(`${dialect} / ${name}`, `${server.url}${path}`, page.total);
      }
      const timing = { warmupSeconds, durationSeconds, connections };
      results.push(await benchAssistant(`${dialect} / POST /api/io (assistant)`, server.url, timing));
    } finally {
      await stopServer();
    }
  } finally {
    await dropDatabase();
  }
}

for (const dialect of dialects) await benchDialect(dialect);
if (cannedPage !== undefined) {
  console.info(`\nceiling: bare Fastify answering the ${cannedPage.length}-byte first page`);
  const bare = await serveBareFastify(port + 1, cannedPage);
  const stopBare = undoable(bare.stop);
  try {
    await measure('bare Fastify (ceiling)', `${bare.url}/api/publications`, '-');
  } finally {
    await stopBare();
  }
}

console.info(
  `\nFill (${rows.toLocaleString('en')} publications, batched multi-row inserts, one transaction per 10,000)`,
);
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
  `GET /api/publications, ${connections} connections, ${durationSeconds} s per case after ${warmupSeconds} s of warm-up (matches: the page's total)`,
);
console.table(results);
