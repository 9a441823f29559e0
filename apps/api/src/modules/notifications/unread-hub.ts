import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { DB, Dialect } from '../../db/schema.ts';
import { requirePg } from '../../db/database.ts';
import { countUnread } from './repository.ts';
import { localUnreadSignals, recipientsOf, UNREAD_CHANNEL } from './signal.ts';

// The live unread counts of one server process (see docs/decisions/009): the open streams subscribe per member; a
// signal (signal.ts) makes the hub read that member's count once and hand it to each of their streams.
//
// On PostgreSQL the process keeps ONE listening connection (LISTEN eco_unread_changed), opened with the first
// stream and closed with the last one, never one per stream. When it breaks, it reconnects with a growing delay and
// then re-reads the count of every member with an open stream: signals sent while it was away are not lost.

export type UnreadListener = (unread: number) => void;

export type UnreadHub = {
  /**
   * Calls `listener` with the member's count now and whenever a signal arrives (possibly with an unchanged count);
   * resolves, once the process listens, to the unsubscribe function.
   */
  subscribe(userId: string, listener: UnreadListener): Promise<() => void>;
  /** How many streams are subscribed (tests check that closed streams leave none behind). */
  listenerCount(): number;
  /** Whether the PostgreSQL listening connection is open (always false on SQLite). */
  isListening(): boolean;
  close(): Promise<void>;
};

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

export function createUnreadHub(options: {
  db: DB;
  dialect: Dialect;
  databaseUrl: string | undefined;
  log: FastifyBaseLogger;
}): UnreadHub {
  const { db, dialect, databaseUrl, log } = options;
  const listeners = new Map<string, Set<UnreadListener>>();
  let closed = false;

  /** Members whose count is being read; `again` when another signal came meanwhile. */
  const reading = new Map<string, { again: boolean }>();

  /**
   * Reads the member's count and hands it to every one of their streams. Reads of one member never overlap, so a
   * stream never gets an older count after a newer one; signals that arrive meanwhile make one more read.
   */
  async function deliver(userId: string): Promise<void> {
    if (!listeners.has(userId)) return;
    const current = reading.get(userId);
    if (current !== undefined) {
      current.again = true;
      return;
    }
    const state = { again: false };
    reading.set(userId, state);
    try {
      do {
        state.again = false;
        const unread = await countUnread(db, userId);
        for (const listener of listeners.get(userId) ?? []) listener(unread);
      } while (state.again && !closed);
    } catch (error) {
      if (!closed) log.warn({ err: error }, 'Could not read an unread count for the live streams');
    } finally {
      reading.delete(userId);
    }
  }

  const onLocalSignal = (userId: string) => void deliver(userId);

  // ------------------------------------------------------------------------------- PostgreSQL listener
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryDelay = RECONNECT_MIN_MS;

  function scheduleReconnect(): void {
    if (closed || listeners.size === 0 || retryTimer !== undefined) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void listen();
    }, retryDelay);
    retryTimer.unref();
    retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_MS);
  }

  async function connect(url: string): Promise<void> {
    const next = new (requirePg().Client)({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel !== UNREAD_CHANNEL || message.payload === undefined) return;
      for (const userId of recipientsOf(message.payload)) void deliver(userId);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'The notifications listener lost its PostgreSQL connection; reconnecting');
      if (client === next) client = undefined;
      void next.end().catch(() => undefined);
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`listen ${UNREAD_CHANNEL}`);
    if (closed || listeners.size === 0) {
      await next.end();
      return;
    }
    const reconnected = retryDelay > RECONNECT_MIN_MS;
    client = next;
    retryDelay = RECONNECT_MIN_MS;
    // Whatever changed while no connection listened.
    if (reconnected) for (const userId of listeners.keys()) void deliver(userId);
  }

  function listen(): Promise<void> {
    if (databaseUrl === undefined || client !== undefined || closed) return Promise.resolve();
    connecting ??= connect(databaseUrl)
      .catch((error: unknown) => {
        log.warn({ err: error }, 'The notifications listener could not connect to PostgreSQL; retrying');
        scheduleReconnect();
      })
      .finally(() => {
        connecting = undefined;
      });
    return connecting;
  }

  async function unlisten(): Promise<void> {
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    retryTimer = undefined;
    await connecting;
    // A stream opened meanwhile keeps the connection.
    if (listeners.size > 0 && !closed) return;
    const current = client;
    client = undefined;
    await current?.end().catch(() => undefined);
  }

  if (dialect === 'sqlite') localUnreadSignals.on('changed', onLocalSignal);

  return {
    async subscribe(userId, listener) {
      let set = listeners.get(userId);
      if (set === undefined) {
        set = new Set();
        listeners.set(userId, set);
      }
      set.add(listener);
      // Listening before the first read: a change right after it is never missed.
      if (dialect === 'postgres') await listen();
      void deliver(userId);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        const current = listeners.get(userId);
        current?.delete(listener);
        if (current?.size === 0) listeners.delete(userId);
        if (listeners.size === 0 && dialect === 'postgres') void unlisten();
      };
    },
    listenerCount: () => [...listeners.values()].reduce((total, set) => total + set.size, 0),
    isListening: () => client !== undefined,
    async close() {
      closed = true;
      listeners.clear();
      localUnreadSignals.off('changed', onLocalSignal);
      await unlisten();
    },
  };
}
