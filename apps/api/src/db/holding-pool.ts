import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type PgModule from 'pg';
import { isDatabaseUnavailable } from './connection-errors.ts';

// A restarting primary is away for a second or two (a failover, longer). Requests that reach the server then should
// wait for it rather than fail: a checkout's first statement that provably never ran, or that changes nothing when
// run twice (a read, BEGIN), is retried on a new connection until the database answers or the hold ends; only
// writes in flight when the connections dropped fail with the 503 (decision 040). Never retried: a write that may
// have run (a connection lost mid-statement), nor a later statement of a checkout (a transaction's second statement
// cannot be replayed alone).

/** How long a statement that has not started waits for the database before its request gets the 503. */
export const DATABASE_HOLD_MS = 10_000;

/** The answers that prove the statement was never executed: refused before it reached a server. */
const NEVER_RAN_MESSAGES = [
  // node-postgres refuses a client whose connection already failed (ended while idle in the pool).
  'Client has encountered a connection error and is not queryable',
  // PgBouncer while it cannot log in to the server (restarting): the query waited for a server and got none.
  'server login has been failing',
  'pgbouncer cannot connect to server',
  'no more connections allowed',
];
/** cannot_connect_now (starting up, shutting down, in recovery): sent instead of running anything. */
const NEVER_RAN_STATES = new Set(['57P03']);

export function neverRan(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code !== undefined && NEVER_RAN_STATES.has(code)) return true;
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  return NEVER_RAN_MESSAGES.some((text) => message.startsWith(text));
}

/** Statements that are harmless to run again if the first run was cut off: a read, or a transaction's start. */
const REPEATABLE = /^\s*(select|begin|start transaction)\b/i;

/**
 * Whether a checkout's first statement may be sent again on a new connection: it never ran, or the connection was
 * lost (a pooled connection the restart had already ended, or mid-read) and running it twice changes nothing.
 */
export function mayRetry(text: string, error: unknown): boolean {
  return neverRan(error) || (REPEATABLE.test(text) && isDatabaseUnavailable(error));
}

type Hold = {
  holdMs: number;
  onHold?: (error: unknown) => void;
  /** Until the database has answered once, start-up's own wait (wait-for-database.ts) says and decides. */
  reached?: boolean;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `pool.connect()`, retried while the database is unreachable, until `deadline` (then the last error). */
async function connectHeld(pool: PgModule.Pool, deadline: number, hold: Hold): Promise<PgModule.PoolClient> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const client = await pool.connect();
      hold.reached = true;
      return client;
    } catch (error) {
      if (!hold.reached || !isDatabaseUnavailable(error) || Date.now() >= deadline) throw error;
      if (attempt === 0) hold.onHold?.(error);
      await pause(Math.min(100 * 2 ** attempt, 1000, Math.max(deadline - Date.now(), 0)));
    }
  }
}

/**
 * The pool as Kysely's PostgreSQL driver sees it: each checkout is a client whose first statement is held and
 * retried on a new connection while it provably never ran. The real pool stays the one its statistics read.
 */
export function holdingPool(pool: PgModule.Pool, options: Omit<Hold, 'reached'>): PostgresPool {
  const hold: Hold = { ...options, reached: false };
  return {
    options: pool.options,
    end: () => pool.end(),
    async connect(): Promise<PostgresPoolClient> {
      const deadline = Date.now() + hold.holdMs;
      let client: PgModule.PoolClient | undefined = await connectHeld(pool, deadline, hold);
      let first = true;
      const firstStatement = async (text: string, values: unknown[]) => {
        for (let attempt = 0; ; attempt += 1) {
          try {
            return await client!.query(text, values);
          } catch (error) {
            if (!mayRetry(text, error) || Date.now() >= deadline) throw error;
            if (attempt === 0) hold.onHold?.(error);
            // This connection is spent (PgBouncer closes it after such an answer): a new one for the retry.
            client!.release(true);
            client = undefined;
            await pause(Math.min(100 * 2 ** attempt, 1000, Math.max(deadline - Date.now(), 0)));
            client = await connectHeld(pool, deadline, hold);
          }
        }
      };
      const query = (...args: unknown[]) => {
        if (client === undefined) return Promise.reject(new Error('Postgres connection has been discarded'));
        if (first && typeof args[0] === 'string') {
          first = false;
          return firstStatement(args[0], (args[1] ?? []) as unknown[]);
        }
        first = false;
        return (client.query as (...rest: unknown[]) => unknown)(...args);
      };
      return {
        get processID() {
          return (client as { processID?: number } | undefined)?.processID;
        },
        // A checkout whose reconnection failed has nothing left to give back.
        release: (destroy?: boolean) => client?.release(destroy),
        query: query as PostgresPoolClient['query'],
      };
    },
  };
}
