import '@mantine/core/styles/Alert.css';
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { sendSellerCredentials } from '../../features/deals/deals-api';
import { errorMessage } from '../../lib/api-client';
import { requireSession } from '../../lib/auth.server';
import { pageMeta } from '../../lib/meta';
import { notifySuccess } from '../../lib/notify';
import { serverContext } from '../../server-context';
import type { Route } from './+types/settings-mercadopago';

export const meta: Route.MetaFunction = () => pageMeta('Conectar Mercado Pago');

const DENIED_MESSAGE =
  'No se completó la autorización en Mercado Pago. Puedes volver a intentarlo desde Configuración cuando quieras.';

export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context, url);
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state');
  const redirectUri = `${context.get(serverContext).publicUrl}${url.pathname}`;
  if (code === null || state === null || url.searchParams.has('error')) {
    return { grant: null, redirectUri };
  }
  return { grant: { code, state }, redirectUri };
}

// The state is single use: a second post (React's development double effect, a re-render) would be refused.
const posted = new Set<string>();

/** Where Mercado Pago sends the seller back: posts the code and the state, then returns to settings. */
export default function MercadoPagoReturnPage({ loaderData }: Route.ComponentProps) {
  const { grant, redirectUri } = loaderData;
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(grant === null ? DENIED_MESSAGE : null);

  useEffect(() => {
    if (grant === null || posted.has(grant.state)) return;
    posted.add(grant.state);
    sendSellerCredentials(grant.code, grant.state, redirectUri).then(
      () => {
        notifySuccess('Cuenta de Mercado Pago conectada');
        void navigate('/dashboard/settings', { replace: true });
      },
      (failure: unknown) => setError(errorMessage(failure)),
    );
  }, [grant, redirectUri, navigate]);

  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>Conectar Mercado Pago</Title>
      {error === null ? (
        <Stack gap="sm" align="center" py="xl" aria-live="polite">
          <Loader />
          <Text>Conectando tu cuenta de Mercado Pago...</Text>
        </Stack>
      ) : (
        <Alert color="red" variant="light" role="alert" title="No pudimos conectar tu cuenta">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{error}</Text>
            <Button component={Link} to="/dashboard/settings" size="xs" variant="white" color="dark">
              Volver a Configuración
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
