import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Dialect } from '../../apps/api/src/db/schema.ts';

export type BenchDatabase = {
  dialect: Dialect;
  /** What the app reads: DATA_DIR for SQLite, DATABASE_URL for PostgreSQL. */
  env: Record<string, string>;
  config: { dataDir: string; databaseUrl: string | undefined };
  /** Drops the database (PostgreSQL) and removes the data folder. */
  drop: () => Promise<void>;
};

async function withClient<T>(url: string, task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database of the dialect: a temporary DATA_DIR, or `eco_bench_<random>` on the admin URL's
 * server.
 */
export async function createBenchDatabase(dialect: Dialect, adminUrl: string): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'eco-bench-api-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') {
    return {
      dialect,
      env: { DATA_DIR: dataDir },
      config: { dataDir, databaseUrl: undefined },
      drop: async () => removeDataDir(),
    };
  }
  const name = `eco_bench_${randomBytes(6).toString('hex')}`;
  try {
    await withClient(adminUrl, (client) => client.query(`create database ${name}`));
  } catch (error) {
    removeDataDir();
    throw error;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dialect,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    config: { dataDir, databaseUrl: url.toString() },
    drop: async () => {
      await withClient(adminUrl, async (client) => {
        await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        await client.query(`drop database if exists ${name}`);
      });
      removeDataDir();
    },
  };
}
