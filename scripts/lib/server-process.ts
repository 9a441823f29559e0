import { spawn } from 'node:child_process';

export type RunningServer = { url: string; stop: () => Promise<void> };

type Options = {
  /** A .ts file run by this Node, relative to the repository root. */
  script: string;
  env: Record<string, string | undefined>;
  url: string;
  /** Name in error messages. */
  name: string;
  timeoutMs: number;
  /** Runs once the process has ended, also when it failed to start. */
  cleanup?: () => void;
};

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
}: Options): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', script], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
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
  return { url, stop };
}
