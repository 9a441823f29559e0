import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { notifyInfo } from '../../lib/notify';

const NOTICE_ID = 'new-version';

/** "Hay una nueva versión" with a button that reloads into it; it stays until the member acts. */
export function showNewVersion(reload: () => void): void {
  notifyInfo(
    <Group justify="space-between" wrap="nowrap">
      {/* A titled notice's text is Mantine's gray-6 (3.3:1 on white): the theme's dimmed grey reads at 6:1. */}
      <Text size="sm" c="dimmed">
        Hay una nueva versión de EcoAnuncios.
      </Text>
      <Button
        size="xs"
        onClick={() => {
          notifications.hide(NOTICE_ID);
          reload();
        }}
      >
        Recargar
      </Button>
    </Group>,
    { id: NOTICE_ID, title: 'Hay una nueva versión', autoClose: false },
  );
}
