// npm run test:cluster: the production shape on this machine, under a mixed load, with faults (issue 27).
//
// A PostgreSQL primary and its streaming replica (initdb, pg_basebackup -R), PgBouncer in transaction pooling in
// front of the primary, three server processes (src/main.ts) with DATABASE_URL through PgBouncer,
// DATABASE_LISTEN_URL straight to the primary and DATABASE_READ_URL on the replica, one shared media folder, and
// HAProxy running deploy/haproxy.cfg in front of them. Members read lists and searches, open publications, publish
// with images, and a super user approves them (each approval notifies the author, whose live stream is on some
// process). A third of the way in one process is killed with SIGKILL and started again; two thirds in, the primary
// restarts. Then: every acknowledged publication must be in the database, every image served by every process,
// the live count equal to the database's, the sign-in attempt limit shared, and the errors few and inside the
// faults' windows. Last, the same read mix against one process alone and against three behind HAProxy.
//
// CLUSTER_DURATION (seconds of the faulted mix, 30), CLUSTER_CONNECTIONS (concurrent clients, 8),
// CLUSTER_BENCH_DURATION (seconds of each throughput run, 8). Needs what `npm test` installs (PostgreSQL 15's
// binaries, pgbouncer, haproxy); as root the database servers run as the postgres user.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createDatabase } from '../apps/api/src/db/database.ts';
import { createSession } from '../apps/api/src/modules/sessions/service.ts';
import { insertUser } from '../apps/api/test/helpers/accounts.ts';
import { startHaproxy } from '../apps/api/test/helpers/haproxy.ts';
import { startPgBouncer } from '../apps/api/test/helpers/pgbouncer.ts';
import { startReplicatedServers } from '../apps/api/test/helpers/postgres-replica.ts';
import {
  freePort,
  killServer,
  startServer,
  type ServerProcess,
} from '../apps/api/test/helpers/server-process.ts';
import { openStream } from '../apps/api/test/helpers/sse.ts';

const DURATION_MS = Number(process.env.CLUSTER_DURATION ?? 30) * 1000;
const CONNECTIONS = Number(process.env.CLUSTER_CONNECTIONS ?? 8);
const BENCH_MS = Number(process.env.CLUSTER_BENCH_DURATION ?? 8) * 1000;
const RATE_LIMIT_MAX = 5;
const WORDS = [
  'vidrio',
  'botellas',
  'frascos',
  'carton',
  'reciclar',
  'taller',
  'compost',
  'bici',
  'ropa',
  'madera',
];

/** A valid market publication (as the tests' validForm makes it) with one image. */
const marketForm = (image: string, title: string) => ({
  typed: 'market',
  title,
  description: 'Junté muchos materiales limpios en casa.',
  files: [{ url: image }],
  locationCountry: 'arg',
  locationProvince: 'cordoba',
  locationCity: 'cba-city',
  quantity: 3,
  price: 800,
});

type Sample = { at: number; op: string; status: number; ms: number };
type Member = { id: string; token: string };

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function timed(
  samples: Sample[],
  op: string,
  send: () => Promise<Response>,
): Promise<Response | undefined> {
  const started = performance.now();
  try {
    const response = await send();
    samples.push({ at: Date.now(), op, status: response.status, ms: performance.now() - started });
    return response;
  } catch {
    samples.push({ at: Date.now(), op, status: 0, ms: performance.now() - started });
    return undefined;
  }
}

const IMAGE = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f9e44' } })
  .jpeg()
  .toBuffer();

async function main(): Promise<void> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const dataDir = await mkdtemp(path.join(tmpdir(), 'eco-cluster-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  try {
    console.log('Starting a primary and its streaming replica…');
    const servers = await startReplicatedServers();
    cleanups.unshift(() => servers.stop());
    await servers.query('primary', 'create database eco');
    const bouncer = await startPgBouncer(servers.primaryUrl('postgres'));
    cleanups.unshift(() => bouncer.stop());

    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: bouncer.through(servers.primaryUrl('eco')),
      DATABASE_LISTEN_URL: servers.primaryUrl('eco'),
      DATABASE_READ_URL: servers.replicaUrl('eco'),
      CAPTCHA_PROVIDER: 'off',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
      RATE_LIMIT_IP_MAX: '100000',
      DATABASE_WAIT_MS: '60000',
      PUBLIC_URL: 'http://localhost:3000',
    };
    const ports = [await freePort(), await freePort(), await freePort()];
    console.log('Starting three server processes at once (they migrate once)…');
    const processes: ServerProcess[] = await Promise.all(
      ports.map((port) => startServer({ ...env, PORT: String(port) })),
    );
    cleanups.unshift(async () => {
      for (const server of processes) await killServer(server);
    });
    const haproxy = await startHaproxy(ports.map((port) => `127.0.0.1:${port}`));
    cleanups.unshift(() => haproxy.stop());
    const base = haproxy.url;
    console.log(`  processes on ${ports.join(', ')}; HAProxy at ${base}`);

    // Members and a super user, with sessions, written straight to the primary.
    const direct = createDatabase({ databaseUrl: servers.primaryUrl('eco'), dataDir });
    cleanups.unshift(() => direct.close());
    const members: Member[] = [];
    for (let i = 0; i < 12; i += 1) {
      const user = await insertUser(direct.db, { email: `miembro${i}@example.com`, name: `Miembro ${i}` });
      await direct.db
        .updateTable('users')
        .set({ phone: '5493510000000' })
        .where('id', '=', user.id)
        .execute();
      members.push({ id: user.id, token: (await createSession(direct.db, user.id, 3_600_000)).token });
    }
    const admin = await insertUser(direct.db, { email: 'admin@example.com', isSuperUser: true });
    const adminToken = (await createSession(direct.db, admin.id, 3_600_000)).token;
    const watched = members[0] as Member;

    const samples: Sample[] = [];
    const acknowledged: { id: string; author: string; image: string }[] = [];
    const pending: string[] = [];
    const published: string[] = [];

    async function createWithImage(member: Member): Promise<void> {
      const form = new FormData();
      form.append('file', new Blob([IMAGE], { type: 'image/jpeg' }), 'foto.jpg');
      const upload = await timed(samples, 'upload', () =>
        fetch(`${base}/api/media`, { method: 'POST', body: form, headers: auth(member.token) }),
      );
      if (upload?.status !== 201) return;
      const { url } = (await upload.json()) as { url: string };
      const title = `${pick(WORDS)} ${pick(WORDS)} para reutilizar ${Math.floor(Math.random() * 1e6)}`;
      const created = await timed(samples, 'create', () =>
        fetch(`${base}/api/publications`, {
          method: 'POST',
          headers: { ...auth(member.token), 'content-type': 'application/json' },
          body: JSON.stringify(marketForm(url, title)),
        }),
      );
      if (created?.status !== 201) return;
      const { publication } = (await created.json()) as { publication: { _id: string } };
      acknowledged.push({ id: publication._id, author: member.id, image: url });
      pending.push(publication._id);
    }

    async function approve(): Promise<void> {
      const id = pending.shift();
      if (id === undefined) return;
      const response = await timed(samples, 'approve', () =>
        fetch(`${base}/api/publication/${id}`, {
          method: 'PUT',
          headers: { ...auth(adminToken), 'content-type': 'application/json' },
          body: JSON.stringify({ status: 1 }),
        }),
      );
      if (response?.status === 200) published.push(id);
      else pending.push(id);
    }

    async function step(): Promise<void> {
      const r = Math.random();
      if (r < 0.5) {
        await timed(samples, 'search', () => fetch(`${base}/api/publications?term=${pick(WORDS)}`));
      } else if (r < 0.65) {
        await timed(samples, 'list', () =>
          fetch(`${base}/api/publications?page=${1 + Math.floor(Math.random() * 3)}`),
        );
      } else if (r < 0.8 && published.length > 0) {
        await timed(samples, 'detail', () => fetch(`${base}/api/publication/${pick(published)}`));
      } else if (r < 0.92) {
        // Half of them by the watched member: their approvals reach their live stream.
        await createWithImage(Math.random() < 0.5 ? watched : pick(members));
      } else {
        await approve();
      }
    }

    // The watched member's live count, through the balancer: it lands on one process, the approvals on any.
    let liveCount = -1;
    let streamOpen = true;
    let liveStream: Awaited<ReturnType<typeof openStream>> | undefined;
    const watch = (async () => {
      while (streamOpen) {
        try {
          const stream = await openStream(base, watched.token);
          liveStream = stream;
          try {
            while (streamOpen) liveCount = await stream.nextUnread(30_000);
          } finally {
            stream.close();
          }
        } catch {
          // The process holding the stream died or restarted: reconnect, as EventSource does.
          await sleep(500);
        }
      }
    })();

    console.log(`Mixed load for ${DURATION_MS / 1000} s on ${CONNECTIONS} connections, with faults…`);
    const started = Date.now();
    const deadline = started + DURATION_MS;
    /** Each fault, and the end of the window its failures are counted in. */
    const faults: { name: string; at: number; recovered: number; windowEnd: number }[] = [];
    const workers = Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) await step();
    });
    // The faults, each on its own schedule: the killed process's restart takes a while on a busy machine.
    const killing = (async () => {
      await sleep(DURATION_MS / 3);
      const killed = processes[1] as ServerProcess;
      const at = Date.now();
      killed.child.kill('SIGKILL');
      await killed.exited;
      processes[1] = await startServer({ ...env, PORT: String(ports[1]) });
      // Its requests in flight fail at once; HAProxy's next checks take it out (its new start is not a fault).
      faults.push({
        name: 'SIGKILL of process 2, then started again',
        at,
        recovered: Date.now(),
        windowEnd: at + 5000,
      });
    })();
    const restarting = (async () => {
      await sleep((2 * DURATION_MS) / 3);
      const at = Date.now();
      await servers.restartPrimary();
      const recovered = Date.now();
      faults.push({
        name: 'primary restarted (pg_ctl restart -m fast)',
        at,
        recovered,
        windowEnd: recovered + 5000,
      });
    })();
    const faulting = Promise.all([killing, restarting]);
    await Promise.all([...workers, faulting]);
    const elapsedS = (Date.now() - started) / 1000;

    for (const [index, server] of processes.entries()) {
      if (server.child.exitCode !== null || server.child.signalCode !== null) {
        console.log(
          `Process ${index + 1} ended by itself (${server.child.exitCode ?? server.child.signalCode}):`,
        );
        console.log(server.output().split('\n').slice(-30).join('\n'));
      }
    }

    // Checks after the load ------------------------------------------------------------------------------------
    while (pending.length > 0) await approve();
    const ids = acknowledged.map((row) => row.id);
    const stored = new Set(
      ids.length === 0
        ? []
        : (await direct.db.selectFrom('publications').select('id').where('id', 'in', ids).execute()).map(
            (row) => row.id,
          ),
    );
    const lost = ids.filter((id) => !stored.has(id));

    let imagesMissing = 0;
    for (const { image } of acknowledged.slice(0, 30)) {
      for (const port of ports) {
        const response = await fetch(`http://127.0.0.1:${port}${image}`).catch(() => undefined);
        if (response?.status !== 200) imagesMissing += 1;
        await response?.arrayBuffer();
      }
    }

    const unreadInDatabase = async () =>
      Number(
        (
          await direct.db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .where('user_id', '=', watched.id)
            .where('read_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).count,
      );
    const liveDeadline = Date.now() + 15_000;
    while (liveCount !== (await unreadInDatabase()) && Date.now() < liveDeadline) await sleep(200);
    const liveMatches = liveCount === (await unreadInDatabase());
    streamOpen = false;
    liveStream?.close();

    // The sign-in attempt limit, one e-mail, the attempts spread over the processes by the balancer.
    const attempts: number[] = [];
    for (let i = 0; i < RATE_LIMIT_MAX + 2; i += 1) {
      const response = await fetch(`${base}/api/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'miembro1@example.com', password: 'no-es-la-clave' }),
      });
      attempts.push(response.status);
    }
    const limitShared =
      attempts.slice(0, RATE_LIMIT_MAX).every((status) => status === 401) &&
      attempts.slice(RATE_LIMIT_MAX).every((status) => status === 429);

    const failures = samples.filter((sample) => sample.status === 0 || sample.status >= 500);
    const inWindows = failures.filter((sample) =>
      faults.some((fault) => sample.at >= fault.at && sample.at <= fault.windowEnd),
    );
    console.log('\nFaults');
    for (const fault of faults) {
      const during = failures.filter((s) => s.at >= fault.at && s.at <= fault.windowEnd);
      console.log(
        `  ${fault.name}: back after ${fault.recovered - fault.at} ms; ${during.length} failed requests ` +
          `(${[...new Set(during.map((s) => s.status))].join(', ') || '-'})` +
          (during.length === 0
            ? ''
            : `, from ${Math.min(...during.map((s) => s.at)) - fault.at} to ${Math.max(...during.map((s) => s.at)) - fault.at} ms after it`),
      );
    }
    const byOp = new Map<string, Sample[]>();
    for (const sample of samples) byOp.set(sample.op, [...(byOp.get(sample.op) ?? []), sample]);
    console.log('\nMixed load through HAProxy, three processes');
    console.log('  op        requests  failed  p50 ms  p99 ms');
    for (const [op, list] of byOp) {
      const ms = list.map((sample) => sample.ms);
      const failed = list.filter((sample) => sample.status === 0 || sample.status >= 500).length;
      console.log(
        `  ${op.padEnd(9)} ${String(list.length).padStart(8)}  ${String(failed).padStart(6)}  ${percentile(ms, 50).toFixed(1).padStart(6)}  ${percentile(ms, 99).toFixed(1).padStart(6)}`,
      );
    }
    console.log(
      `  total ${samples.length} requests in ${elapsedS.toFixed(1)} s (${(samples.length / elapsedS).toFixed(0)} req/s); ` +
        `failed ${failures.length} (${inWindows.length} within the faults' windows, ${failures.length - inWindows.length} outside)`,
    );
    console.log('\nChecks');
    console.log(`  acknowledged publications: ${ids.length}, lost: ${lost.length}`);
    console.log(
      `  images served by every process: ${imagesMissing === 0 ? 'yes' : `no (${imagesMissing} missing)`}`,
    );
    console.log(
      `  live count across processes equals the database's: ${liveMatches ? 'yes' : 'no'} (${liveCount})`,
    );
    console.log(`  sign-in attempt limit shared: ${limitShared ? 'yes' : 'no'} (${attempts.join(' ')})`);
    await watch;

    // One process against three, the same read mix ---------------------------------------------------------------
    const readMix = async (target: string) => {
      const reads: Sample[] = [];
      const end = Date.now() + BENCH_MS;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (Date.now() < end) {
            const r = Math.random();
            if (r < 0.6)
              await timed(reads, 'search', () => fetch(`${target}/api/publications?term=${pick(WORDS)}`));
            else if (r < 0.8) await timed(reads, 'list', () => fetch(`${target}/api/publications`));
            else await timed(reads, 'detail', () => fetch(`${target}/api/publication/${pick(published)}`));
          }
        }),
      );
      const ms = reads.map((sample) => sample.ms);
      const failed = reads.filter((sample) => sample.status !== 200).length;
      return {
        rate: reads.length / (BENCH_MS / 1000),
        p50: percentile(ms, 50),
        p99: percentile(ms, 99),
        failed,
      };
    };
    const one = await readMix(`http://127.0.0.1:${ports[0]}`);
    const three = await readMix(base);
    console.log(`\nRead mix, ${CONNECTIONS} connections, ${BENCH_MS / 1000} s each`);
    console.log('  target                         req/s   p50 ms  p99 ms  failed');
    for (const [name, row] of [
      ['one process, direct', one],
      ['three processes behind HAProxy', three],
    ] as const) {
      console.log(
        `  ${name.padEnd(30)} ${row.rate.toFixed(0).padStart(6)}  ${row.p50.toFixed(1).padStart(6)}  ${row.p99.toFixed(1).padStart(6)}  ${row.failed}`,
      );
    }

    const passed =
      lost.length === 0 &&
      imagesMissing === 0 &&
      liveMatches &&
      limitShared &&
      failures.length - inWindows.length === 0;
    console.log(`\n${passed ? 'PASSED' : 'FAILED'}`);
    process.exitCode = passed ? 0 : 1;
  } finally {
    // Each bounded: a step that never settles would otherwise let Node exit with the database servers running.
    for (const cleanup of cleanups) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise((resolve) => {
        timer = setTimeout(() => resolve(console.error('A cleanup step took over 20 s; going on')), 20_000);
      });
      await Promise.race([cleanup().catch((error: unknown) => console.error(error)), late]);
      clearTimeout(timer);
    }
  }
}

process.on('unhandledRejection', (error) => console.error('UNHANDLED', error, (error as Error).stack));
await main();
