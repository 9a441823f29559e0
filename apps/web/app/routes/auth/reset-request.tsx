import '../../styles/account';
import { resetRequestSchema } from '@eco/domain/schemas/reset-request';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { Form, Link, useNavigation, useSubmit } from 'react-router';
import { AuthCard } from '../../features/auth/AuthCard';
import { requestReset } from '../../features/auth/reset-request.server';
import { ResultPanel } from '../../features/auth/ResultPanel';
import { CaptchaField } from '../../features/captcha/CaptchaField';
import { useCaptchaSubmit } from '../../features/captcha/use-captcha-submit';
import { ActionNotice } from '../../lib/forms/ActionNotice';
import { brokenForm, readForm } from '../../lib/forms/form-action.server';
import { useActionForm } from '../../lib/forms/use-action-form';
import { pageMeta } from '../../lib/meta';
import { EmailField } from '../../features/auth/EmailField';
import type { Route } from './+types/reset-request';

// The API answers the same whatever the address: so does this page.
const SENT_MESSAGE = 'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.';

export const meta: Route.MetaFunction = () =>
  pageMeta('Restablecer contraseña', 'Pide un enlace para elegir una nueva contraseña de EcoAnuncios.');

export async function action({ context, request }: Route.ActionArgs) {
  const formData = await readForm(request);
  if (!formData) return brokenForm();
  return requestReset(context, formData);
}

export default function ResetRequestPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const answer = actionData && 'result' in actionData ? actionData : undefined;
  const { attachCaptcha, solving, onValidSubmit } = useCaptchaSubmit(useSubmit());
  const { fields, formProps } = useActionForm({
    schema: resetRequestSchema,
    lastResult: answer?.result,
    onValidSubmit,
  });

  if (actionData && 'sent' in actionData) {
    return (
      <AuthCard>
        <ResultPanel
          kind="mail"
          title="Revisa tu correo"
          focusOnMount
          actions={
            <Button component={Link} to="/auth" variant="light">
              Volver a ingresar
            </Button>
          }
        >
          <Text>{SENT_MESSAGE}</Text>
          <Text size="sm" c="dimmed">
            El enlace vale por poco tiempo y solo una vez. ¿No llega? Revisa la carpeta de correo no deseado.
          </Text>
        </ResultPanel>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Restablecer contraseña"
      description="Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una nueva contraseña."
    >
      <Form method="post" {...formProps} aria-label="Pedir enlace para restablecer la contraseña">
        <Stack gap="md">
          <ActionNotice notice={answer?.notice} />
          <EmailField field={fields.email} />
          <CaptchaField ref={attachCaptcha} action="reset" />
          <Button
            type="submit"
            fullWidth
            loading={solving || (navigation.state !== 'idle' && navigation.formData !== undefined)}
            leftSection={<IconMailForward size={18} aria-hidden />}
          >
            Enviar enlace
          </Button>
        </Stack>
      </Form>
      <Text ta="center" size="sm">
        ¿La recordaste?{' '}
        <Anchor component={Link} to="/auth" fw={600}>
          Ingresa
        </Anchor>
      </Text>
    </AuthCard>
  );
}
