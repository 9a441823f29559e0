import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { clearStoredSession } from '../../lib/session';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { deleteAccount, EXPORT_URL } from './my-data-requests';

/** Settings card: the member's rights over their data (a copy of everything, and leaving for good). */
export function MyDataCard() {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);

  async function confirmDeletion(password: string): Promise<string | undefined> {
    try {
      const { message } = await deleteAccount(password);
      setDeleting(false);
      clearStoredSession();
      notifySuccess(message);
      // The root loader runs again without the cookie: guest menus.
      await navigate('/', { replace: true, defaultShouldRevalidate: true });
      return undefined;
    } catch (error) {
      // A wrong password belongs next to the field; anything else is a notice.
      if (error instanceof ApiError && error.statusCode === 400) return error.message;
      notifyError(errorMessage(error));
      return undefined;
    }
  }

  return (
    <Paper withBorder p={{ base: 'md', xs: 'lg' }} component="section" aria-labelledby="my-data-heading">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id="my-data-heading">
            Tus datos
          </Title>
          <Text size="sm" c="dimmed">
            Puedes llevarte una copia de todo lo que guardamos sobre ti o eliminar tu cuenta. Más detalles en
            la{' '}
            <Anchor component={Link} to="/privacy" inherit underline="always">
              Política de Privacidad
            </Anchor>
            .
          </Text>
        </Stack>
        <Group gap="sm">
          <Button component="a" href={EXPORT_URL} download variant="default">
            Descargar mis datos
          </Button>
          {/* red.9: the light variant's default red is too pale on its tint for small text (WCAG AA). */}
          <Button color="red.9" variant="light" onClick={() => setDeleting(true)}>
            Eliminar mi cuenta
          </Button>
        </Group>
      </Stack>
      <DeleteAccountDialog
        opened={deleting}
        onCancel={() => setDeleting(false)}
        onConfirm={confirmDeletion}
      />
    </Paper>
  );
}
