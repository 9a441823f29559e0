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

/** The PostgreSQL channel of unread-count changes; the payload is the recipient's user id. */
export const UNREAD_CHANNEL = 'eco_unread_changed';

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
    await sql`select pg_notify(${UNREAD_CHANNEL}, u) from unnest(${[...userIds]}::text[]) as u`.execute(db);
    return;
  }
  for (const userId of userIds) localUnreadSignals.emit('changed', userId);
}
