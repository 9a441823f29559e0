import '../styles/account';
import { Button, Stack, Text } from '@mantine/core';
import { IconMailOff, IconSettings } from '@tabler/icons-react';
import { Form, Link, useNavigation } from 'react-router';
import { AuthCard } from '../features/auth/AuthCard';
import { ResultPanel } from '../features/auth/ResultPanel';
import { ApiError, readApiResponse } from '../lib/api-client';
import { pageMeta } from '../lib/meta';
import { serverContext } from '../server-context';
import type { Route } from './+types/unsubscribe';

const INVALID_LINK = 'El enlace para dejar de recibir avisos no es válido.';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Avisos por correo'),
  { name: 'robots', content: 'noindex' },
];

// The link of an e-mail only shows this page: mail scanners that open links must not unsubscribe anybody, so
// nothing changes until the person presses the button (a POST, which also works without JavaScript).
export async function action({ context, params }: Route.ActionArgs) {
  const { api } = context.get(serverContext);
  try {
    const { message } = await readApiResponse<{ message: string }>(
      await api(`/api/unsubscribe/${encodeURIComponent(params.token)}`, {
        method: 'POST',
        // No session is needed: the signed link is the proof.
        headers: { cookie: '' },
      }),
    );
    return { done: true as const, message };
  } catch (error) {
    return { done: false as const, message: error instanceof ApiError ? error.message : INVALID_LINK };
  }
}

export default function UnsubscribePage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();

  if (actionData?.done) {
    return (
      <AuthCard>
        <ResultPanel
          kind="success"
          title="Listo, no te enviaremos más avisos por correo"
          focusOnMount
          actions={
            <Button
              component={Link}
              to="/dashboard/settings"
              variant="light"
              leftSection={<IconSettings size={18} aria-hidden />}
            >
              Ir a Configuración
            </Button>
          }
        >
          <Text>{actionData.message}</Text>
          <Text size="sm" c="dark.6">
            Seguirás viendo tus notificaciones en EcoAnuncios. Puedes volver a activar los correos cuando
            quieras en Configuración, con «Recibir avisos por correo».
          </Text>
        </ResultPanel>
      </AuthCard>
    );
  }

  return (
    <AuthCard>
      <ResultPanel
        kind={actionData ? 'error' : 'mail'}
        title={actionData ? 'No pudimos cambiar tus avisos' : '¿Dejar de recibir avisos por correo?'}
        focusOnMount={actionData !== undefined}
        actions={
          <Form method="post">
            <Stack gap="xs" align="center">
              <Button
                type="submit"
                color="red.9"
                leftSection={<IconMailOff size={18} aria-hidden />}
                loading={navigation.state === 'submitting'}
              >
                Sí, dejar de recibir avisos por correo
              </Button>
              <Button component={Link} to="/" variant="subtle">
                Mejor no
              </Button>
            </Stack>
          </Form>
        }
      >
        {actionData ? (
          <Text>{actionData.message}</Text>
        ) : (
          <Text>
            Ya no te enviaremos correos cuando publiquen tus anuncios o te califiquen. Seguirás viendo tus
            notificaciones en EcoAnuncios.
          </Text>
        )}
      </ResultPanel>
    </AuthCard>
  );
}
