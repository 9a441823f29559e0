/** Kinds of notification; each maps to a colour of the notice. */
export const NOTIFICATION_KINDS = ['success', 'danger', 'warning', 'info'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Reads a stored kind: any value other than success, danger or warning is info. */
export function toNotificationKind(value: unknown): NotificationKind {
  return value === 'success' || value === 'danger' || value === 'warning' ? value : 'info';
}
