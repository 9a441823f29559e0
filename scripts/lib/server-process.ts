import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { ProbeReading } from './bench-probe.ts';

export type RunningServer = {
  url: string;
  /** The process id (its CPU time is read from /proc). */
  pid: number | undefined;
  stop: () => Promise<void>;
  /** With `probe`: the event-loop delay and memory since the last 'reset' (see bench-probe.ts). */
  probe: (message: 'reset' | 'read') => Promise<ProbeReading | undefined>;
};

type Options = {
  /** A script run by this Node, relative to the repository root. */
  script: string;
  env: Record<string, string | undefined>;
  url: string;
  /** Name in error messages. */
  name: string;
  timeoutMs: number;
  /** Runs once the process has ended, also when it failed to start. */
  cleanup?: () => void;
  /** Loads scripts/lib/bench-probe.ts into the process. */
  probe?: boolean;
  /** Node options before the script (`--max-semi-space-size=…`). */
  nodeFlags?: string[];
  /** Started through `nice -n` (every thread of the process), as a systemd unit's `Nice=` does. */
  nice?: number;
};

let strippedProbe: string | undefined;

/**
 * The probe as JavaScript (its types stripped once into a temporary file): preloading TypeScript would load Node's
 * type stripping into the measured server, about 20 MB of resident memory the production server does not hold.
 */
function probeScript(): string {
  if (strippedProbe === undefined) {
    const source = readFileSync(new URL('./bench-probe.ts', import.meta.url), 'utf8');
    const folder = mkdtempSync(join(tmpdir(), 'eco-bench-probe-'));
    strippedProbe = join(folder, 'bench-probe.mjs');
    writeFileSync(strippedProbe, stripTypeScriptTypes(source));
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  }
  return strippedProbe;
}

/** The stop functions of the servers started and not yet stopped. */
const running = new Set<() => Promise<void>>();

/** Stops every server still running, e.g. when the benchmark is interrupted while one is starting. */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((stop) => stop()));
}

/**
 * Starts a server as a child process and resolves once its /api/health answers. The child never outlives this
 * process: it is sent SIGTERM when this process exits, whatever the way.
 */
export async function startServerProcess({
  script,
  env,
  url,
  name,
  timeoutMs,
  cleanup,
  probe = false,
  nodeFlags = [],
  nice,
}: Options): Promise<RunningServer> {
  const preload = probe ? ['--import', probeScript()] : [];
  const args = ['--disable-warning=ExperimentalWarning', ...nodeFlags, ...preload, script];
  // `nice` runs node in its own place (exec): the child's pid is still the server's.
  const [command, commandArgs] =
    nice === undefined ? [process.execPath, args] : ['nice', ['-n', String(nice), process.execPath, ...args]];
  const child = spawn(command, commandArgs, {
    env,
    stdio: ['ignore', 'inherit', 'inherit', ...(probe ? (['ipc'] as const) : [])],
  });
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  const stop = async () => {
    running.delete(stop);
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    cleanup?.();
  };
  running.add(stop);
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`The ${name} exited (${child.exitCode ?? child.signalCode}) before answering`);
      }
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) {
        throw new Error(`The ${name} did not answer /api/health within ${timeoutMs / 1000} s`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const ask = (message: 'reset' | 'read') =>
    new Promise<ProbeReading | undefined>((resolve) => {
      if (!probe || !child.connected) return resolve(undefined);
      child.once('message', (reading) => resolve(reading as ProbeReading));
      child.send(message);
    });
  return { url, pid: child.pid, stop, probe: ask };
}
