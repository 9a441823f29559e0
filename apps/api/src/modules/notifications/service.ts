import { toNotificationKind, type AppNotification, type NotificationKind, type PushKind } from '@eco/domain';
import type { DB, NewNotification } from '../../db/schema.ts';
import { timeOrderedId } from '../../db/time-ordered-id.ts';
import { takesArrays, unnestedRows, type TextRow } from '../../db/text-rows.ts';
import { HttpError } from '../../errors.ts';
import { DELETE_UNREAD_MESSAGE, NOTIFICATION_NOT_FOUND_MESSAGE } from './messages.ts';
import {
  countUnread,
  deleteReadNotification,
  findOwnNotification,
  insertNotification,
  listNotifications,
  setReadAt,
  type NotificationWithSender,
} from './repository.ts';
import { queuePush, queuePushesOf } from '../push/repository.ts';
import { localPushSignals } from '../push/sender.ts';
import { signalUnreadChanged, signalUnreadChangedMany } from './signal.ts';

export type NotifyInput = {
  /** The recipient. */
  userId: string;
  /** Short Spanish title ('Nueva calificación'). */
  title: string;
  /** The Spanish sentence the member reads ('Ana te calificó con 4 estrellas'). */
  message: string;
  kind: NotificationKind;
  /** The member whose action caused it (their name and picture are shown); absent for the system's own. */
  fromUserId?: string | null;
  /** Path of the site where the notification leads ('/users/{id}', '/publications/{id}'). */
  link?: string | null;
  /**
   * Names the event (e.g. `publication:{id}:review`): a recipient never gets two notifications with the same key,
   * so a retried request or a repeated edit makes one. Leave it out for events that may rightly repeat.
   */
  dedupeKey?: string | null;
  /**
   * The kind of push it is (decision 038): the member's devices that take this kind get it as a push, sent after
   * the commit off the request path. Leave it out for notifications that are never pushed (the welcome).
   */
  push?: PushKind;
};

/**
 * THE way to create a notification, for every module. Call it inside the transaction that makes the event happen,
 * after the event's own writes:
 *
 * ```ts
 * await db.transaction().execute(async (trx) => {
 *   await trx.updateTable('publications').set({ status: 1 }).where('id', '=', id).execute();
 *   await notify(trx, { userId: authorId, title: 'Anuncio publicado', message: '…', kind: 'success', link });
 * });
 * ```
 *
 * The notification is saved with the event or not at all (a rollback removes both), and the recipient's open
 * streams (GET /api/notifications/stream, in every server process) get the new unread count once the transaction
 * commits: nothing else has to be called after the commit. Returns false when `dedupeKey` was already used for
 * that recipient (nothing was created).
 */
export async function notify(trx: DB, input: NotifyInput): Promise<boolean> {
  const inserted = await insertNotification(trx, notificationRow(input, new Date().toISOString()));
  if (!inserted) return false;
  if (input.push !== undefined) {
    const push = { userId: input.userId, kind: input.push, title: input.title, message: input.message };
    if (await queuePush(trx, { ...push, link: input.link ?? null })) localPushSignals.emit('queued');
  }
  // The signal last: on SQLite another instance's stream reads the count as soon as it is signalled, and the
  // transaction must be ready to commit by then (decision 009).
  await signalUnreadChanged(trx, input.userId);
  return true;
}

/**
 * notify() for many recipients in two statements (a batch of reminders): the same rules, each recipient's
 * `dedupeKey` used once. Returns which (recipient and key) were made.
 */
export async function notifyMany(
  trx: DB,
  inputs: readonly NotifyInput[],
): Promise<{ userId: string; dedupeKey: string | null }[]> {
  if (inputs.length === 0) return [];
  const createdAt = new Date().toISOString();
  const values = inputs.map((input) => notificationRow(input, createdAt));
  const insert = trx.insertInto('notifications');
  const rows = await (
    takesArrays(trx)
      ? insert.columns(NOTIFICATION_COLUMNS).expression(unnestedRows(NOTIFICATION_COLUMNS, values))
      : insert.values(values)
  )
    .onConflict((conflict) => conflict.columns(['user_id', 'dedupe_key']).doNothing())
    .returning(['user_id', 'dedupe_key'])
    .execute();
  const made = rows.map((row) => ({ userId: row.user_id, dedupeKey: row.dedupe_key }));
  await queuePushes(trx, inputs, new Set(made.map((row) => `${row.userId} ${row.dedupeKey ?? ''}`)));
  // Last, as in notify().
  await signalUnreadChangedMany(trx, [...new Set(rows.map((row) => row.user_id))]);
  return made;
}

/**
 * The pushes of a batch: one statement finds which recipients have a device for the kind, and only theirs are
 * queued, 500 a statement (a reminder burst for thousands of members costs a few statements, not one per member).
 */
async function queuePushes(
  trx: DB,
  inputs: readonly NotifyInput[],
  made: ReadonlySet<string>,
): Promise<void> {
  const pushed = inputs.filter(
    (input) => input.push !== undefined && made.has(`${input.userId} ${input.dedupeKey ?? ''}`),
  );
  if (pushed.length === 0) return;
  const queued: Parameters<typeof queuePushesOf>[1][number][] = [];
  for (const kind of new Set(pushed.map((input) => input.push as PushKind))) {
    const ofKind = pushed.filter((input) => input.push === kind);
    const withDevice = new Set<string>();
    for (let start = 0; start < ofKind.length; start += 500) {
      const ids = [...new Set(ofKind.slice(start, start + 500).map((input) => input.userId))];
      const rows = await trx
        .selectFrom('push_subscriptions')
        .select('user_id')
        .distinct()
        .where('user_id', 'in', ids)
        .where('kinds', 'like', `%,${kind},%`)
        .execute();
      for (const row of rows) withDevice.add(row.user_id);
    }
    for (const input of ofKind) {
      if (!withDevice.has(input.userId)) continue;
      queued.push({
        userId: input.userId,
        kind,
        title: input.title,
        message: input.message,
        link: input.link ?? null,
      });
    }
  }
  await queuePushesOf(trx, queued);
  if (queued.length > 0) localPushSignals.emit('queued');
}

/** The columns of a stored notification, all text. */
const NOTIFICATION_COLUMNS = [
  'id',
  'user_id',
  'title',
  'message',
  'kind',
  'from_user_id',
  'link',
  'dedupe_key',
  'read_at',
  'created_at',
] as const;

/** The stored row of an unread notification made at `createdAt` (also how the demo content dates its past ones). */
export function notificationRow(
  input: NotifyInput,
  createdAt: string,
): NewNotification & TextRow<(typeof NOTIFICATION_COLUMNS)[number]> {
  return {
    id: timeOrderedId(),
    user_id: input.userId,
    title: input.title,
    message: input.message,
    kind: input.kind,
    from_user_id: input.fromUserId ?? null,
    link: input.link ?? null,
    dedupe_key: input.dedupeKey ?? null,
    read_at: null,
    created_at: createdAt,
  };
}

/** The API shape of a stored notification. */
export function toNotificationJson(row: NotificationWithSender): AppNotification {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    message: row.message,
    kind: toNotificationKind(row.kind),
    readAt: row.read_at,
    createdAt: row.created_at,
    fromUser:
      row.from_user_id === null || row.from_name === null
        ? null
        : { name: row.from_name, pictureUrl: row.from_picture_url },
    link: row.link,
  };
}

export type NotificationPageJson = {
  notifications: AppNotification[];
  total: number;
  totalPages: number;
  nextPage: number | null;
  unread: number;
};

/** The member's own notifications: list, toggle read, delete. Anybody else's are answered as missing (404). */
export function createNotificationsService(db: DB) {
  async function own(userId: string, id: string): Promise<NotificationWithSender> {
    const row = await findOwnNotification(db, userId, id);
    if (row === undefined) throw new HttpError(404, NOTIFICATION_NOT_FOUND_MESSAGE);
    return row;
  }

  return {
    unreadCount: (userId: string): Promise<number> => countUnread(db, userId),

    async list(userId: string, query: { page: number; pageSize: number }): Promise<NotificationPageJson> {
      const { page, pageSize } = query;
      const [{ rows, total }, unread] = await Promise.all([
        listNotifications(db, userId, { offset: (page - 1) * pageSize, limit: pageSize }),
        countUnread(db, userId),
      ]);
      const totalPages = Math.ceil(total / pageSize);
      return {
        notifications: rows.map(toNotificationJson),
        total,
        totalPages,
        nextPage: page < totalPages ? page + 1 : null,
        unread,
      };
    },

    /** Read becomes unread and unread becomes read. */
    async toggle(userId: string, id: string): Promise<AppNotification> {
      const row = await own(userId, id);
      const readAt = row.read_at === null ? new Date().toISOString() : null;
      await db.transaction().execute(async (trx) => {
        await setReadAt(trx, id, readAt);
        await signalUnreadChanged(trx, userId);
      });
      return toNotificationJson({ ...row, read_at: readAt });
    },

    /** Only a read notification may go; an unread one is a 409 (the member has not seen it yet). */
    async remove(userId: string, id: string): Promise<void> {
      const row = await own(userId, id);
      if (row.read_at === null) throw new HttpError(409, DELETE_UNREAD_MESSAGE);
      // Only read ones are deleted, so the unread count stays as it is.
      const deleted = await deleteReadNotification(db, id);
      // Marked unread in the meantime, from another tab.
      if (!deleted) throw new HttpError(409, DELETE_UNREAD_MESSAGE);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
