import '../../styles/account';
import { LIMITS } from '@eco/domain/constants';
import { newPasswordSchema } from '@eco/domain/schemas/new-password';
import { Button, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { data, Form, Link, useNavigation, type RouterContextProvider } from 'react-router';
import { AuthCard } from '../../features/auth/AuthCard';
import { setNewPassword } from '../../features/auth/new-password.server';
import { PasswordField } from '../../features/auth/PasswordField';
import { ResultPanel } from '../../features/auth/ResultPanel';
import { ApiError, readApiResponse } from '../../lib/api-client';
import type { FormAnswer } from '../../lib/forms/form-answer';
import { ActionNotice } from '../../lib/forms/ActionNotice';
import { brokenForm, readForm } from '../../lib/forms/form-action.server';
import { textFieldProps, useActionForm } from '../../lib/forms/use-action-form';
import { pageMeta } from '../../lib/meta';
import { serverContext } from '../../server-context';
import type { Route } from './+types/reset-password';

const INVALID_LINK = 'El enlace para restablecer la contraseña no es válido o ya expiró';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Nueva contraseña'),
  { name: 'robots', content: 'noindex' },
];

async function readLink(context: Readonly<RouterContextProvider>, token: string) {
  const { api } = context.get(serverContext);
  try {
    const { email } = await readApiResponse<{ valid: true; email: string }>(
      await api(`/api/reset/${encodeURIComponent(token)}`),
    );
    return { valid: true as const, email };
  } catch (error) {
    return { valid: false as const, message: error instanceof ApiError ? error.message : INVALID_LINK };
  }
}

export function loader({ context, params }: Route.LoaderArgs) {
  return readLink(context, params.token);
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const formData = await readForm(request);
  if (!formData) return brokenForm();
  // The address is the link's own, never a form field. A link that no longer works: the page says so.
  const link = await readLink(context, params.token);
  if (!link.valid) return data({ linkExpired: true }, { status: 410 });
  return setNewPassword(context, params.token, link.email, formData);
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
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
  return (
    <NewPasswordForm
      email={loaderData.email}
      answer={actionData && 'result' in actionData ? actionData : undefined}
    />
  );
}

function NewPasswordForm({ email, answer }: { email: string; answer: FormAnswer | undefined }) {
  const navigation = useNavigation();
  const { fields, formProps } = useActionForm({ schema: newPasswordSchema, lastResult: answer?.result });

  return (
    <AuthCard
      title="Nueva contraseña"
      description={
        <>
          Elige una nueva contraseña para <strong>{email}</strong>.
        </>
      }
    >
      <Form method="post" {...formProps} aria-label="Elegir una nueva contraseña">
        <Stack gap="md">
          <ActionNotice notice={answer?.notice} />
          {/* Lets password managers file the new password under the right account. */}
          <input type="email" autoComplete="username" value={email} readOnly hidden />
          <PasswordField
            label="Contraseña"
            autoComplete="new-password"
            description={`Entre ${LIMITS.newPassword.min} y ${LIMITS.newPassword.max} caracteres.`}
            withAsterisk
            {...textFieldProps(fields.password)}
          />
          <PasswordField
            label="Confirmar contraseña"
            autoComplete="new-password"
            withAsterisk
            {...textFieldProps(fields.passwordConfirmation)}
          />
          <Button
            type="submit"
            fullWidth
            loading={navigation.state !== 'idle' && navigation.formData !== undefined}
            leftSection={<IconLock size={18} aria-hidden />}
          >
            Guardar contraseña
          </Button>
        </Stack>
      </Form>
    </AuthCard>
  );
}
