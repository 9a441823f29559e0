import type { AppNotification } from '@eco/domain';
import { ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconExclamationCircle,
  IconInfoCircle,
} from '@tabler/icons-react';
import { UserAvatar } from '../users/UserAvatar';
import { kindColor } from './notification-texts';

const ICONS = {
  success: IconCircleCheck,
  danger: IconExclamationCircle,
  warning: IconAlertTriangle,
  info: IconInfoCircle,
} as const;

/** Who sent it (their photo or initials), or the kind's icon for notices of the system. */
export function NotificationIcon({
  notification,
  size = 40,
}: {
  notification: AppNotification;
  size?: number;
}) {
  if (notification.fromUser) {
    return (
      <UserAvatar
        name={notification.fromUser.name}
        pictureUrl={notification.fromUser.pictureUrl}
        size={size}
      />
    );
  }
  const Icon = ICONS[notification.kind] ?? IconInfoCircle;
  return (
    <ThemeIcon color={kindColor(notification.kind)} variant="light" radius="xl" size={size}>
      <Icon size={size * 0.6} aria-hidden />
    </ThemeIcon>
  );
}
