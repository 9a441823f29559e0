import '@mantine/core/styles/Alert.css';
import '../../styles/account';
import { signInSchema } from '@eco/domain/schemas/sign-in';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconLogin, IconMailExclamation } from '@tabler/icons-react';
import { Form, Link, redirect, useNavigation, useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/AuthCard';
import { PasswordField } from '../../features/auth/PasswordField';
import { resendActivation } from '../../features/auth/resend-activation.server';
import { RESEND_INTENT } from '../../features/auth/resend-activation';
import { ResendActivationForm } from '../../features/auth/ResendActivationForm';
import { signIn } from '../../features/auth/sign-in.server';
import { getSession } from '../../lib/auth.server';
import { ActionNotice } from '../../lib/forms/ActionNotice';
import { brokenForm, readForm } from '../../lib/forms/form-action.server';
import { textFieldProps, useActionForm } from '../../lib/forms/use-action-form';
import { pageMeta } from '../../lib/meta';
import { safeRedirectPath } from '../../lib/redirect-to';
import { EmailField } from '../../features/auth/EmailField';
import type { Route } from './+types/sign-in';

export const meta: Route.MetaFunction = () =>
  pageMeta('Ingresar', 'Ingresa a EcoAnuncios para publicar, guardar tu perfil y recibir novedades.');

export function loader({ context, url }: Route.LoaderArgs) {
  // Someone already signed in has nothing to do here: straight to where they were going.
  if (getSession(context)) throw redirect(safeRedirectPath(url.searchParams.get('redirectTo')));
  return null;
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const formData = await readForm(request);
  if (!formData) return brokenForm();
  if (formData.get('intent') === RESEND_INTENT) return resendActivation(context, formData);
  return signIn(context, url, formData);
}

export default function SignInPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const answer = actionData && 'intent' in actionData ? undefined : actionData;
  const notActivated = answer && 'notActivated' in answer ? answer.notActivated : null;
  const { fields, formProps } = useActionForm({
    schema: signInSchema,
    lastResult: answer?.result,
    defaultValue: { email: searchParams.get('email') ?? '' },
  });

  return (
    <AuthCard title="Ingresar" description="Usa el correo y la contraseña de tu cuenta de EcoAnuncios.">
      {notActivated && (
        <Stack gap="xs">
          <Alert color="yellow" variant="light" icon={<IconMailExclamation aria-hidden />} role="alert">
            {notActivated.message}
          </Alert>
          <ResendActivationForm email={notActivated.email} />
        </Stack>
      )}
      {actionData && 'intent' in actionData && <ResendActivationForm email={emailOf(actionData.result)} />}
      <Form method="post" {...formProps} aria-label="Formulario de ingreso">
        <Stack gap="md">
          <ActionNotice notice={answer && 'notice' in answer ? answer.notice : undefined} />
          <EmailField field={fields.email} />
          <PasswordField
            label="Contraseña"
            autoComplete="current-password"
            withAsterisk
            {...textFieldProps(fields.password)}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/auth/reset" size="sm">
              ¿Olvidaste tu contraseña?
            </Anchor>
          </Group>
          <Button
            type="submit"
            fullWidth
            loading={navigation.state !== 'idle' && navigation.formData !== undefined}
            leftSection={<IconLogin size={18} aria-hidden />}
          >
            Ingresar
          </Button>
        </Stack>
      </Form>
      <Text ta="center" size="sm">
        ¿Todavía no tienes cuenta?{' '}
        <Anchor component={Link} to="/auth/new" fw={600}>
          Regístrate
        </Anchor>
      </Text>
    </AuthCard>
  );
}

/** The address a resend was asked for, from the values its answer sent back. */
function emailOf(result: { initialValue?: Record<string, unknown> | null }): string | undefined {
  const email = result.initialValue?.email;
  return typeof email === 'string' ? email : undefined;
}
