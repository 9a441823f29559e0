import type { Kysely, Transaction } from 'kysely';
import { PUBLISHED_STATUS, UNPUBLISHED_STATUS } from '@eco/domain';
import type { Database, DB, ReportStatus } from '../../db/schema.ts';

export type NewReport = {
  id: string;
  targetType: 'publication' | 'user';
  targetId: string;
  reason: string;
  comment: string | null;
  reporterId: string | null;
  reporterKey: string;
  createdAt: string;
};

/** False when the reporter already has an open report on the target (the partial unique index decides). */
export async function insertReport(db: DB, report: NewReport): Promise<boolean> {
  const inserted = await db
    .insertInto('reports')
    .values({
      id: report.id,
      target_type: report.targetType,
      target_id: report.targetId,
      reason: report.reason,
      comment: report.comment,
      reporter_id: report.reporterId,
      reporter_key: report.reporterKey,
      created_at: report.createdAt,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Sends a published publication back to review when it has `threshold` open reports (each from another reporter,
 * by the unique index). One statement, so that of several reports arriving at once exactly one hides it.
 */
export async function hideWhenReported(
  db: DB,
  publicationId: string,
  threshold: number,
  note: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('publications')
    .set({ status: UNPUBLISHED_STATUS, review_note: note, updated_at: now })
    .where('id', '=', publicationId)
    .where('status', '=', PUBLISHED_STATUS)
    .where(
      (eb) =>
        eb
          .selectFrom('reports')
          .select((sub) => sub.fn.countAll<number>().as('open'))
          .where('target_type', '=', 'publication')
          .where('target_id', '=', publicationId)
          .where('status', '=', 'open'),
      '>=',
      threshold,
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Closes the open reports on a target; returns the reporters who were members (for their notices). */
export async function closeReports(
  db: Kysely<Database> | Transaction<Database>,
  target: { type: 'publication' | 'user'; id: string },
  status: Exclude<ReportStatus, 'open'>,
  by: string,
  now: string,
): Promise<{ count: number; memberReporters: string[] }> {
  const closed = await db
    .updateTable('reports')
    .set({ status, resolved_at: now, resolved_by: by })
    .where('target_type', '=', target.type)
    .where('target_id', '=', target.id)
    .where('status', '=', 'open')
    .returning('reporter_id')
    .execute();
  const members = new Set(closed.flatMap((row) => (row.reporter_id === null ? [] : [row.reporter_id])));
  return { count: closed.length, memberReporters: [...members] };
}
