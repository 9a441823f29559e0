import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { countRows } from '../../db/count.ts';
import type { Database } from '../../db/schema.ts';

export type ModerationAction =
  | 'publish'
  | 'send_to_review'
  | 'unpublish'
  | 'dismiss_reports'
  | 'suspend'
  | 'reinstate'
  | 'hide_by_reports';

export type LogEntry = {
  /** Null when the site acted by itself. */
  actor: { id: string; name: string } | null;
  action: ModerationAction;
  target: { type: 'publication' | 'user'; id: string; label: string };
  reason: string | null;
  now: string;
};

/** Appends to the audit log (who, what, target, reason, when); never updated or deleted by the app. */
export async function writeLog(db: Kysely<Database> | Transaction<Database>, entry: LogEntry): Promise<void> {
  await db
    .insertInto('moderation_log')
    .values({
      id: randomUUID(),
      actor_id: entry.actor?.id ?? null,
      actor_name: entry.actor?.name ?? null,
      action: entry.action,
      target_type: entry.target.type,
      target_id: entry.target.id,
      target_label: entry.target.label,
      reason: entry.reason,
      created_at: entry.now,
    })
    .execute();
}

/** Newest first. */
export async function listLog(db: Kysely<Database>, offset: number, limit: number) {
  const query = db.selectFrom('moderation_log');
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    countRows(query.select('id')),
  ]);
  return { rows, total };
}
