import { sql } from 'kysely';
import { PUBLISHED_STATUS, UNPUBLISHED_STATUS } from '@eco/domain';
import { countRows, toCount } from '../../db/count.ts';
import type { DB } from '../../db/schema.ts';
import { selectWithAuthor } from '../publications/repository.ts';

/** Publications waiting for a decision, oldest first (the longest wait comes first). */
export async function listWaiting(db: DB, offset: number, limit: number) {
  // A suspended member's publications wait for their reinstatement, not for a decision.
  const query = selectWithAuthor(db).where('p.status', '=', UNPUBLISHED_STATUS).where('u.is_active', '=', 1);
  const [rows, total] = await Promise.all([
    query.orderBy('p.updated_at', 'asc').orderBy('p.id', 'asc').offset(offset).limit(limit).execute(),
    countRows(query.select('p.id')),
  ]);
  return { rows, total };
}

export type AuthorHistory = {
  memberSince: string;
  published: number;
  pending: number;
  /** Reports on their publications or profile that a super user upheld. */
  upheldReports: number;
};

/** Each author's record, for the desk to weigh a publication by who wrote it. */
export async function authorHistories(
  db: DB,
  authorIds: readonly string[],
): Promise<Map<string, AuthorHistory>> {
  const histories = new Map<string, AuthorHistory>();
  if (authorIds.length === 0) return histories;
  const rows = await db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      'u.created_at',
      eb
        .selectFrom('publications')
        .select((sub) => sub.fn.countAll<string | number>().as('n'))
        .whereRef('created_by', '=', 'u.id')
        .where('status', '=', PUBLISHED_STATUS)
        .as('published'),
      eb
        .selectFrom('publications')
        .select((sub) => sub.fn.countAll<string | number>().as('n'))
        .whereRef('created_by', '=', 'u.id')
        .where('status', '=', UNPUBLISHED_STATUS)
        .as('pending'),
      eb
        .selectFrom('reports as r')
        .select((sub) => sub.fn.countAll<string | number>().as('n'))
        .where('r.status', '=', 'upheld')
        .where((w) =>
          w.or([
            w.and([w('r.target_type', '=', 'user'), w('r.target_id', '=', w.ref('u.id'))]),
            w.and([
              w('r.target_type', '=', 'publication'),
              w(
                'r.target_id',
                'in',
                w.selectFrom('publications as own').select('own.id').whereRef('own.created_by', '=', 'u.id'),
              ),
            ]),
          ]),
        )
        .as('upheld'),
    ])
    .where('u.id', 'in', authorIds)
    .execute();
  for (const row of rows) {
    histories.set(row.id, {
      memberSince: row.created_at,
      published: toCount(row.published),
      pending: toCount(row.pending),
      upheldReports: toCount(row.upheld),
    });
  }
  return histories;
}

/** How many open reports each publication has. */
export async function openReportCounts(db: DB, type: 'publication' | 'user', ids: readonly string[]) {
  const counts = new Map<string, number>();
  if (ids.length === 0) return counts;
  const rows = await db
    .selectFrom('reports')
    .select((eb) => ['target_id', eb.fn.countAll<string | number>().as('open')])
    .where('target_type', '=', type)
    .where('target_id', 'in', ids)
    .where('status', '=', 'open')
    .groupBy('target_id')
    .execute();
  for (const row of rows) counts.set(row.target_id, toCount(row.open));
  return counts;
}

/** Targets with open reports, the most reported first (then the longest waiting). */
export async function listReportedTargets(db: DB, offset: number, limit: number) {
  const groups = db
    .selectFrom('reports')
    .select((eb) => [
      'target_type',
      'target_id',
      eb.fn.countAll<string | number>().as('open'),
      eb.fn.min('created_at').as('first_at'),
      eb.fn.max('created_at').as('last_at'),
    ])
    .where('status', '=', 'open')
    .groupBy(['target_type', 'target_id']);
  const [rows, totalRow] = await Promise.all([
    groups
      .orderBy(sql`count(*)`, 'desc')
      .orderBy(sql`min(created_at)`, 'asc')
      .orderBy('target_id', 'asc')
      .offset(offset)
      .limit(limit)
      .execute(),
    db
      .selectFrom(groups.as('g'))
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .executeTakeFirst(),
  ]);
  return { rows, total: toCount(totalRow?.count) };
}

export async function openReportsOf(
  db: DB,
  targets: readonly { type: 'publication' | 'user'; id: string }[],
) {
  if (targets.length === 0) return [];
  return db
    .selectFrom('reports')
    .select(['target_type', 'target_id', 'reason', 'comment', 'reporter_id', 'created_at'])
    .where('status', '=', 'open')
    .where((eb) =>
      eb.or(
        targets.map((target) =>
          eb.and([eb('target_type', '=', target.type), eb('target_id', '=', target.id)]),
        ),
      ),
    )
    .orderBy('created_at', 'asc')
    .execute();
}

export async function listSuspended(db: DB, offset: number, limit: number) {
  const query = db.selectFrom('users').where('suspended_at', 'is not', null);
  const [rows, total] = await Promise.all([
    query
      .select(['id', 'name', 'email', 'picture_url', 'suspended_at'])
      .orderBy('suspended_at', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    countRows(query.select('id')),
  ]);
  return { rows, total };
}
