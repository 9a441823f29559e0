import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.ts';
import { DatabaseUnavailableError, waitForDatabase } from '../src/db/wait-for-database.ts';
import { captureLogs } from './helpers/log-capture.ts';
import { openProxy, throughPort } from './helpers/tcp-proxy.ts';
import {
  killServer,
  freePort,
  spawnServer,
  untilRunning,
  type ServerProcess,
} from './helpers/server-process.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-app.ts';

// Start-up waits for a database that is not there yet (a container started alongside, a failover) instead of
// crashing, up to DATABASE_WAIT_MS. "Later" is a loopback TCP proxy to the test's PostgreSQL, opened only once the
// server has said it waits.

describe('waiting for the database at start-up', () => {
  let subject: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  let proxy: { close: () => Promise<void> } | undefined;

  afterEach(async () => {
    await killServer(server);
    server = undefined;
    await proxy?.close();
    proxy = undefined;
    await subject?.dispose();
    subject = undefined;
  });

  it('goes on at once, saying nothing, when the database answers', async () => {
    subject = await createTestDatabase();
    const logs = captureLogs('debug');
    await waitForDatabase(subject.database.db, { totalMs: 1000, log: logs.logger });
    expect(logs.entries).toEqual([]);
  });

  it.runIf(testDialect === 'postgres')(
    'gives up with a clear error after DATABASE_WAIT_MS, having said it waits',
    async () => {
      subject = await createTestDatabase({ migrate: false });
      const nowhere = createDatabase({
        databaseUrl: throughPort(subject.config.databaseUrl ?? '', await freePort()),
        dataDir: subject.config.dataDir,
      });
      const logs = captureLogs();
      try {
        const waiting = waitForDatabase(nowhere.db, { totalMs: 1000, log: logs.logger });
        await expect(waiting).rejects.toThrow(DatabaseUnavailableError);
        await expect(waiting).rejects.toThrow(/did not answer within \d+ ms \(DATABASE_WAIT_MS\)/);
      } finally {
        await nowhere.close();
      }
      const waits = logs.entries.filter((entry) => entry.msg === 'Waiting for the database…');
      expect(waits.length).toBeGreaterThanOrEqual(1);
      expect(waits[0]).toMatchObject({ level: 40, attempt: 1, retryInMs: 250 });
    },
  );

  it.runIf(testDialect === 'postgres')(
    'the server waits for a database that comes later, then starts and is ready',
    async () => {
      subject = await createTestDatabase({ migrate: false });
      const port = await freePort();
      const databaseUrl = subject.config.databaseUrl ?? '';
      server = await spawnServer({
        DATA_DIR: subject.config.dataDir,
        DATABASE_URL: throughPort(databaseUrl, port),
        DATABASE_WAIT_MS: '120000',
      });
      await untilRunning(server, 'Waiting for the database');
      expect(server.output()).not.toContain('EcoAnuncios is running at');

      proxy = await openProxy(port, new URL(databaseUrl));
      await untilRunning(server);
      expect(server.output()).toContain('The database answers');
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);

      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
    },
    90_000,
  );
});
