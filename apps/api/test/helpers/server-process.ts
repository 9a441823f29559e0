import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

// The production server (src/main.ts) and the operator commands as child processes, the way they run in production.

const API_SRC = path.resolve(import.meta.dirname, '../../src');
export const MAIN_SCRIPT = path.join(API_SRC, 'main.ts');
export const SCRIPT = (name: string) => path.join(API_SRC, 'scripts', `${name}.ts`);
const NODE_ARGS = ['--disable-warning=ExperimentalWarning'];

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the server wrote so far (its JSON log lines and messages). */
  output: () => string;
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** Starts the production server on a free port and waits until it listens. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await spawnServer(env);
  await untilRunning(server);
  return server;
}

/** Starts the production server on a free port, without waiting for anything. */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...NODE_ARGS, MAIN_SCRIPT], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_CONTENT: 'off',
      NODE_ENV: 'production',
      // On SQLite the production server keeps a generated key in DATA_DIR, as `npm start` on a fresh clone does.
      ...(env.DATABASE_URL ? { SECRET_KEY: 'operations-test-secret-key-of-enough-length' } : {}),
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '100000',
      // The API alone: these tests need no web build.
      WEB_BUILD_DIR: path.join(env.DATA_DIR ?? '.', 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { url: `http://127.0.0.1:${port}`, child, output: () => output, exited };
}

/** Waits until the server's output says `text` (by default: that it listens); kills it when it never does. */
export async function untilRunning(
  server: ServerProcess,
  text = 'EcoAnuncios is running at',
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes(text)) {
    if (server.child.exitCode !== null || Date.now() > deadline) {
      server.child.kill('SIGKILL');
      throw new Error(`The server did not say ${JSON.stringify(text)}:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Ends a server a test left running (SIGKILL: nothing of it is checked any more) and waits until it has exited. */
export async function killServer(server: ServerProcess | undefined): Promise<void> {
  if (server === undefined || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}

export type CommandRun = { code: number | null; stdout: string; stderr: string };

/** Runs an operator command (src/scripts/<name>.ts) as `npm run <name>` does. */
export function runCommand(name: string, args: string[], env: Record<string, string>): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...NODE_ARGS, SCRIPT(name), ...args], {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
