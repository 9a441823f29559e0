import type { DB, NewNotification, NotificationRow } from '../../db/schema.ts';
import { countRows } from '../../db/count.ts';

export type NotificationWithSender = NotificationRow & {
  from_name: string | null;
  from_picture_url: string | null;
};

function selectWithSender(db: DB) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('users as u', 'u.id', 'n.from_user_id')
    .selectAll('n')
    .select(['u.name as from_name', 'u.picture_url as from_picture_url']);
}

/** Inserts the notification unless the recipient already has one with its dedupe key; true when inserted. */
export async function insertNotification(db: DB, row: NewNotification): Promise<boolean> {
  const inserted = await db
    .insertInto('notifications')
    .values(row)
    .onConflict((conflict) => conflict.columns(['user_id', 'dedupe_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function countUnread(db: DB, userId: string): Promise<number> {
  return countRows(
    db.selectFrom('notifications').select('id').where('user_id', '=', userId).where('read_at', 'is', null),
  );
}

/** A page of the user's notifications, newest first, and how many they have. */
export async function listNotifications(
  db: DB,
  userId: string,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ rows: NotificationWithSender[]; total: number }> {
  const [rows, total] = await Promise.all([
    selectWithSender(db)
      .where('n.user_id', '=', userId)
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    countRows(db.selectFrom('notifications').select('id').where('user_id', '=', userId)),
  ]);
  return { rows, total };
}

/** The notification when it belongs to the user; anybody else's reads as missing. */
export async function findOwnNotification(
  db: DB,
  userId: string,
  id: string,
): Promise<NotificationWithSender | undefined> {
  return selectWithSender(db).where('n.id', '=', id).where('n.user_id', '=', userId).executeTakeFirst();
}

export async function setReadAt(db: DB, id: string, readAt: string | null): Promise<void> {
  await db.updateTable('notifications').set({ read_at: readAt }).where('id', '=', id).execute();
}

/** Deletes the notification only while it is read; true when it was deleted. */
export async function deleteReadNotification(db: DB, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('notifications')
    .where('id', '=', id)
    .where('read_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
