import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess, type RunningServer } from './server-process.ts';

/** Starts scripts/lib/bare-server.ts on a loopback port, answering every GET with `body`. */
export async function serveBareFastify(
  port: number,
  body: Buffer,
  contentType = 'application/json; charset=utf-8',
): Promise<RunningServer> {
  const folder = mkdtempSync(join(tmpdir(), 'eco-bench-bare-'));
  const bodyFile = join(folder, 'body');
  writeFileSync(bodyFile, body);
  return startServerProcess({
    script: 'scripts/lib/bare-server.ts',
    env: { ...process.env, PORT: String(port), BODY_FILE: bodyFile, CONTENT_TYPE: contentType },
    url: `http://127.0.0.1:${port}`,
    name: 'bare Fastify server',
    timeoutMs: 30_000,
    cleanup: () => rmSync(folder, { recursive: true, force: true }),
  });
}
