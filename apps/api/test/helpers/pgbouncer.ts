import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';

// A real PgBouncer (Debian's `pgbouncer`, installed by scripts/ensure-test-services.sh) on a loopback port, in
// transaction pooling, in front of the test's PostgreSQL: every database name passes through to the same server.

export const PGBOUNCER_BINARY = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';

export type PgBouncer = {
  port: number;
  /** `url` with its host and port replaced by PgBouncer's. */
  through: (url: string) => string;
  /** The admin console (`SHOW STATS`, `SHOW POOLS`): the database `pgbouncer` as the server's user. */
  adminUrl: string;
  output: () => string;
  stop: () => Promise<void>;
};

/** The ini of a transaction-pooling PgBouncer in front of `server` (a postgres:// URL with user and password). */
export function pgbouncerIni(options: { server: URL; port: number; dir: string }): string {
  const { server, port, dir } = options;
  return [
    '[databases]',
    // Any database name: the same on the server (each test file has its own database).
    `* = host=${server.hostname} port=${server.port || 5432}`,
    '',
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'pool_mode = transaction',
    'auth_type = trust',
    `auth_file = ${path.join(dir, 'userlist.txt')}`,
    `admin_users = ${decodeURIComponent(server.username)}`,
    'max_client_conn = 500',
    'default_pool_size = 20',
    'ignore_startup_parameters = extra_float_digits',
    // A server restarted (the cluster run): try again after 1 s, not the default 15 s (as deploy/ does, with 2 s).
    'server_login_retry = 1',
    `logfile = ${path.join(dir, 'pgbouncer.log')}`,
    '',
  ].join('\n');
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts PgBouncer in front of `serverUrl` and waits until it accepts connections; `ini` gives another
 * configuration (e.g. deploy/pgbouncer/pgbouncer.ini rewritten for loopback), which must listen on `port`.
 */
export async function startPgBouncer(
  serverUrl: string,
  options: { ini?: (place: { server: URL; port: number; dir: string }) => string } = {},
): Promise<PgBouncer> {
  const server = new URL(serverUrl);
  const dir = await mkdtemp(path.join(tmpdir(), 'eco-pgbouncer-'));
  const port = await freePort();
  const user = decodeURIComponent(server.username);
  await writeFile(path.join(dir, 'userlist.txt'), `"${user}" "${decodeURIComponent(server.password)}"\n`);
  const ini = path.join(dir, 'pgbouncer.ini');
  await writeFile(ini, (options.ini ?? pgbouncerIni)({ server, port, dir }));
  // PgBouncer refuses to run as root: as root it switches to the postgres user, who must read its files.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await chmod(dir, 0o777);
  const child: ChildProcess = spawn(PGBOUNCER_BINARY, [...(asRoot ? ['-u', 'postgres'] : []), ini], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  while (!(await answers(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`PgBouncer did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const through = (url: string) => {
    const moved = new URL(url);
    moved.hostname = '127.0.0.1';
    moved.port = String(port);
    return moved.toString();
  };
  const admin = new URL(through(serverUrl));
  admin.pathname = '/pgbouncer';
  return {
    port,
    through,
    adminUrl: admin.toString(),
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
