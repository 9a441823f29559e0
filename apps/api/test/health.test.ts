import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createLocalStorage, type MediaStorage } from '../src/modules/media/storage.ts';
import { createTestApp, createTestDatabase, testDialect, type TestApp } from './helpers/test-app.ts';

let subject: TestApp | undefined;

afterEach(async () => {
  await subject?.dispose();
  subject = undefined;
});

describe('GET /api/health', () => {
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

describe('GET /api/ready', () => {
  it('is ready with the database migrated and the media folder usable, never cached', async () => {
    subject = await createTestApp();
    const response = await subject.app.inject({ method: 'GET', url: '/api/ready' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ status: 'ready', database: 'up', migrations: 'done', storage: 'up' });
  });

  it('answers 503 while draining, and still serves everything else', async () => {
    subject = await createTestApp();
    subject.app.readiness.startDraining();

    const ready = await subject.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({ status: 'draining' });
    const health = await subject.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('answers 503 naming what fails: the database, pending migrations, the storage', async () => {
    const failing: MediaStorage = {
      ...createLocalStorage(path.join(tmpdir(), 'unused')),
      check: async () => {
        throw new Error('EROFS: read-only file system');
      },
    };
    subject = await createTestApp({ mediaStorage: failing });
    const storageDown = await subject.app.inject({ method: 'GET', url: '/api/ready' });
    expect(storageDown.statusCode).toBe(503);
    expect(storageDown.json()).toEqual({
      status: 'unready',
      database: 'up',
      migrations: 'done',
      storage: 'down',
    });

    await subject.database.db.deleteFrom('kysely_migration' as never).execute();
    const pending = await subject.app.inject({ method: 'GET', url: '/api/ready' });
    expect(pending.json()).toMatchObject({ status: 'unready', database: 'up', migrations: 'pending' });

    await subject.database.close();
    const down = await subject.app.inject({ method: 'GET', url: '/api/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'unready', database: 'down', migrations: 'unknown' });
  });

  it('is described in the API document', async () => {
    subject = await createTestApp();
    const document = (await subject.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = document.paths['/api/ready'].get;
    expect(operation.summary).toMatch(/tráfico/);
    expect(Object.keys(operation.responses)).toEqual(['200', '503']);
  });
});
