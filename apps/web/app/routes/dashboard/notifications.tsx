import '@mantine/core/styles/Alert.css';
import type { NotificationPage } from '@eco/domain';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { redirect, useRevalidator } from 'react-router';
import { LinkedPagination } from '../../components/LinkedPagination';
import { NotificationItem } from '../../features/notifications/NotificationItem';
import { notificationsApiPath } from '../../features/notifications/notifications-api';
import { NOTIFICATION_MESSAGES, unreadSummary } from '../../features/notifications/notification-texts';
import { publishUnread, subscribeToUnread, useUnreadCount } from '../../features/notifications/unread-count';
import { useNotificationDialog } from '../../features/notifications/use-notification-dialog';
import { readApiResponse } from '../../lib/api-client';
import { requireSession } from '../../lib/auth.server';
import { pageMeta } from '../../lib/meta';
import { parsePage } from '../../features/publications/publications-query';
import { serverContext } from '../../server-context';
import type { Route } from './+types/notifications';

export const meta: Route.MetaFunction = () => pageMeta('Notificaciones');

function pagePath(page: number): string {
  return page > 1 ? `/dashboard/notifications?page=${page}` : '/dashboard/notifications';
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context, url);
  const page = parsePage(url.searchParams.get('page'));
  const { api } = context.get(serverContext);
  try {
    const list = await readApiResponse<NotificationPage>(await api(notificationsApiPath(page)));
    // Past the last page (an old link after deletions): the last page there is.
    if (list.notifications.length === 0 && list.totalPages > 0 && page > list.totalPages) {
      return redirect(pagePath(list.totalPages));
    }
    return { page, list };
  } catch {
    return { page, list: null };
  }
}

/** Every notification of the user, by pages; one opens in the notification dialog. */
export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  const { page, list } = loaderData;
  const { revalidate } = useRevalidator();
  const liveUnread = useUnreadCount();
  const unread = liveUnread ?? list?.unread ?? 0;

  useEffect(() => publishUnread(list?.unread), [list]);
  // A notification arriving (or read in another tab) shows up without a reload.
  useEffect(() => subscribeToUnread(() => void revalidate()), [revalidate]);

  const { open, dialog } = useNotificationDialog({
    onChange: () => void revalidate(),
    onDeleted: () => void revalidate(),
  });

  return (
    <Stack gap="lg" maw={720} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={1}>Notificaciones</Title>
        {list && (
          <Text c="dark.6" aria-live="polite">
            {unreadSummary(unread)}
          </Text>
        )}
      </Stack>

      {!list && (
        <Alert color="red" variant="light" role="alert">
          {NOTIFICATION_MESSAGES.loadFailed}
        </Alert>
      )}

      {list && list.notifications.length === 0 && (
        <Stack align="center" gap="sm" py="xl">
          <IconBellOff size={48} aria-hidden />
          <Text fw={600}>{NOTIFICATION_MESSAGES.empty}</Text>
        </Stack>
      )}

      {list && list.notifications.length > 0 && (
        <>
          <Stack
            component="ul"
            gap="xs"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Notificaciones"
          >
            {list.notifications.map((notification) => (
              <li key={notification._id}>
                <NotificationItem notification={notification} onOpen={open} />
              </li>
            ))}
          </Stack>
          <LinkedPagination page={page} totalPages={list.totalPages} pathFor={pagePath} />
        </>
      )}
      {dialog}
    </Stack>
  );
}
