import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Kysely, PostgresDialect, type LogConfig } from 'kysely';
import type PgModule from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database, DB, Dialect } from './schema.ts';
import { attachSqliteConnection, createSqliteDialect } from './sqlite-dialect.ts';
import { DATABASE_HOLD_MS, holdingPool } from './holding-pool.ts';
import { checkpointOffTheEventLoop } from './sqlite-checkpoints.ts';
import { createSqliteReader } from './sqlite-reader.ts';

export const SQLITE_FILE_NAME = 'ecoanuncios.sqlite';

export type DatabaseHandle = {
  db: DB;
  /**
   * For the lists' long reads only (no writes, no transactions): on SQLite worker threads with connections of their
   * own, so that a search does not hold the event loop (sqlite-reader.ts); on PostgreSQL a pool of its own, so that
   * writes and short reads never wait for a connection behind searches.
   */
  reader: DB;
  /**
   * PostgreSQL with DATABASE_READ_URL: a pool on the read replica, for the lists' reads once it has replayed the
   * version they are computed under (replica-reads.ts); never written to.
   */
  replica?: DB;
  dialect: Dialect;
  /** Calls `listener` after every query of `db` and `reader` until the returned function is called. */
  observeQueries: (listener: QueryListener) => () => void;
  /** PostgreSQL: each pool's connections now; SQLite has no pool (undefined). */
  poolStats?: () => PoolStats[];
  /** Closes every connection; safe to call more than once. */
  close: () => Promise<void>;
};

/** Which connections ran a query: `main` (writes, short reads), `reader` (the lists' long reads), `replica`. */
export type PoolName = 'main' | 'reader' | 'replica';
export type QueryListener = (pool: PoolName, seconds: number, failed: boolean) => void;
export type PoolStats = { pool: PoolName; total: number; idle: number; waiting: number; max: number };

type Options = { logger?: Pick<Logger, 'error' | 'warn'> };

/** Kysely's `log` hooks of both instances, feeding whoever observes (metrics); nothing to do while nobody does. */
function queryObservers() {
  const listeners = new Set<QueryListener>();
  return {
    logOf:
      (pool: PoolName): LogConfig =>
      (event) => {
        if (listeners.size === 0) return;
        const seconds = event.queryDurationMillis / 1000;
        for (const listener of listeners) listener(pool, seconds, event.level === 'error');
      },
    observe: (listener: QueryListener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** PostgreSQL when DATABASE_URL is set, otherwise the SQLite file in DATA_DIR. */
export function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> &
    Partial<Pick<Config, 'sqliteReaders' | 'databaseReadUrl' | 'databaseHoldMs'>>,
  options: Options = {},
): DatabaseHandle {
  if (config.databaseUrl !== undefined) {
    return createPostgres(config.databaseUrl, config.databaseReadUrl, config.databaseHoldMs, options);
  }
  mkdirSync(config.dataDir, { recursive: true });
  return createSqlite(path.join(config.dataDir, SQLITE_FILE_NAME), config.sqliteReaders ?? 1);
}

function createSqlite(filename: string, readers: number): DatabaseHandle {
  const { dialect, connection, database } = createSqliteDialect(filename);
  const queries = queryObservers();
  const db = new Kysely<Database>({ dialect, log: queries.logOf('main') });
  attachSqliteConnection(db, connection);
  const reader = createSqliteReader(filename, readers, queries.logOf('reader'));
  const checkpoints = checkpointOffTheEventLoop(database, filename);
  return {
    db,
    reader,
    dialect: 'sqlite',
    observeQueries: queries.observe,
    close: async () => {
      await checkpoints.stop();
      await reader.destroy();
      await db.destroy();
    },
  };
}

/** pg is loaded only when DATABASE_URL asks for PostgreSQL: an SQLite server never holds it (10 MB resident). */
export const requirePg = () => createRequire(import.meta.url)('pg') as typeof PgModule;

/**
 * The error as the log shows it: pg-pool hangs the whole client on an idle connection's error (`err.client`), which
 * made every such line kilobytes of JSON when a primary restarted. The error keeps it, hidden from the serializer.
 */
function withoutClient(error: Error): Error {
  if (Object.hasOwn(error, 'client')) Object.defineProperty(error, 'client', { enumerable: false });
  return error;
}

/** Connections of each pool: the lists' reads have their own, so that a write never waits behind a search. */
const POOL_CONNECTIONS = { main: 6, reader: 8, replica: 8 } as const;

function createPostgres(
  primaryUrl: string,
  replicaUrl: string | undefined,
  holdMs = DATABASE_HOLD_MS,
  { logger }: Options,
): DatabaseHandle {
  const pg = requirePg();
  const queries = queryObservers();
  const pools: { name: PoolName; pool: PgModule.Pool; max: number }[] = [];
  const open = (name: PoolName, max: number, connectionString = primaryUrl) => {
    const pool = new pg.Pool({
      connectionString,
      max,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client that loses its server emits 'error' on the pool; unhandled, it would end the process.
    pool.on('error', (error) =>
      logger?.error({ err: withoutClient(error), pool: name }, 'PostgreSQL idle client error'),
    );
    // So does a client checked out but between two queries (a transaction awaiting something else) when its
    // server ends (a restart, or PgBouncer's "server conn crashed?"): the pool has no listener on it then. Its next
    // query fails (a 503) and the pool drops it when released (decision 040).
    pool.on('connect', (client) => {
      client.on('error', (error) =>
        logger?.warn({ err: withoutClient(error), pool: name }, 'PostgreSQL connection lost'),
      );
    });
    pools.push({ name, pool, max });
    // Statements that meet a restarting primary wait for it (up to holdMs) instead of failing at once; the replica's
    // fail at once, for the primary to answer instead (replica-reads.ts).
    const held = holdingPool(pool, {
      holdMs: name === 'replica' ? 0 : holdMs,
      onHold: (error) => logger?.warn({ err: error, pool: name }, 'PostgreSQL unreachable: waiting for it'),
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: held }), log: queries.logOf(name) });
  };
  const db = open('main', POOL_CONNECTIONS.main);
  const reader = open('reader', POOL_CONNECTIONS.reader);
  const replica =
    replicaUrl === undefined ? undefined : open('replica', POOL_CONNECTIONS.replica, replicaUrl);
  return {
    db,
    reader,
    ...(replica === undefined ? {} : { replica }),
    dialect: 'postgres',
    observeQueries: queries.observe,
    poolStats: () =>
      pools.map(({ name, pool, max }) => ({
        pool: name,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max,
      })),
    close: async () => {
      await replica?.destroy();
      await reader.destroy();
      await db.destroy();
    },
  };
}
