import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';

// A real HAProxy (Debian's `haproxy`, installed by scripts/ensure-test-services.sh) running deploy/haproxy.cfg,
// rewritten only for loopback: its own port, the given servers instead of the machines, no chroot nor syslog.

export const HAPROXY_BINARY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
export const DEPLOY_DIR = path.resolve(import.meta.dirname, '../../../../deploy');
export const HAPROXY_CFG = path.join(DEPLOY_DIR, 'haproxy.cfg');

/** deploy/haproxy.cfg on loopback: its own port and these servers (host:port) instead of the machines. */
export function haproxyOnLoopback(text: string, port: number, servers: string[]): string {
  const kept = text
    .split('\n')
    .filter((line) => !/^\s*(log \/dev\/log|chroot|user|group|daemon)\b/.test(line))
    .filter((line) => !/^\s*server app\d+ /.test(line))
    .map((line) => (/^\s*bind :80$/.test(line) ? `    bind 127.0.0.1:${port}` : line))
    // The test runner's open-files limit, not the machine's (HAProxy's service raises it).
    .map((line) => line.replace(/^(\s*)maxconn 20000$/, '$1maxconn 1000'));
  const listed = servers.map((address, index) => `    server app${index + 1} ${address} check`);
  return [...kept, ...listed, ''].join('\n');
}

export type RunningHaproxy = { url: string; output: () => string; stop: () => Promise<void> };

/** Runs deploy/haproxy.cfg in front of `servers` and waits until it passes a request to one of them. */
export async function startHaproxy(servers: string[]): Promise<RunningHaproxy> {
  const port = await freePort();
  const dir = await mkdtemp(path.join(tmpdir(), 'eco-haproxy-'));
  const cfg = path.join(dir, 'haproxy.cfg');
  await writeFile(cfg, haproxyOnLoopback(await readFile(HAPROXY_CFG, 'utf8'), port, servers));
  // -db: in the foreground, whatever the configuration says.
  const child = spawn(HAPROXY_BINARY, ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  while (
    (await fetch(`${url}/api/health`).then(
      (response) => response.status,
      () => 0,
    )) !== 200
  ) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`HAProxy did not pass requests:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, output: () => output, stop };
}
