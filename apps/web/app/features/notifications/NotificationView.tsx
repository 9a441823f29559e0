import '@mantine/core/styles/Alert.css';
import type { AppNotification, NotificationPage } from '@eco/domain';
import { DEFAULT_PAGE_SIZE } from '@eco/domain/constants';
import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PushBellOffer } from '../push/PushBellOffer';
import { NotificationItem } from './NotificationItem';
import { fetchNotifications } from './notifications-api';
import { NOTIFICATION_MESSAGES, unreadSummary } from './notification-texts';
import { publishUnread, subscribeToUnread, useUnreadCount } from './unread-count';
import { useNotificationDialog } from './use-notification-dialog';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; page: NotificationPage };

/** Right-drawer view for signed-in users: the unread count in words, the latest notifications, the full list's link. */
export function NotificationView() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const unread = useUnreadCount();

  // Each change of `version` loads page 1 again.
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((current) => current + 1);

  useEffect(() => {
    let cancelled = false;
    fetchNotifications(1, DEFAULT_PAGE_SIZE).then(
      (page) => {
        if (cancelled) return;
        publishUnread(page.unread);
        setState({ status: 'ready', page });
      },
      () => {
        if (!cancelled) setState({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [version]);

  // A notification arriving (or read in another tab) while the drawer is open shows up at once.
  useEffect(() => subscribeToUnread(() => setVersion((current) => current + 1)), []);

  const { open, dialog } = useNotificationDialog({
    onChange: (updated) =>
      setState((current) =>
        current.status === 'ready'
          ? {
              status: 'ready',
              page: {
                ...current.page,
                notifications: current.page.notifications.map((item) =>
                  item._id === updated._id ? updated : item,
                ),
              },
            }
          : current,
      ),
    onDeleted: reload,
  });

  if (state.status === 'loading') {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Cargando notificaciones" />
      </Center>
    );
  }

  if (state.status === 'failed') {
    return (
      <Stack gap="sm">
        <Alert color="red" variant="light" role="alert">
          {NOTIFICATION_MESSAGES.loadFailed}
        </Alert>
        <Button
          variant="light"
          onClick={() => {
            setState({ status: 'loading' });
            reload();
          }}
        >
          Reintentar
        </Button>
      </Stack>
    );
  }

  const { notifications, total } = state.page;
  const count = unread ?? state.page.unread ?? 0;

  const allLink = (
    <Anchor component={Link} to="/dashboard/notifications" fw={600} ta="center" underline="always">
      {total > notifications.length
        ? `Ver todas las notificaciones (${total})`
        : 'Ver todas las notificaciones'}
    </Anchor>
  );

  if (notifications.length === 0) {
    return (
      <Stack align="center" gap="sm" py="lg">
        <IconBellOff size={40} aria-hidden />
        <Text fw={600}>{NOTIFICATION_MESSAGES.empty}</Text>
        {allLink}
        <PushBellOffer />
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Text fw={600} aria-live="polite">
        {unreadSummary(count)}
      </Text>
      <Stack
        component="ul"
        gap="xs"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label="Últimas notificaciones"
      >
        {notifications.map((notification: AppNotification) => (
          <li key={notification._id}>
            <NotificationItem notification={notification} onOpen={open} />
          </li>
        ))}
      </Stack>
      {allLink}
      <PushBellOffer />
      {dialog}
    </Stack>
  );
}
