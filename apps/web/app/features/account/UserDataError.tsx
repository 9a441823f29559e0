import '@mantine/core/styles/Alert.css';
import { Alert, Button, Group } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { notifyError } from '../../lib/notify';

/** A failed load of the user's data: the red notice of section 8, and the same text on the page with a retry. */
export function UserDataError({ message }: { message: string }) {
  const revalidator = useRevalidator();

  useEffect(() => {
    notifyError(message, { id: 'user-data-error' });
  }, [message]);

  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={message} role="alert">
      <Group mt="xs">
        <Button
          variant="white"
          color="red"
          size="compact-sm"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={revalidator.state === 'loading'}
          onClick={() => void revalidator.revalidate()}
        >
          Reintentar
        </Button>
      </Group>
    </Alert>
  );
}
