import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DEPLOY_DIR,
  HAPROXY_BINARY,
  HAPROXY_CFG,
  startHaproxy,
  type RunningHaproxy,
} from './helpers/haproxy.ts';
import { startPgBouncer, type PgBouncer } from './helpers/pgbouncer.ts';
import { createActors, type Actors } from './helpers/publications.ts';
import { baseUrlOf, openStream } from './helpers/sse.ts';
import {
  createOtherInstance,
  createTestApp,
  TEST_DATABASE_URL,
  testDialect,
  type OtherInstance,
  type TestApp,
} from './helpers/test-app.ts';

// The operator's files in deploy/, each checked by the tool that runs it: HAProxy's configuration with `haproxy -c`
// and, rewritten only for loopback, by a real HAProxy in front of two app instances (health checks on /api/ready
// take a draining one out; no stickiness; the notifications stream passes); the systemd template unit with
// `systemd-analyze verify`; PgBouncer's configuration by a real PgBouncer started with it.

const DEPLOY = DEPLOY_DIR;
const HAPROXY = HAPROXY_BINARY;
const run = promisify(execFile);

describe('deploy/haproxy.cfg', () => {
  it('is valid for HAProxy, checks /api/ready and keeps no client on a process', async () => {
    const { stdout } = await run(HAPROXY, ['-c', '-f', HAPROXY_CFG]);
    expect(stdout).toContain('Configuration file is valid');
    const text = await readFile(HAPROXY_CFG, 'utf8');
    expect(text).toMatch(/http-check send meth GET uri \/api\/ready/);
    expect(text).toMatch(/http-check expect status 200/);
    // Sticky-free: no cookie insertion, no stick tables.
    expect(text).not.toMatch(/^\s*(cookie|stick|stick-table|hash-type|balance source)\b/m);
    // The streams' heartbeats (every 20 s) keep them inside the server timeout.
    const serverTimeout = /timeout server (\d+)s/.exec(text)?.[1];
    expect(Number(serverTimeout)).toBeGreaterThan(20);
  });
});

/**
 * `systemd-analyze verify` of a unit in `dir`: what it reports but the user and the folders, which exist on the
 * machine it is installed on, not here.
 */
async function unitProblems(dir: string, unit: string): Promise<string[]> {
  const { stderr } = await run('systemd-analyze', ['verify', path.join(dir, unit)], { cwd: dir });
  return stderr
    .split('\n')
    .filter((line) => line.trim() !== '')
    .filter((line) => !/ecoanuncios|EnvironmentFile|WorkingDirectory|\/opt\/|\/var\/lib\//.test(line));
}

describe('deploy/systemd', () => {
  it('has a template unit that systemd-analyze verifies for an instance', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'eco-systemd-'));
    try {
      const template = path.join(dir, 'ecoanuncios@.service');
      await copyFile(path.join(DEPLOY, 'systemd', 'ecoanuncios@.service'), template);
      await symlink(template, path.join(dir, 'ecoanuncios@3001.service'));
      expect(await unitProblems(dir, 'ecoanuncios@3001.service')).toEqual([]);
      const unit = await readFile(template, 'utf8');
      expect(unit).toMatch(/^Environment=PORT=%i$/m);
      expect(unit).toMatch(/^EnvironmentFile=\/etc\/ecoanuncios\/ecoanuncios.env$/m);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('has a queue unit that systemd-analyze verifies: niced, off the balancer, the queue on whatever the file says', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'eco-systemd-'));
    try {
      const unitPath = path.join(dir, 'ecoanuncios-queue.service');
      await copyFile(path.join(DEPLOY, 'systemd', 'ecoanuncios-queue.service'), unitPath);
      expect(await unitProblems(dir, 'ecoanuncios-queue.service')).toEqual([]);
      const unit = await readFile(unitPath, 'utf8');
      expect(unit).toMatch(/^EnvironmentFile=\/etc\/ecoanuncios\/ecoanuncios.env$/m);
      expect(unit).toMatch(/^Nice=10$/m);
      // An EnvironmentFile= wins over Environment=, so the switch is set on the command itself.
      expect(unit).toMatch(/^ExecStart=\/usr\/bin\/env JOBS_WORKER=on \/usr\/bin\/npm run serve$/m);
      const port = /^Environment=PORT=(\d+)$/m.exec(unit)?.[1];
      const balancer = await readFile(HAPROXY_CFG, 'utf8');
      expect(port).toBeDefined();
      expect(balancer).not.toContain(`:${port}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(testDialect === 'postgres')('deploy/pgbouncer/pgbouncer.ini', () => {
  let bouncer: PgBouncer | undefined;

  afterEach(async () => {
    await bouncer?.stop();
    bouncer = undefined;
  });

  it('is loaded by PgBouncer, pools transactions and lets a client in with SCRAM', async () => {
    const text = await readFile(path.join(DEPLOY, 'pgbouncer', 'pgbouncer.ini'), 'utf8');
    const database = new URL(TEST_DATABASE_URL).pathname.slice(1);
    bouncer = await startPgBouncer(TEST_DATABASE_URL, {
      // Only where it listens, its files and where the database is change.
      ini: ({ server, port, dir }) =>
        text
          .replace(
            /^ecoanuncios = .*$/m,
            `ecoanuncios = host=${server.hostname} port=${server.port || 5432} dbname=${database}`,
          )
          .replace(/^listen_port = .*$/m, `listen_port = ${port}`)
          .replace(/^unix_socket_dir = .*$/m, 'unix_socket_dir =')
          .replace(/^auth_file = .*$/m, `auth_file = ${path.join(dir, 'userlist.txt')}`)
          .replace(/^logfile = .*$/m, `logfile = ${path.join(dir, 'pgbouncer.log')}`)
          .replace(/^pidfile = .*$/m, `pidfile = ${path.join(dir, 'pgbouncer.pid')}`)
          .replace(/^admin_users = .*$/m, `admin_users = ${decodeURIComponent(server.username)}`),
    });
    const url = new URL(bouncer.through(TEST_DATABASE_URL));
    url.pathname = '/ecoanuncios';
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>('select current_database() as name');
      expect(rows[0]?.name).toBe(database);
    } finally {
      await client.end();
    }
    const admin = new pg.Client({ connectionString: bouncer.adminUrl });
    await admin.connect();
    try {
      const settings = (await admin.query<{ key: string; value: string }>('show config')).rows;
      const setting = (key: string) => settings.find((row) => row.key === key)?.value;
      expect(setting('pool_mode')).toBe('transaction');
      expect(setting('auth_type')).toBe('scram-sha-256');
    } finally {
      await admin.end();
    }
    // A wrong password is refused: the client authentication really is on.
    const wrong = new URL(url);
    wrong.password = 'not-the-password';
    const intruder = new pg.Client({ connectionString: wrong.toString() });
    await expect(intruder.connect()).rejects.toThrow(/password authentication failed|SASL/);
    await intruder.end().catch(() => undefined);
  });
});

describe.runIf(testDialect === 'postgres')(
  'HAProxy with deploy/haproxy.cfg in front of two processes',
  () => {
    let subject: TestApp;
    let second: OtherInstance;
    let actors: Actors;
    let haproxy: RunningHaproxy | undefined;
    let base: string;
    const output = () => haproxy?.output() ?? '';

    async function whoAnswers(): Promise<string> {
      const response = await fetch(`${base}/test/who`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { who: string }).who;
    }

    beforeAll(async () => {
      subject = await createTestApp({ env: { SSE_HEARTBEAT_MS: '300' } });
      second = await createOtherInstance(subject);
      const named = (app: FastifyInstance, who: string) => app.get('/test/who', async () => ({ who }));
      named(subject.app, 'one');
      named(second.app, 'two');
      actors = await createActors(subject.database.db);
      const servers = [await baseUrlOf(subject.app), await baseUrlOf(second.app)].map(
        (url) => new URL(url).host,
      );
      haproxy = await startHaproxy(servers);
      base = haproxy.url;
    }, 60_000);

    afterAll(async () => {
      await haproxy?.stop();
      await second?.close();
      await subject?.dispose();
    });

    /** Who answered each of `count` requests sent at once (leastconn spreads concurrent requests). */
    async function whoAnswersAtOnce(count: number): Promise<Set<string>> {
      return new Set(await Promise.all(Array.from({ length: count }, () => whoAnswers())));
    }

    it('spreads requests over both processes, without stickiness', async () => {
      expect([...(await whoAnswersAtOnce(20))].sort(), output()).toEqual(['one', 'two']);
    });

    it('passes the notifications stream: retry hint, count and heartbeats, uncompressed', async () => {
      const stream = await openStream(base, actors.author.token);
      try {
        expect(stream.status).toBe(200);
        expect(stream.headers.get('content-encoding')).toBeNull();
        expect(await stream.next()).toEqual({ retry: '5000' });
        expect(await stream.nextUnread()).toBe(0);
        expect(await stream.next(5000)).toEqual({ comment: 'heartbeat' });
      } finally {
        stream.close();
      }
    });

    it('takes a draining process out on its failing /api/ready, and the other serves everything', async () => {
      expect([...(await whoAnswersAtOnce(20))].sort()).toEqual(['one', 'two']);
      second.app.readiness.startDraining();
      const started = Date.now();
      // Two failed checks 2 s apart: then the other process answers everything, even requests sent at once.
      let answered = await whoAnswersAtOnce(20);
      while (answered.has('two')) {
        expect(Date.now() - started, output()).toBeLessThan(30_000);
        await new Promise((resolve) => setTimeout(resolve, 250));
        answered = await whoAnswersAtOnce(20);
      }
      expect([...answered]).toEqual(['one']);
      // HAProxy itself took it out, on its failing health check (not by chance of the balancing).
      while (!/Server ecoanuncios\/app2 is DOWN/.test(output())) {
        expect(Date.now() - started, output()).toBeLessThan(30_000);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(output()).toMatch(/app2 is DOWN, reason: Layer7 wrong status, code: 503/);
      for (let batch = 0; batch < 3; batch += 1) expect([...(await whoAnswersAtOnce(20))]).toEqual(['one']);
    }, 45_000);
  },
);
