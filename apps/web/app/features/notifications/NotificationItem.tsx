import type { AppNotification } from '@eco/domain';
import { Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { formatDate } from '../../lib/format';
import classes from './NotificationItem.module.css';
import { NotificationIcon } from './NotificationIcon';
import { kindColor, kindLabel } from './notification-texts';

type NotificationItemProps = {
  notification: AppNotification;
  onOpen: (notification: AppNotification) => void;
};

/** One notification of a list: a button that opens its dialog. Unread ones are tinted and carry a dot. */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const unread = notification.readAt === null;
  return (
    <UnstyledButton
      className={classes.item}
      data-unread={unread || undefined}
      style={{ '--kind-color': `var(--mantine-color-${kindColor(notification.kind)}-6)` }}
      onClick={() => onOpen(notification)}
      aria-haspopup="dialog"
    >
      <NotificationIcon notification={notification} size={36} />
      <div className={classes.text}>
        <Text fw={unread ? 700 : 500} size="sm" lineClamp={1}>
          {unread && <VisuallyHidden>No leída: </VisuallyHidden>}
          {notification.title}
        </Text>
        <Text size="sm" c="dark.6" lineClamp={2}>
          {notification.message}
        </Text>
        <Text size="xs" c="dark.4" mt={2}>
          <VisuallyHidden>{kindLabel(notification.kind)}, </VisuallyHidden>
          {formatDate(notification.createdAt)}
        </Text>
      </div>
      {unread && <span className={classes.dot} aria-hidden />}
    </UnstyledButton>
  );
}
