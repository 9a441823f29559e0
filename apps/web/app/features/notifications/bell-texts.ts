// The bell's texts, apart from the other notification texts: the bell is in every page's first load, the rest only in
// the notifications' own chunks (decision 018).

/** The number on the bell's badge: '99+' past 99, null when there is nothing to show. */
export function badgeText(unread: number | null): string | null {
  if (unread === null || unread <= 0) return null;
  return unread > 99 ? '99+' : String(unread);
}

/** Accessible name of the bell: the word screen readers expect, then the count. */
export function bellLabel(unread: number | null): string {
  if (unread === null || unread <= 0) return 'Notificaciones';
  return unread === 1 ? 'Notificaciones, 1 sin leer' : `Notificaciones, ${unread} sin leer`;
}
