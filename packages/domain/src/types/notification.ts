import type { NotificationKind } from '../notification-kinds.ts';

export interface AppNotification {
  _id: string;
  /** Same value as `_id`. */
  id: string;
  title: string;
  message: string;
  kind: NotificationKind;
  /** ISO 8601; null while unread. */
  readAt: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** Null for notifications sent by the system. */
  fromUser: { name: string; pictureUrl: string | null } | null;
  /** Path of the site where the notification's action leads (e.g. '/users/{id}'); null when none. */
  link: string | null;
}
