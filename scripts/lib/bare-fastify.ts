import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess, type RunningServer } from './server-process.ts';

/**
 * Starts scripts/lib/bare-server.ts on a loopback port, answering every GET with `body` (bytes as the app sent them,
 * compressed with `contentEncoding` when it compressed them).
 */
export async function serveBareFastify(
  port: number,
  body: Buffer,
  contentType = 'application/json; charset=utf-8',
  contentEncoding?: string,
): Promise<RunningServer> {
  const folder = mkdtempSync(join(tmpdir(), 'eco-bench-bare-'));
  const bodyFile = join(folder, 'body');
  writeFileSync(bodyFile, body);
  return startServerProcess({
    script: 'scripts/lib/bare-server.ts',
    env: {
      ...process.env,
      PORT: String(port),
      BODY_FILE: bodyFile,
      CONTENT_TYPE: contentType,
      CONTENT_ENCODING: contentEncoding ?? '',
    },
    url: `http://127.0.0.1:${port}`,
    name: 'bare Fastify server',
    timeoutMs: 30_000,
    cleanup: () => rmSync(folder, { recursive: true, force: true }),
  });
}
