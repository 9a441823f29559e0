import '../../styles/account';
import { LIMITS } from '@eco/domain/constants';
import { newPasswordSchema } from '@eco/domain/schemas/new-password';
import { Button, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../features/auth/AuthCard';
import { PasswordField } from '../../features/auth/PasswordField';
import { ResultPanel } from '../../features/auth/ResultPanel';
import { ApiError, apiRequest, errorMessage, readApiResponse } from '../../lib/api-client';
import { pageMeta } from '../../lib/meta';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSchemaForm } from '../../lib/use-schema-form';
import { serverContext } from '../../server-context';
import type { Route } from './+types/reset-password';

const INVALID_LINK = 'El enlace para restablecer la contraseña no es válido o ya expiró';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Nueva contraseña'),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { api } = context.get(serverContext);
  try {
    const { email } = await readApiResponse<{ valid: true; email: string }>(
      await api(`/api/reset/${encodeURIComponent(params.token)}`),
    );
    return { valid: true as const, email };
  } catch (error) {
    return { valid: false as const, message: error instanceof ApiError ? error.message : INVALID_LINK };
  }
}

export default function ResetPasswordPage({ loaderData, params }: Route.ComponentProps) {
  if (!loaderData.valid) {
    return (
      <AuthCard>
        <ResultPanel
          kind="error"
          title="El enlace ya no sirve"
          actions={
            <Button component={Link} to="/auth/reset">
              Pedir un nuevo enlace
            </Button>
          }
        >
          <Text>{loaderData.message}</Text>
        </ResultPanel>
      </AuthCard>
    );
  }
  return <NewPasswordForm token={params.token} email={loaderData.email} />;
}

function NewPasswordForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const { form, onSubmit } = useSchemaForm(newPasswordSchema, {
    initialValues: { password: '', passwordConfirmation: '' },
  });

  const submit = onSubmit(async (data) => {
    try {
      const { message } = await apiRequest<{ message: string }>(
        `/api/reset/${encodeURIComponent(token)}/password`,
        { method: 'PUT', body: { resetToken: token, ...data } },
      );
      notifySuccess(message);
      // Every session of the account has ended, this browser's included: the layout must know.
      await navigate(`/auth?email=${encodeURIComponent(email)}`, {
        replace: true,
        defaultShouldRevalidate: true,
      });
    } catch (error) {
      notifyError(errorMessage(error));
    }
  });

  return (
    <AuthCard
      title="Nueva contraseña"
      description={
        <>
          Elige una nueva contraseña para <strong>{email}</strong>.
        </>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Elegir una nueva contraseña">
        <Stack gap="md">
          {/* Lets password managers file the new password under the right account. */}
          <input type="email" autoComplete="username" value={email} readOnly hidden />
          <PasswordField
            label="Contraseña"
            autoComplete="new-password"
            description={`Entre ${LIMITS.newPassword.min} y ${LIMITS.newPassword.max} caracteres.`}
            withAsterisk
            {...form.getInputProps('password')}
          />
          <PasswordField
            label="Confirmar contraseña"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('passwordConfirmation')}
          />
          <Button
            type="submit"
            fullWidth
            loading={form.submitting}
            leftSection={<IconLock size={18} aria-hidden />}
          >
            Guardar contraseña
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
