import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../src/db/count.ts';
import { demoOrders, demoPublications, demoUsers } from '../src/demo/demo-data.ts';
import { loadDemoContentInChild } from '../src/demo/demo-process.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-app.ts';

// The server loads the demo content from a child process (its image memory goes with it): the child must find the
// server's database and media folder through the environment, and report what it loaded.

describe('demo content from a child process', () => {
  let subject: TestDatabase;

  beforeAll(async () => {
    subject = await createTestDatabase();
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('fills the empty database the environment names, once', { timeout: 180_000 }, async () => {
    const { db } = subject.database;
    const env = {
      ...process.env,
      DATA_DIR: subject.config.dataDir,
      DATABASE_URL: subject.config.databaseUrl,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      CAPTCHA_PROVIDER: 'off',
    };
    const result = await loadDemoContentInChild(db, env);
    expect(result).toMatchObject({
      loaded: true,
      users: demoUsers.length,
      publications: demoPublications.length,
      orders: demoOrders.length,
    });
    expect(await countRows(db.selectFrom('users'))).toBe(demoUsers.length);
    // Without Mercado Pago configured the site charges no fee, the demo's orders neither.
    expect(await countRows(db.selectFrom('orders').where('fee_amount', '>', 0))).toBe(0);
    expect(await loadDemoContentInChild(db, env)).toEqual({ loaded: false });
  });
});
