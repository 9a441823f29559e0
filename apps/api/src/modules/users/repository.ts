import { sql, type Expression, type SqlBool, type UpdateObject } from 'kysely';
import { PUBLISHED_STATUS } from '@eco/domain';
import { countRows } from '../../db/count.ts';
import type { Database, DB, NewUser, UserRow } from '../../db/schema.ts';

/** Column values or SQL expressions (`coalesce(activated_at, …)`). */
export type UserChangesRow = UpdateObject<Database, 'users'>;

export async function findUserById(db: DB, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** `email` must already be lowercased, as every stored address is. */
export async function findUserByEmail(db: DB, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function insertUser(db: DB, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

/** Applies the changes and returns the updated row (undefined for an unknown id). */
export async function updateUser(db: DB, id: string, changes: UserChangesRow): Promise<UserRow | undefined> {
  return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

/** How many of the user's publications are published and how many wait for review. */
export async function countPublicationsOf(
  db: DB,
  userId: string,
): Promise<{ published: number; pending: number }> {
  const rows = await db
    .selectFrom('publications')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('total'),
      eb.fn
        .sum<string | number | null>(eb.case().when('status', '=', PUBLISHED_STATUS).then(1).else(0).end())
        .as('published'),
    ])
    .where('created_by', '=', userId)
    .executeTakeFirstOrThrow();
  const total = Number(rows.total);
  const published = Number(rows.published ?? 0);
  return { published, pending: total - published };
}

/** `%`, `_` and the escape character itself match literally. */
function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[!%_]/g, (char) => `!${char}`)}%`;
}

/**
 * A page of users, newest accounts first (timestamps and ids order the same on both dialects), optionally those
 * whose name or e-mail contains `term` (case-insensitive).
 */
export async function listUsers(
  db: DB,
  { term, offset, limit }: { term: string | undefined; offset: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  let query = db.selectFrom('users');
  if (term !== undefined && term !== '') {
    const pattern = likePattern(term);
    query = query.where(({ or }) =>
      or([
        sql<SqlBool>`lower(${sql.ref('name')}) like ${pattern} escape '!'` as Expression<SqlBool>,
        sql<SqlBool>`${sql.ref('email')} like ${pattern} escape '!'` as Expression<SqlBool>,
      ]),
    );
  }
  const total = await countRows(query.select('id'));
  const rows = await query
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'asc')
    .offset(offset)
    .limit(limit)
    .execute();
  return { rows, total };
}
