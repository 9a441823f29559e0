import type { AppNotification } from '@eco/domain';
import { DIALOG_WIDTH, NOTIFICATION_AUTO_READ_MS } from '@eco/domain/constants';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconMail, IconMailOpened, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '../../components/dialogs/dialogs-context';
import { ResponsiveDialog } from '../../components/dialogs/ResponsiveDialog';
import { formatDate } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { NotificationIcon } from './NotificationIcon';
import { deleteNotification, toggleNotificationRead } from './notifications-api';
import { kindColor, kindLabel, NOTIFICATION_MESSAGES } from './notification-texts';

export type NotificationDialogProps = {
  notification: AppNotification | null;
  onClose: () => void;
  /** The notification as the API answered after a toggle. */
  onChange: (notification: AppNotification) => void;
  onDeleted: (notification: AppNotification) => void;
};

/** Notification detail (450 px): marks an unread one read after 666 ms; a read one can be marked unread or deleted. */
export default function NotificationDialog({
  notification,
  onClose,
  onChange,
  onDeleted,
}: NotificationDialogProps) {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const opened = notification !== null;
  // The last notification shown stays rendered while the dialog fades out.
  const [shown, setShown] = useState(notification);
  if (notification && notification !== shown) setShown(notification);

  // Marked read once per opening: a notification marked unread again in the dialog stays unread.
  const id = notification?._id;
  const unreadWhenOpened = notification?.readAt === null;
  const autoRead = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (!id || !unreadWhenOpened) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      autoRead.current = undefined;
      toggleNotificationRead(id)
        .then((updated) => {
          if (!cancelled) onChange(updated);
        })
        .catch(() => notifyError(NOTIFICATION_MESSAGES.toggleFailed));
    }, NOTIFICATION_AUTO_READ_MS);
    autoRead.current = timer;
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // Only when another notification opens: later changes of this one (or of onChange) must not mark it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  async function toggle() {
    if (!notification) return;
    // A choice of the reader wins over the pending automatic one.
    clearTimeout(autoRead.current);
    setBusy(true);
    try {
      onChange(await toggleNotificationRead(notification._id));
      notifySuccess(NOTIFICATION_MESSAGES.updated);
    } catch {
      notifyError(NOTIFICATION_MESSAGES.toggleFailed);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!notification) return;
    const confirmed = await confirm({
      title: 'Eliminar notificación',
      message: `¿Deseas eliminar la notificación "${notification.title}"? No se puede deshacer.`,
      confirmColor: 'red.9',
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await deleteNotification(notification._id);
      notifySuccess(NOTIFICATION_MESSAGES.deleted);
      onDeleted(notification);
    } catch {
      notifyError(NOTIFICATION_MESSAGES.deleteFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ResponsiveDialog
      opened={opened}
      onClose={onClose}
      size={DIALOG_WIDTH.notification}
      title={shown?.title ?? 'Notificación'}
      styles={{ title: { fontWeight: 700 } }}
    >
      {shown && (
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <NotificationIcon notification={shown} />
            <Stack gap={4} miw={0}>
              <Group gap="xs">
                <Badge color={kindColor(shown.kind)} variant="light" c="dark.7">
                  {kindLabel(shown.kind)}
                </Badge>
                <Text size="sm" c="dark.6">
                  {shown.readAt === null ? 'No leída' : 'Leída'}
                </Text>
              </Group>
              {shown.fromUser && (
                <Text size="sm" fw={600}>
                  {shown.fromUser.name}
                </Text>
              )}
              <Text size="xs" c="dark.4">
                {formatDate(shown.createdAt)}
              </Text>
            </Stack>
          </Group>
          <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{shown.message}</Text>
          {shown.link && (
            <Button
              component={Link}
              to={shown.link}
              variant="light"
              rightSection={<IconArrowRight size={16} aria-hidden />}
              onClick={onClose}
            >
              Ver detalle
            </Button>
          )}
          <Group justify="space-between" gap="xs">
            <Group gap="xs">
              {shown.readAt !== null && (
                <Button
                  variant="default"
                  leftSection={<IconMail size={16} aria-hidden />}
                  onClick={() => void toggle()}
                  loading={busy}
                >
                  Marcar como no leída
                </Button>
              )}
              {shown.readAt === null && (
                <Button
                  variant="default"
                  leftSection={<IconMailOpened size={16} aria-hidden />}
                  onClick={() => void toggle()}
                  loading={busy}
                >
                  Marcar como leída
                </Button>
              )}
              {shown.readAt !== null && (
                <Button
                  color="red"
                  variant="light"
                  c="red.9"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => void remove()}
                  disabled={busy}
                >
                  Eliminar
                </Button>
              )}
            </Group>
            <Button onClick={onClose}>Cerrar</Button>
          </Group>
        </Stack>
      )}
    </ResponsiveDialog>
  );
}
