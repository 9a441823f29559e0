import { EventEmitter } from 'node:events';
import { PostgresAdapter, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

// How a change of a member's unread count travels to the open streams (see docs/decisions/009).
//
// PostgreSQL: `pg_notify` inside the writer's transaction. The server delivers it only when that transaction
// commits (never after a rollback), to the one listening connection of every server process.
// SQLite: one process owns the file, so an in-process emitter is enough. The listener reads the count through the
// app's single connection, which Kysely's SQLite driver holds for the whole writing transaction: the read runs after
// the commit (or the rollback, and then the count it sends is unchanged).

/**
 * The PostgreSQL channel of unread-count changes; the payload is the recipients' user ids, separated by commas
 * (UUIDs hold none).
 */
export const UNREAD_CHANNEL = 'eco_unread_changed';

/**
 * User ids per signal of a batch: PostgreSQL's payloads are under 8,000 bytes (UUIDs are 36 characters). Every
 * listening process reads every signal, so a publication's 2,500 saved-search alerts are 13 signals, not 2,500.
 */
export const IDS_PER_SIGNAL = 200;

/** The user ids of a signal's payload. */
export function recipientsOf(payload: string): string[] {
  return payload.split(',').filter((id) => id !== '');
}

/** In-process signals (SQLite): event 'changed' with the user id. */
export const localUnreadSignals = new EventEmitter();
// One listener per app instance; tests build several apps in one process.
localUnreadSignals.setMaxListeners(0);

function isPostgres(db: DB): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Tells every server process that the unread count of `userId` may have changed. Call it with the transaction
 * that made the change, after the change: the signal is delivered after the commit.
 */
export async function signalUnreadChanged(db: DB, userId: string): Promise<void> {
  if (isPostgres(db)) {
    await sql`select pg_notify(${UNREAD_CHANNEL}, ${userId})`.execute(db);
    return;
  }
  localUnreadSignals.emit('changed', userId);
}

/** signalUnreadChanged for many members in one statement (a batch of reminders). */
export async function signalUnreadChangedMany(db: DB, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  if (isPostgres(db)) {
    const payloads: string[] = [];
    for (let start = 0; start < userIds.length; start += IDS_PER_SIGNAL) {
      payloads.push(userIds.slice(start, start + IDS_PER_SIGNAL).join(','));
    }
    await sql`select pg_notify(${UNREAD_CHANNEL}, p) from unnest(${payloads}::text[]) as p`.execute(db);
    return;
  }
  for (const userId of userIds) localUnreadSignals.emit('changed', userId);
}
