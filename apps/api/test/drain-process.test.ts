import { afterEach, describe, expect, it } from 'vitest';
import { createSession } from '../src/modules/sessions/service.ts';
import { insertUser } from './helpers/accounts.ts';
import { killServer, startServer, type ServerProcess } from './helpers/server-process.ts';
import { openStream } from './helpers/sse.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-app.ts';

// The production server as a child process receiving SIGTERM with SHUTDOWN_DRAIN_MS set, as behind a balancer:
// /api/ready fails first while every other request is still served, then the server closes, its live streams end
// with a retry hint, and the process exits 0. No timing is asserted beyond "eventually".

let subject: TestDatabase | undefined;
let server: ServerProcess | undefined;

afterEach(async () => {
  await killServer(server);
  server = undefined;
  await subject?.dispose();
  subject = undefined;
});

async function statusOf(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { headers: { connection: 'close' } });
  return { status: response.status, body: await response.json() };
}

describe('draining on SIGTERM', () => {
  it('fails /api/ready first, serves the rest meanwhile, ends the streams with a retry hint, exits 0', async () => {
    subject = await createTestDatabase();
    const user = await insertUser(subject.database.db, { email: 'drenaje@example.com' });
    const { token } = await createSession(subject.database.db, user.id, 3_600_000);
    await subject.database.close();
    server = await startServer({
      DATA_DIR: subject.config.dataDir,
      DATABASE_URL: subject.config.databaseUrl ?? '',
      // Long enough for the checks below on a busy machine; the test ends when the process does.
      SHUTDOWN_DRAIN_MS: '5000',
    });
    const { url } = server;
    expect(await statusOf(`${url}/api/ready`)).toEqual({
      status: 200,
      body: { status: 'ready', database: 'up', migrations: 'done', storage: 'up' },
    });
    const stream = await openStream(url, token);
    expect(await stream.nextUnread()).toBe(0);

    server.child.kill('SIGTERM');
    await expect
      .poll(() => statusOf(`${url}/api/ready`), { timeout: 10_000, interval: 50 })
      .toEqual({ status: 503, body: { status: 'draining' } });
    // Draining, not closed: a new connection is still served.
    expect((await statusOf(`${url}/api/health`)).status).toBe(200);

    // Once the drain is over the server closes: the stream gets its last retry hint and ends.
    const last = await stream.next(15_000);
    expect(Number(last.retry)).toBeGreaterThan(0);
    await expect(stream.next(15_000)).rejects.toThrow(/ended|terminated|aborted/);

    const exit = await server.exited;
    expect(exit, server.output().slice(-3000)).toEqual({ code: 0, signal: null });
    const output = server.output();
    expect(output).toContain('Draining: /api/ready answers 503 before the close');
  }, 60_000);
});
