import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestApp, createTestDatabase, testDialect, type TestApp } from './helpers/test-app.ts';

describe('GET /api/health', () => {
  let subject: TestApp | undefined;

  afterEach(async () => {
    await subject?.dispose();
    subject = undefined;
  });

  it('reports the database up, with the dialect in use', async () => {
    subject = await createTestApp();
    const response = await subject.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ status: 'ok', database: 'up', dialect: testDialect });
  });

  it('answers 503 JSON once the database cannot be reached', async () => {
    subject = await createTestApp();
    await subject.app.ready();
    await subject.database.close();

    const response = await subject.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ status: 'error', database: 'down' });
  });

  it('works on a database the app opens and migrates itself', async () => {
    const empty = await createTestDatabase({ migrate: false });
    try {
      const app = await buildApp(empty.config);
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      await app.close();

      expect(response.json()).toEqual({ status: 'ok', database: 'up', dialect: testDialect });
      const tables = await empty.database.db.introspection.getTables();
      expect(tables.map((table) => table.name)).toContain('users');
    } finally {
      await empty.dispose();
    }
  });
});
