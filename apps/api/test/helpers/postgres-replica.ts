import { execFile } from 'node:child_process';
import { appendFile, chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.ts';

// A PostgreSQL primary and its streaming replica of their own, on loopback ports and a temporary folder, made with
// Debian's PostgreSQL binaries (initdb, pg_basebackup -R, pg_ctl): the shared test server does not allow
// replication connections. As root they run as the postgres user, as PostgreSQL requires.

const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);

async function asPostgres(command: string, args: string[]): Promise<void> {
  const root = process.getuid?.() === 0;
  await run(
    root ? 'runuser' : path.join(BIN, command),
    root ? ['-u', 'postgres', '--', path.join(BIN, command), ...args] : args,
    {
      timeout: 120_000,
    },
  );
}

export type ReplicatedServers = {
  /** A URL of database `name` on the primary, or on the replica. */
  primaryUrl: (name: string) => string;
  replicaUrl: (name: string) => string;
  /** Runs `sql` on the primary or the replica, on its `postgres` database or on `database`. */
  query: (on: 'primary' | 'replica', sql: string, database?: string) => Promise<Record<string, unknown>[]>;
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp: () => Promise<void>;
  stopReplica: () => Promise<void>;
  /** Restarts the primary (a fast shutdown, as an operator's restart): every connection to it ends. */
  restartPrimary: () => Promise<void>;
  stop: () => Promise<void>;
};

export async function startReplicatedServers(): Promise<ReplicatedServers> {
  const dir = await mkdtemp(path.join(tmpdir(), 'eco-replica-'));
  await chmod(dir, 0o777);
  const primary = path.join(dir, 'primary');
  const replica = path.join(dir, 'replica');
  const ports = { primary: await freePort(), replica: await freePort() };
  const settings = (port: number) =>
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      // A test server: nothing of it must survive a crash.
      'fsync = off',
      'full_page_writes = off',
      'max_connections = 60',
      'shared_buffers = 16MB',
      '',
    ].join('\n');
  const started: string[] = [];
  const stopServer = async (data: string) => {
    await asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
  };
  try {
    await asPostgres('initdb', ['-D', primary, '-A', 'trust', '-U', 'postgres', '-N']);
    await appendFile(path.join(primary, 'postgresql.conf'), settings(ports.primary));
    await asPostgres('pg_ctl', ['-D', primary, '-l', path.join(dir, 'primary.log'), '-w', 'start']);
    started.push(primary);
    await asPostgres('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(ports.primary), '-U', 'postgres'],
      ...['-D', replica, '-R', '-X', 'stream', '-c', 'fast'],
    ]);
    await appendFile(path.join(replica, 'postgresql.conf'), `port = ${ports.replica}\n`);
    await asPostgres('pg_ctl', ['-D', replica, '-l', path.join(dir, 'replica.log'), '-w', 'start']);
    started.push(replica);
  } catch (error) {
    for (const data of started.reverse()) await stopServer(data);
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const urlOf = (port: number) => (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  const query = async (on: 'primary' | 'replica', sql: string, database = 'postgres') => {
    const client = new pg.Client({ connectionString: urlOf(ports[on])(database) });
    await client.connect();
    try {
      return (await client.query(sql)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  };
  return {
    primaryUrl: urlOf(ports.primary),
    replicaUrl: urlOf(ports.replica),
    query,
    caughtUp: async () => {
      const [written] = await query('primary', 'select pg_current_wal_lsn()::text as lsn');
      for (;;) {
        const [caught] = await query(
          'replica',
          `select pg_last_wal_replay_lsn() >= '${String(written?.lsn)}'::pg_lsn as done`,
        );
        if (caught?.done === true) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stopReplica: () => stopServer(replica),
    restartPrimary: () =>
      asPostgres('pg_ctl', [
        '-D',
        primary,
        '-l',
        path.join(dir, 'primary.log'),
        '-m',
        'fast',
        '-w',
        'restart',
      ]),
    stop: async () => {
      await stopServer(replica);
      await stopServer(primary);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
