import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase, type DatabaseHandle, type PoolName } from '../src/db/database.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { replicaReads } from '../src/db/replica-reads.ts';
import { startReplicatedServers, type ReplicatedServers } from './helpers/postgres-replica.ts';
import {
  createActors,
  createPublication,
  pageOf,
  uploadImage,
  validForm,
  type Actors,
} from './helpers/publications.ts';
import { createTestApp, testDialect } from './helpers/test-app.ts';

// The lists read a real streaming replica (DATABASE_READ_URL) once it has replayed the list's version read on the
// primary, and the primary otherwise: a member sees their own writes at once while the replica lags, the remembered
// answers stay exact, and a replica that stops answering costs nothing but its offload (decision 040).

describe('DATABASE_READ_URL', () => {
  it('is read on PostgreSQL and ignored on SQLite', () => {
    const primary = 'postgres://eco@db-primary:5432/eco';
    const replica = 'postgres://eco@db-replica:5432/eco';
    expect(loadConfig({ DATABASE_URL: primary }).databaseReadUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: replica }).databaseReadUrl).toBe(replica);
    expect(loadConfig({ DATABASE_READ_URL: replica }).databaseReadUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'http://x' })).toThrow(
      /DATABASE_READ_URL must be a postgres:\/\/ or postgresql:\/\/ URL/,
    );
  });

  it.runIf(testDialect === 'sqlite')('leaves an SQLite site as it is, with no replica', async () => {
    const subject = await createTestApp({
      env: {
        DATABASE_READ_URL: 'postgres://eco@127.0.0.1:1/eco',
        DATABASE_LISTEN_URL: 'postgres://eco@127.0.0.1:1/eco',
      },
    });
    try {
      expect(subject.database.replica).toBeUndefined();
      const actors = await createActors(subject.database.db);
      const image = await uploadImage(subject.app, actors.author);
      await createPublication(subject.app, actors.author, validForm('market', [image.url]));
      const list = await subject.app.inject({ method: 'GET', url: '/api/publications' });
      expect(list.statusCode).toBe(200);
    } finally {
      await subject.dispose();
    }
  });
});

describe.runIf(testDialect === 'postgres')('a streaming read replica', () => {
  let servers: ReplicatedServers;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let actors: Actors;
  let dataDir: string;
  const pools: PoolName[] = [];

  /** Publishes a new publication titled `title` as the author, approved by the super user. */
  async function publish(title: string): Promise<string> {
    const image = await uploadImage(app, actors.author);
    const created = await createPublication(app, actors.author, validForm('market', [image.url], { title }));
    const published = await app.inject({
      method: 'PUT',
      url: `/api/publication/${created._id}`,
      headers: actors.superUser.headers,
      payload: { status: 1 },
    });
    expect(published.statusCode).toBe(200);
    return created._id;
  }

  async function listedIds(url = '/api/publications'): Promise<string[]> {
    const response = await app.inject({ method: 'GET', url, headers: actors.author.headers });
    expect(response.statusCode).toBe(200);
    return pageOf(response).publications.map((publication) => publication._id);
  }

  beforeAll(async () => {
    servers = await startReplicatedServers();
    await servers.query('primary', 'create database eco');
    dataDir = await mkdtemp(path.join(tmpdir(), 'eco-api-replica-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DEMO_CONTENT: 'off',
      NODE_ENV: 'test',
      CAPTCHA_PROVIDER: 'off',
      RATE_LIMIT_MAX: '10000',
      DATABASE_URL: servers.primaryUrl('eco'),
      DATABASE_READ_URL: servers.replicaUrl('eco'),
    });
    database = createDatabase(config);
    await migrateDatabase(database.db, config);
    database.observeQueries((pool) => pools.push(pool));
    app = await buildApp(config, { database });
    actors = await createActors(database.db);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await servers?.stop();
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the lists from the replica once it has replayed what they show', async () => {
    const id = await publish('Frascos leídos en la réplica');
    await servers.caughtUp();
    const before = { ...replicaReads() };
    pools.length = 0;
    expect(await listedIds('/api/publications?term=frascos')).toContain(id);
    expect(replicaReads().replica).toBeGreaterThan(before.replica);
    expect(pools).toContain('replica');
    // The replica is read-only: PostgreSQL says so.
    const [recovery] = await servers.query('replica', 'select pg_is_in_recovery() as standby');
    expect(recovery?.standby).toBe(true);
  });

  it('while the replica lags, a member reads their own write from the primary, and the caches stay exact', async () => {
    expect(await listedIds()).toHaveLength(1);
    await servers.query('replica', 'select pg_wal_replay_pause()');
    try {
      const behind = replicaReads().behind;
      const id = await publish('Cartones mientras la réplica espera');
      // At once, with the replica still without it: the version read on the primary sends the reads there.
      const ids = await listedIds();
      expect(ids).toContain(id);
      expect(ids).toHaveLength(2);
      expect(await listedIds('/api/publications?term=cartones')).toContain(id);
      expect(replicaReads().behind).toBeGreaterThan(behind);
      // The replica really has not replayed it.
      const onReplica = await servers.query(
        'replica',
        `select id from publications where id = '${id}'`,
        'eco',
      );
      expect(onReplica).toEqual([]);
    } finally {
      await servers.query('replica', 'select pg_wal_replay_resume()');
    }
    await servers.caughtUp();
    // Caught up, the replica serves again (a search not remembered yet), with both.
    const served = replicaReads().replica;
    pools.length = 0;
    expect(await listedIds('/api/publications?term=botellas')).toHaveLength(2);
    expect(replicaReads().replica).toBeGreaterThan(served);
    expect(pools).toContain('replica');
  });

  it('when the replica stops answering, the primary serves the lists', async () => {
    await servers.stopReplica();
    const failed = replicaReads().failed;
    const id = await publish('Telas con la réplica apagada');
    expect(await listedIds()).toContain(id);
    expect(replicaReads().failed).toBeGreaterThan(failed);
  });
});
