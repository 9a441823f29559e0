import type { NotificationKind, UnreadCountEvent } from '@eco/domain';
import type { MantineColor } from '@mantine/core';

/** Notices of sections 8 and 9 for the notification calls. */
export const NOTIFICATION_MESSAGES = {
  loadFailed: 'Se ha presentado un inconveniente al cargar las notificaciones',
  toggleFailed: "Ha ocurrido un inconveniente al marcar la 'lectura'",
  deleteFailed: 'Ha ocurrido un inconveniente al eliminar la notificación',
  updated: 'La notificación se ha actualizado correctamente',
  deleted: 'La notificación se ha eliminado exitosamente',
  empty: 'Sin notificaciones',
} as const;

/** The unread count in words, singular or plural. */
export function unreadSummary(unread: number): string {
  if (unread <= 0) return 'No tienes notificaciones sin leer';
  if (unread === 1) return 'Tienes 1 notificación sin leer';
  return `Tienes ${unread} notificaciones sin leer`;
}

/** Colour of each kind: success green, danger red, warning amber, anything else info blue. */
export function kindColor(kind: NotificationKind | string): MantineColor {
  if (kind === 'success') return 'green';
  if (kind === 'danger') return 'red';
  if (kind === 'warning') return 'yellow';
  return 'blue';
}

/** What a kind means, for screen readers (the colour alone says nothing to them). */
export function kindLabel(kind: NotificationKind | string): string {
  if (kind === 'success') return 'Éxito';
  if (kind === 'danger') return 'Importante';
  if (kind === 'warning') return 'Aviso';
  return 'Información';
}

/** Reads the unread count out of a Server-Sent Events message ('{"unread": 3}'); null for anything else. */
export function parseUnreadEvent(data: unknown): number | null {
  if (typeof data !== 'string') return null;
  try {
    const unread = (JSON.parse(data) as Partial<UnreadCountEvent> | null)?.unread;
    return typeof unread === 'number' && Number.isInteger(unread) && unread >= 0 ? unread : null;
  } catch {
    return null;
  }
}
