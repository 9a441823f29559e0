import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess, type RunningServer } from './server-process.ts';

export type { RunningServer } from './server-process.ts';

/**
 * The runtime settings of `npm run serve` in package.json (Node's and V8's flags before the script: the heap's sizes,
 * decision 059's pretenuring; glibc's arena count), so that the benchmark measures the server as production runs it.
 */
function serveRuntimeSettings(): { flags: string[]; env: Record<string, string> } {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  const serve = scripts.serve ?? '';
  const arenas = /MALLOC_ARENA_MAX=\$\{MALLOC_ARENA_MAX:-(\d+)\}/.exec(serve)?.[1];
  const nodeFlags = /\bnode((?: --[\w-]+(?:=\S+)?)*) /.exec(serve)?.[1] ?? '';
  return {
    flags: nodeFlags.split(' ').filter(Boolean),
    env: arenas === undefined ? {} : { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? arenas },
  };
}

/**
 * Starts the production server (as `npm start` does, without rebuilding) on its own loopback port. Without a
 * DATA_DIR in `env` it gets a temporary data folder, removed when it stops; a given DATA_DIR is left in
 * place.
 */
export async function serveBuild(
  port: number,
  env: Record<string, string> = {},
  options: { probe?: boolean; nice?: number } = {},
): Promise<RunningServer> {
  const ownDataDir = env.DATA_DIR === undefined ? mkdtempSync(join(tmpdir(), 'eco-bench-')) : undefined;
  const url = `http://127.0.0.1:${port}`;
  const runtime = serveRuntimeSettings();
  return startServerProcess({
    script: 'apps/api/build/main.js',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: ownDataDir,
      NODE_ENV: 'production',
      // Production refuses to start without one.
      SECRET_KEY: 'benchmark-secret-key-of-at-least-thirty-two-characters',
      LOG_LEVEL: 'warn',
      ...runtime.env,
      ...env,
    },
    url,
    name: 'server',
    timeoutMs: 60_000,
    probe: options.probe ?? false,
    nodeFlags: runtime.flags,
    ...(options.nice === undefined ? {} : { nice: options.nice }),
    cleanup: () => {
      if (ownDataDir !== undefined) rmSync(ownDataDir, { recursive: true, force: true });
    },
  });
}
