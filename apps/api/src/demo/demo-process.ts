import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { hasAnyUser } from './demo-repository.ts';
import { loadDemoContent, type DemoLoadResult } from './load-demo-content.ts';

// The demo content is generated in a child process: its images go through sharp (libvips' threads), whose memory
// glibc keeps after they finish (about 75 MB resident for the server's lifetime). A child gives it all back when it
// exits. It reads the same environment, and so the same database and media folder, as the server.

const SCRIPT = fileURLToPath(import.meta.url);

/**
 * Loads the demo content into an empty database from a child process given `env` (the server's own by default:
 * its database and media folder); `{ loaded: false }` when the database has users.
 */
export async function loadDemoContentInChild(
  db: DB,
  env: NodeJS.ProcessEnv = process.env,
): Promise<DemoLoadResult> {
  if (await hasAnyUser(db)) return { loaded: false };
  // The server's own Node options (heap sizes, loaders), without `npm run dev`'s watch mode.
  const execArgv = process.execArgv.filter((arg) => !arg.startsWith('--watch'));
  const child = spawn(process.execPath, [...execArgv, SCRIPT], {
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let result: DemoLoadResult | undefined;
  child.on('message', (message) => (result = message as DemoLoadResult));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0 || result === undefined)
    throw new Error(`The demo content could not be loaded (exit ${code})`);
  return result;
}

async function runChild(): Promise<void> {
  const config = loadConfig(process.env);
  const database = createDatabase(config);
  try {
    const result = await loadDemoContent(database.db, {
      mediaDir: config.mediaDir,
      feePercent: config.mercadoPago?.feePercent ?? 0,
      secretKey: config.secretKey,
    });
    await new Promise((resolve) => process.send?.(result, resolve));
  } finally {
    await database.close();
  }
}

if (process.argv[1] === SCRIPT) {
  runChild().then(
    () => process.disconnect?.(),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
      process.disconnect?.();
    },
  );
}
