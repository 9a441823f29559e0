import '../../styles/account';
import type { SessionData } from '@eco/domain';
import { signInSchema } from '@eco/domain/schemas/sign-in';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconLogin, IconMailExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, redirect, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/AuthCard';
import { PasswordField } from '../../features/auth/PasswordField';
import { ResendActivationButton } from '../../features/auth/ResendActivationButton';
import { ApiError, apiRequest, errorMessage } from '../../lib/api-client';
import { getSession } from '../../lib/auth.server';
import { pageMeta } from '../../lib/meta';
import { notifyError } from '../../lib/notify';
import { safeRedirectPath } from '../../lib/redirect-to';
import { storeSession } from '../../lib/session';
import { useSchemaForm } from '../../lib/use-schema-form';
import type { Route } from './+types/sign-in';

const WRONG_CREDENTIALS = 'Las credenciales son incorrectas';

export const meta: Route.MetaFunction = () =>
  pageMeta('Ingresar', 'Ingresa a EcoAnuncios para publicar, guardar tu perfil y recibir novedades.');

export function loader({ context, url }: Route.LoaderArgs) {
  // Someone already signed in has nothing to do here: straight to where they were going.
  if (getSession(context)) throw redirect(safeRedirectPath(url.searchParams.get('redirectTo')));
  return null;
}

type NotActivated = { email: string; message: string };

export default function SignInPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [notActivated, setNotActivated] = useState<NotActivated | null>(null);
  const { form, onSubmit } = useSchemaForm(signInSchema, {
    initialValues: { email: searchParams.get('email') ?? '', password: '' },
  });

  const submit = onSubmit(async (credentials) => {
    setNotActivated(null);
    try {
      const session = await apiRequest<SessionData>('/api/signin', { method: 'POST', body: credentials });
      storeSession(session);
      // The cookie now carries the session: every loader, the root's included, runs again with it.
      await navigate(safeRedirectPath(searchParams.get('redirectTo')), {
        replace: true,
        defaultShouldRevalidate: true,
      });
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 403 && error.code === 'ACCOUNT_NOT_ACTIVATED') {
        setNotActivated({ email: credentials.email, message: error.message });
      } else if (error instanceof ApiError && error.statusCode === 401) {
        notifyError(WRONG_CREDENTIALS);
      } else {
        notifyError(errorMessage(error));
      }
    }
  });

  return (
    <AuthCard title="Ingresar" description="Usa el correo y la contraseña de tu cuenta de EcoAnuncios.">
      {notActivated && (
        <Stack gap="xs">
          <Alert color="yellow" variant="light" icon={<IconMailExclamation aria-hidden />} role="alert">
            {notActivated.message}
          </Alert>
          <ResendActivationButton email={notActivated.email} />
        </Stack>
      )}
      <form onSubmit={submit} noValidate aria-label="Formulario de ingreso">
        <Stack gap="md">
          <TextInput
            label="Correo electrónico"
            type="email"
            autoComplete="email"
            inputMode="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <PasswordField
            label="Contraseña"
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/auth/reset" size="sm">
              ¿Olvidaste tu contraseña?
            </Anchor>
          </Group>
          <Button
            type="submit"
            fullWidth
            loading={form.submitting}
            leftSection={<IconLogin size={18} aria-hidden />}
          >
            Ingresar
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm">
        ¿Todavía no tienes cuenta?{' '}
        <Anchor component={Link} to="/auth/new" fw={600}>
          Regístrate
        </Anchor>
      </Text>
    </AuthCard>
  );
}
