import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActors, type Actors } from './helpers/publications.ts';
import { openStream } from './helpers/sse.ts';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.ts';

// A real second server process (apps/api/src/main.ts) on the test's database, next to the in-test app: the way
// several processes run behind a proxy. Its streams get the counts of changes it makes itself (both dialects) and,
// on PostgreSQL, of changes made by the other process (LISTEN/NOTIFY). SQLite serves one process by design
// (docs/decisions/009), so the cross-process half is PostgreSQL's.

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

describe('live count across server processes', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let actors: Actors;
  let child: ChildProcess;
  let childUrl: string;

  beforeAll(async () => {
    subject = await createTestApp();
    app = subject.app;
    actors = await createActors(subject.database.db);
    const port = await freePort();
    childUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', MAIN], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: subject.config.dataDir,
        DATABASE_URL: subject.config.databaseUrl ?? '',
        DEMO_CONTENT: 'off',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        WEB_BUILD_DIR: path.join(subject.config.dataDir, 'no-web-build'),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The second server exited with ${child.exitCode}`);
      const healthy = await fetch(`${childUrl}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) break;
      if (Date.now() > deadline) throw new Error('The second server did not start within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 40_000);

  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await subject.dispose();
  });

  it('a stream of the second process follows the changes made through it, and on PostgreSQL through the first', async () => {
    const user = actors.author;
    const stream = await openStream(childUrl, user.token);
    expect(stream.status).toBe(200);
    expect(await stream.nextUnread()).toBe(0);

    // Through the first process (the in-test app): a rating notifies the member.
    const rated = await app.inject({
      method: 'POST',
      url: `/api/user/${user.id}/qualifications`,
      headers: actors.other.headers,
      payload: { rating: 4, comment: 'Muy buena experiencia' },
    });
    expect(rated.statusCode).toBe(201);
    if (testDialect === 'postgres') expect(await stream.nextUnread()).toBe(1);

    // Through the second process itself: read, then unread again.
    const list = await fetch(`${childUrl}/api/notifications`, { headers: user.headers });
    const { notifications } = (await list.json()) as { notifications: { _id: string }[] };
    expect(notifications).toHaveLength(1);
    const toggle = () =>
      fetch(`${childUrl}/api/notification/${notifications[0]?._id}`, {
        method: 'PUT',
        headers: user.headers,
      });
    expect((await toggle()).status).toBe(200);
    // On SQLite the stream still shows 0 (the rating came from another process): nothing changed for it.
    if (testDialect === 'postgres') expect(await stream.nextUnread()).toBe(0);
    expect((await toggle()).status).toBe(200);
    expect(await stream.nextUnread()).toBe(1);
    stream.close();
  });
});
