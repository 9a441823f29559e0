import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { notifyInfo } from '../../lib/notify';

const NOTICE_ID = 'new-version';

/** "Hay una nueva versión" with a button that reloads into it; it stays until the member acts. */
export function showNewVersion(reload: () => void): void {
  notifyInfo(
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm">Hay una nueva versión de EcoAnuncios.</Text>
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
