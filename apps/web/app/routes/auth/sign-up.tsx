import '../../styles/account';
import { LIMITS } from '@eco/domain/constants';
import { signUpFormSchema } from '@eco/domain/schemas/sign-up';
import { Anchor, Button, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, redirect } from 'react-router';
import { AuthCard } from '../../features/auth/AuthCard';
import { PasswordField } from '../../features/auth/PasswordField';
import { ResendActivationButton } from '../../features/auth/ResendActivationButton';
import { ResultPanel } from '../../features/auth/ResultPanel';
import { CaptchaField, type CaptchaHandle } from '../../features/captcha/CaptchaField';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { getSession } from '../../lib/auth.server';
import { pageMeta } from '../../lib/meta';
import { notifyError } from '../../lib/notify';
import { DEFAULT_SIGNED_IN_PATH } from '../../lib/redirect-to';
import { useSchemaForm } from '../../lib/use-schema-form';
import type { Route } from './+types/sign-up';

export const meta: Route.MetaFunction = () =>
  pageMeta('Crear cuenta', 'Crea tu cuenta gratuita de EcoAnuncios y súmate a la comunidad.');

export function loader({ context }: Route.LoaderArgs) {
  if (getSession(context)) throw redirect(DEFAULT_SIGNED_IN_PATH);
  return null;
}

type SignUpAnswer = { user: { name: string; email: string }; message: string };

export default function SignUpPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<CaptchaHandle | null>(null);
  const { form, onSubmit } = useSchemaForm(signUpFormSchema, {
    initialValues: { email: '', name: '', password: '', passwordConfirmation: '', terms: false },
  });

  const submit = onSubmit(async ({ terms: _terms, ...account }) => {
    try {
      const token = await captcha?.token();
      await apiRequest<SignUpAnswer>('/api/signup', { method: 'POST', body: { ...account, captcha: token } });
      setSentTo(account.email);
    } catch (error) {
      captcha?.reset();
      notifyError(errorMessage(error));
    }
  });

  if (sentTo) {
    return (
      <AuthCard>
        <ResultPanel
          kind="mail"
          title="Revisa tu correo"
          focusOnMount
          actions={
            <>
              <ResendActivationButton email={sentTo} />
              <Button component={Link} to={`/auth?email=${encodeURIComponent(sentTo)}`} variant="subtle">
                Ir a ingresar
              </Button>
            </>
          }
        >
          <Text>
            Te enviamos un correo a <strong>{sentTo}</strong> con un enlace para activar tu cuenta. Ábrelo y
            después ingresa con tu correo y tu contraseña.
          </Text>
          <Text size="sm" c="dimmed">
            ¿No lo encuentras? Revisa la carpeta de correo no deseado o pide que te lo enviemos de nuevo.
          </Text>
        </ResultPanel>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Crear cuenta" description="Es gratis. Te enviaremos un correo para activar tu cuenta.">
      <form onSubmit={submit} noValidate aria-label="Formulario de registro">
        <Stack gap="md">
          <TextInput
            label="Correo electrónico"
            type="email"
            autoComplete="email"
            inputMode="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <TextInput label="Nombre" autoComplete="name" withAsterisk {...form.getInputProps('name')} />
          <PasswordField
            label="Contraseña"
            autoComplete="new-password"
            description={`Entre ${LIMITS.signUpPassword.min} y ${LIMITS.signUpPassword.max} caracteres.`}
            withAsterisk
            {...form.getInputProps('password')}
          />
          <PasswordField
            label="Confirmar contraseña"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('passwordConfirmation')}
          />
          <Switch
            label={
              <>
                Acepto los{' '}
                <Anchor href="/terms" target="_blank" rel="noopener" inherit>
                  Términos de Uso
                </Anchor>{' '}
                y las{' '}
                <Anchor href="/privacy" target="_blank" rel="noopener" inherit>
                  Políticas de Privacidad
                </Anchor>
              </>
            }
            {...form.getInputProps('terms', { type: 'checkbox' })}
          />
          <CaptchaField ref={setCaptcha} action="signup" />
          <Button
            type="submit"
            fullWidth
            disabled={!form.values.terms}
            loading={form.submitting}
            leftSection={<IconUserPlus size={18} aria-hidden />}
          >
            Crear cuenta
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm">
        ¿Ya tienes cuenta?{' '}
        <Anchor component={Link} to="/auth" fw={600}>
          Ingresa
        </Anchor>
      </Text>
    </AuthCard>
  );
}
