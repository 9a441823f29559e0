import '../../styles/account';
import { Button, Text } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AuthCard } from '../../features/auth/AuthCard';
import { RESEND_INTENT } from '../../features/auth/resend-activation';
import { resendActivation } from '../../features/auth/resend-activation.server';
import { ResendActivationForm } from '../../features/auth/ResendActivationForm';
import { ResultPanel } from '../../features/auth/ResultPanel';
import { ApiError, readApiResponse } from '../../lib/api-client';
import { brokenForm, readForm } from '../../lib/forms/form-action.server';
import { pageMeta } from '../../lib/meta';
import { serverContext } from '../../server-context';
import type { Route } from './+types/activate';

const INVALID_LINK = 'El enlace de activación no es válido o ya expiró';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Activar cuenta'),
  { name: 'robots', content: 'noindex' },
];

type ActivationAnswer = { data: { activated: true; email: string } };

export async function loader({ context, params }: Route.LoaderArgs) {
  const { api } = context.get(serverContext);
  try {
    const { data } = await readApiResponse<ActivationAnswer>(
      await api(`/api/signup/${encodeURIComponent(params.token)}/activation`, {
        method: 'POST',
        // Activating needs no session. Without the visitor's cookie the call is not a cookie-authenticated change,
        // which a link opened from an e-mail (no Origin header) could not pass.
        headers: { cookie: '' },
      }),
    );
    return { activated: true as const, email: data.email };
  } catch (error) {
    return { activated: false as const, message: error instanceof ApiError ? error.message : INVALID_LINK };
  }
}

// The failed activation's page offers a new link (features/auth/ResendActivationForm.tsx).
export async function action({ context, request }: Route.ActionArgs) {
  const formData = await readForm(request);
  if (!formData || formData.get('intent') !== RESEND_INTENT) return brokenForm();
  return resendActivation(context, formData);
}

// Tokens are single use: running the loader again would report the link as used.
export function shouldRevalidate() {
  return false;
}

export default function ActivationPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.activated) {
    return (
      <AuthCard>
        <ResultPanel
          kind="success"
          title="¡Tu cuenta está activada!"
          actions={
            <Button
              component={Link}
              to={`/auth?email=${encodeURIComponent(loaderData.email)}`}
              leftSection={<IconLogin size={18} aria-hidden />}
            >
              Ingresar
            </Button>
          }
        >
          <Text>
            Ya puedes ingresar con <strong>{loaderData.email}</strong> y tu contraseña.
          </Text>
        </ResultPanel>
      </AuthCard>
    );
  }

  return (
    <AuthCard>
      <ResultPanel
        kind="error"
        title="No pudimos activar tu cuenta"
        actions={
          <>
            <ResendActivationForm />
            <Button component={Link} to="/auth" variant="subtle">
              Ir a ingresar
            </Button>
          </>
        }
      >
        <Text>{loaderData.message}</Text>
        <Text size="sm" c="dimmed">
          Si tu cuenta ya estaba activada, puedes ingresar. Si no, escribe tu correo y te enviaremos un nuevo
          enlace de activación.
        </Text>
      </ResultPanel>
    </AuthCard>
  );
}
