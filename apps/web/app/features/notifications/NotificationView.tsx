import { Anchor, Stack, Text } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Right-drawer view for signed-in users; the notifications feature fills it with the unread count. */
export function NotificationView() {
  return (
    <Stack align="center" gap="sm" py="lg">
      <IconBellOff size={40} aria-hidden />
      <Text fw={600}>Sin notificaciones</Text>
      <Anchor component={Link} to="/dashboard/notifications">
        Ver todas las notificaciones
      </Anchor>
    </Stack>
  );
}
