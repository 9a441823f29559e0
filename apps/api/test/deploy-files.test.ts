import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink, writeFile, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPgBouncer, type PgBouncer } from './helpers/pgbouncer.ts';
import { createActors, type Actors } from './helpers/publications.ts';
import { freePort } from './helpers/server-process.ts';
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

const DEPLOY = path.resolve(import.meta.dirname, '../../../deploy');
const HAPROXY_CFG = path.join(DEPLOY, 'haproxy.cfg');
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
const run = promisify(execFile);

/** deploy/haproxy.cfg on loopback: its own port and these servers instead of the machines, no chroot nor syslog. */
function haproxyForTest(text: string, port: number, servers: string[]): string {
  const kept = text
    .split('\n')
    .filter((line) => !/^\s*(log \/dev\/log|chroot|user|group|daemon)\b/.test(line))
    .filter((line) => !/^\s*server app\d+ /.test(line))
    .map((line) => (/^\s*bind :80$/.test(line) ? `    bind 127.0.0.1:${port}` : line))
    // The test runner's open-files limit, not the machine's (HAProxy's service raises it).
    .map((line) => line.replace(/^(\s*)maxconn 20000$/, '$1maxconn 1000'));
  const servered = servers.map((address, index) => `    server test${index + 1} ${address} check`);
  return [...kept, ...servered, ''].join('\n');
}

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

describe('deploy/systemd', () => {
  it('has a template unit that systemd-analyze verifies for an instance', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'eco-systemd-'));
    try {
      const template = path.join(dir, 'ecoanuncios@.service');
      await copyFile(path.join(DEPLOY, 'systemd', 'ecoanuncios@.service'), template);
      await symlink(template, path.join(dir, 'ecoanuncios@3001.service'));
      const { stderr } = await run(
        'systemd-analyze',
        ['verify', path.join(dir, 'ecoanuncios@3001.service')],
        {
          cwd: dir,
        },
      );
      // The user and the folders exist on the machine it is installed on, not here; nothing else may be wrong.
      const problems = stderr
        .split('\n')
        .filter((line) => line.trim() !== '')
        .filter((line) => !/ecoanuncios|EnvironmentFile|WorkingDirectory|\/opt\/|\/var\/lib\//.test(line));
      expect(problems).toEqual([]);
      const unit = await readFile(template, 'utf8');
      expect(unit).toMatch(/^Environment=PORT=%i$/m);
      expect(unit).toMatch(/^EnvironmentFile=\/etc\/ecoanuncios\/ecoanuncios.env$/m);
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
    let haproxy: ChildProcess | undefined;
    let dir: string;
    let base: string;
    let output = '';

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
      const port = await freePort();
      dir = await mkdtemp(path.join(tmpdir(), 'eco-haproxy-'));
      const cfg = path.join(dir, 'haproxy.cfg');
      await writeFile(cfg, haproxyForTest(await readFile(HAPROXY_CFG, 'utf8'), port, servers));
      // -db: in the foreground, whatever the configuration says.
      haproxy = spawn(HAPROXY, ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
      haproxy.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      haproxy.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      base = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 20_000;
      while (
        (await fetch(`${base}/api/health`).then(
          (r) => r.status,
          () => 0,
        )) !== 200
      ) {
        if (Date.now() > deadline || haproxy.exitCode !== null) {
          throw new Error(`HAProxy did not pass requests:\n${output}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }, 60_000);

    afterAll(async () => {
      if (haproxy !== undefined && haproxy.exitCode === null) {
        const exited = new Promise((resolve) => haproxy?.once('exit', resolve));
        haproxy.kill('SIGTERM');
        await exited;
      }
      await second?.close();
      await subject?.dispose();
      if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    });

    /** Who answered each of `count` requests sent at once (leastconn spreads concurrent requests). */
    async function whoAnswersAtOnce(count: number): Promise<Set<string>> {
      return new Set(await Promise.all(Array.from({ length: count }, () => whoAnswers())));
    }

    it('spreads requests over both processes, without stickiness', async () => {
      expect([...(await whoAnswersAtOnce(20))].sort(), output).toEqual(['one', 'two']);
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
        expect(Date.now() - started, output).toBeLessThan(30_000);
        await new Promise((resolve) => setTimeout(resolve, 250));
        answered = await whoAnswersAtOnce(20);
      }
      expect([...answered]).toEqual(['one']);
      // Not before its checks could have failed twice (the first one may come at once).
      expect(Date.now() - started).toBeGreaterThan(1500);
    }, 45_000);
  },
);
