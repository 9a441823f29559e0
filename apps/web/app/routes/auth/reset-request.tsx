import '../../styles/account';
import { resetRequestSchema } from '@eco/domain/schemas/reset-request';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../../features/auth/AuthCard';
import { ResultPanel } from '../../features/auth/ResultPanel';
import { CaptchaField, type CaptchaHandle } from '../../features/captcha/CaptchaField';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { pageMeta } from '../../lib/meta';
import { notifyError } from '../../lib/notify';
import { useSchemaForm } from '../../lib/use-schema-form';
import type { Route } from './+types/reset-request';

// The API answers the same whatever the address: so does this page.
const SENT_MESSAGE = 'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.';

export const meta: Route.MetaFunction = () =>
  pageMeta('Restablecer contraseña', 'Pide un enlace para elegir una nueva contraseña de EcoAnuncios.');

export default function ResetRequestPage() {
  const [sent, setSent] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaHandle | null>(null);
  const { form, onSubmit } = useSchemaForm(resetRequestSchema, { initialValues: { email: '' } });

  const submit = onSubmit(async (data) => {
    try {
      const token = await captcha?.token();
      await apiRequest<{ message: string }>('/api/reset', {
        method: 'POST',
        body: { ...data, captcha: token },
      });
      setSent(true);
    } catch (error) {
      captcha?.reset();
      notifyError(errorMessage(error));
    }
  });

  if (sent) {
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
      <form onSubmit={submit} noValidate aria-label="Pedir enlace para restablecer la contraseña">
        <Stack gap="md">
          <TextInput
            label="Correo electrónico"
            type="email"
            autoComplete="email"
            inputMode="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <CaptchaField ref={setCaptcha} action="reset" />
          <Button
            type="submit"
            fullWidth
            loading={form.submitting}
            leftSection={<IconMailForward size={18} aria-hidden />}
          >
            Enviar enlace
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm">
        ¿La recordaste?{' '}
        <Anchor component={Link} to="/auth" fw={600}>
          Ingresa
        </Anchor>
      </Text>
    </AuthCard>
  );
}
