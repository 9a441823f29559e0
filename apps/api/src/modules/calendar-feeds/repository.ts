import { sql, type SqlBool } from 'kysely';
import { CALENDARED_TYPES, PUBLISHED_STATUS } from '@eco/domain';
import type { DB } from '../../db/schema.ts';
import { CALENDAR_COLUMNS } from '../publications/calendar-file.ts';
import { endOf } from '../publications/date-criteria.ts';

// The personal feeds' rows (migration 0026) and the member's agenda they show.

/** The most events a personal feed holds, soonest first. */
export const AGENDA_FEED_LIMIT = 300;

export async function findFeedOwner(db: DB, secretHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('calendar_feeds')
    .select('user_id')
    .where('secret_hash', '=', secretHash)
    .executeTakeFirst();
  return row?.user_id;
}

export async function findFeed(db: DB, userId: string): Promise<{ createdAt: string } | undefined> {
  const row = await db
    .selectFrom('calendar_feeds')
    .select('created_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row === undefined ? undefined : { createdAt: row.created_at };
}

/** The member's feed with a new secret: the old one stops answering with this statement's commit. */
export async function replaceFeed(db: DB, userId: string, secretHash: string, now: string): Promise<void> {
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, secret_hash: secretHash, created_at: now })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ secret_hash: secretHash, created_at: now }),
    )
    .execute();
}

export async function deleteFeed(db: DB, userId: string): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}

/**
 * The member's agenda: the events and courses that end from `since` on among the publications that are theirs
 * (whatever their status) or that they saved (published, of an active author). Each source is one arm of the union
 * of ids (own publications by author, favorites by member, both through their indexes); "Me interesa" adds its arm.
 */
export async function agendaRows(db: DB, userId: string, since: string) {
  return db
    .selectFrom('publications as p')
    .select(CALENDAR_COLUMNS.map((column) => `p.${column}` as const))
    .where('p.id', 'in', (eb) =>
      eb
        .selectFrom('publications as own')
        .select('own.id')
        .where('own.created_by', '=', userId)
        .union(
          eb.selectFrom('favorites as f').select('f.publication_id as id').where('f.user_id', '=', userId),
        ),
    )
    .where('p.typed', 'in', CALENDARED_TYPES)
    .where('p.calendared_at', 'is not', null)
    .where(endOf('p'), '>=', since)
    .where((eb) =>
      eb.or([
        eb('p.created_by', '=', userId),
        eb.and([
          eb('p.status', '=', PUBLISHED_STATUS),
          sql<SqlBool>`not exists (select 1 from users as author where author.id = p.created_by and author.is_active = 0)`,
        ]),
      ]),
    )
    .orderBy('p.calendared_at')
    .orderBy('p.id')
    .limit(AGENDA_FEED_LIMIT)
    .execute();
}
