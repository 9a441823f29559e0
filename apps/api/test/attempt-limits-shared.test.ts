import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { countAttempt, purgeExpiredAttempts } from '../src/plugins/attempt-store.ts';
import { insertUser, recordingMailer } from './helpers/accounts.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-app.ts';

// Two server processes on one database: each app here has its own connections (its own pool on PostgreSQL, its own
// handle on the SQLite file), like two processes behind a load balancer.
describe('attempt limits shared by every server process', () => {
  let subject: TestDatabase;
  let second: DatabaseHandle;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    subject = await createTestDatabase({
      env: { RATE_LIMIT_MAX: '10', RATE_LIMIT_IP_MAX: '1000', RATE_LIMIT_WINDOW_MS: '3600000' },
    });
    second = createDatabase(subject.config);
    for (const database of [subject.database, second]) {
      apps.push(await buildApp(subject.config, { database, mailer: recordingMailer() }));
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await second.close();
    await subject.dispose();
  });

  it('refuses the 11th wrong password for one e-mail after ten spread over two processes', async () => {
    const user = await insertUser(subject.database.db, { email: 'compartido@example.com' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const app = apps[attempt % 2]!;
      const response = await app.inject({
        method: 'POST',
        url: '/api/signin',
        payload: { email: user.email, password: `adivinando-${attempt}` },
        remoteAddress: `203.0.113.${attempt + 1}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
  });

  it('counts concurrent attempts exactly, and starts again once the window is over', async () => {
    const { db } = subject.database;
    const counts = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        countAttempt(index % 2 === 0 ? db : second.db, 'signin|email|juntos@example.com', 60_000),
      ),
    );
    expect(counts.map((counter) => counter.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    const later = new Date(Date.now() + 61_000);
    expect(await countAttempt(db, 'signin|email|juntos@example.com', 60_000, later)).toEqual({
      current: 1,
      ttl: 60_000,
    });
    expect(await purgeExpiredAttempts(db, new Date(later.getTime() + 61_000))).toBeGreaterThanOrEqual(1);
  });
});
