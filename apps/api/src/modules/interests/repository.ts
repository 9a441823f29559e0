import { sql } from 'kysely';
import { countRows } from '../../db/count.ts';
import type { DB, Dialect } from '../../db/schema.ts';
import { selectWithAuthor, type PublicationWithAuthor } from '../publications/repository.ts';

// The interests table (migration 0025) and the count kept on the publication's row, written together.

/** Marks; marking again changes nothing. Whether a row was added (and the count raised). */
export async function insertInterest(trx: DB, userId: string, publicationId: string): Promise<boolean> {
  const result = await trx
    .insertInto('interests')
    .values({ user_id: userId, publication_id: publicationId, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.columns(['user_id', 'publication_id']).doNothing())
    .executeTakeFirst();
  const added = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  if (added) await addToCount(trx, publicationId, 1);
  return added;
}

/** Unmarks; whether there was a row (and the count went down). */
export async function deleteInterest(trx: DB, userId: string, publicationId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('interests')
    .where('user_id', '=', userId)
    .where('publication_id', '=', publicationId)
    .executeTakeFirst();
  const removed = Number(result.numDeletedRows) > 0;
  if (removed) await addToCount(trx, publicationId, -1);
  return removed;
}

async function addToCount(trx: DB, publicationId: string, delta: number): Promise<void> {
  await trx
    .updateTable('publications')
    .set((eb) => ({ interested_count: eb('interested_count', '+', delta) }))
    .where('id', '=', publicationId)
    .execute();
}

/** Every interest of the member goes, and each count it was in goes down (account deletion). */
export async function deleteInterestsOf(trx: DB, userId: string): Promise<void> {
  await trx
    .updateTable('publications')
    .set((eb) => ({ interested_count: eb('interested_count', '-', 1) }))
    .where('id', 'in', trx.selectFrom('interests').select('publication_id').where('user_id', '=', userId))
    .execute();
  await trx.deleteFrom('interests').where('user_id', '=', userId).execute();
}

export async function isInterested(db: DB, userId: string, publicationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('interests')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('publication_id', '=', publicationId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of `publicationIds` the member marked. */
export async function interestedAmong(
  db: DB,
  userId: string,
  publicationIds: readonly string[],
): Promise<string[]> {
  if (publicationIds.length === 0) return [];
  const rows = await db
    .selectFrom('interests')
    .select('publication_id')
    .where('user_id', '=', userId)
    .where('publication_id', 'in', publicationIds)
    .execute();
  return rows.map((row) => row.publication_id);
}

export type AgendaRow = PublicationWithAuthor & { interested_at: string };

/**
 * A page of the member's agenda: with `past`, what has ended (its end, or its start without one, before `now`),
 * latest first; otherwise what has not, soonest first.
 */
export async function listAgenda(
  db: DB,
  userId: string,
  { offset, limit, past, now }: { offset: number; limit: number; past: boolean; now: string },
): Promise<{ rows: AgendaRow[]; total: number }> {
  const end = sql<string>`coalesce(p.calendared_until, p.calendared_at)`;
  const mine = () =>
    db
      .selectFrom('interests as i')
      .innerJoin('publications as p', 'p.id', 'i.publication_id')
      .where('i.user_id', '=', userId)
      .where(end, past ? '<' : '>=', now);
  const [rows, total] = await Promise.all([
    selectWithAuthor(db)
      .innerJoin('interests as i', 'i.publication_id', 'p.id')
      .select('i.created_at as interested_at')
      .where('i.user_id', '=', userId)
      .where(end, past ? '<' : '>=', now)
      .orderBy('p.calendared_at', past ? 'desc' : 'asc')
      .orderBy('p.id')
      .offset(offset)
      .limit(limit)
      .execute(),
    countRows(mine().select('p.id')),
  ]);
  return { rows, total };
}

export type InterestedMember = { id: string; name: string; picture_url: string | null; created_at: string };

/** A page of the members interested in the publication (active accounts only), first marked first. */
export async function listInterested(
  db: DB,
  publicationId: string,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ rows: InterestedMember[]; total: number }> {
  const base = () =>
    db
      .selectFrom('interests as i')
      .innerJoin('users as u', 'u.id', 'i.user_id')
      .where('i.publication_id', '=', publicationId)
      .where('u.is_active', '=', 1);
  const [rows, total] = await Promise.all([
    base()
      .select(['u.id', 'u.name', 'u.picture_url', 'i.created_at'])
      .orderBy('i.created_at')
      .orderBy('u.id')
      .offset(offset)
      .limit(limit)
      .execute(),
    countRows(base().select('u.id')),
  ]);
  return { rows, total };
}

/** The interested members, but `except` (the author, the editor). */
export async function interestedIn(
  db: DB,
  publicationId: string,
  except: readonly string[],
): Promise<string[]> {
  let query = db.selectFrom('interests').select('user_id').where('publication_id', '=', publicationId);
  if (except.length > 0) query = query.where('user_id', 'not in', except);
  const rows = await query.orderBy('user_id').execute();
  return rows.map((row) => row.user_id);
}

/** The json text of an object of SQL expressions, as each dialect writes it. */
export function jsonText(dialect: Dialect, fields: Record<string, ReturnType<typeof sql>>) {
  const parts = Object.entries(fields).flatMap(([key, value]) => [sql.lit(key), value]);
  return dialect === 'postgres'
    ? sql<string>`json_build_object(${sql.join(parts)})::text`
    : sql<string>`json_object(${sql.join(parts)})`;
}
