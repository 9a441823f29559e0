import '../../styles/account';
import { LIMITS } from '@eco/domain/constants';
import { signUpFormSchema } from '@eco/domain/schemas/sign-up';
import { Anchor, Button, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Form, Link, redirect, useNavigation, useSubmit } from 'react-router';
import { AuthCard } from '../../features/auth/AuthCard';
import { PasswordField } from '../../features/auth/PasswordField';
import { RESEND_INTENT } from '../../features/auth/resend-activation';
import { resendActivation } from '../../features/auth/resend-activation.server';
import { ResendActivationForm } from '../../features/auth/ResendActivationForm';
import { ResultPanel } from '../../features/auth/ResultPanel';
import { signUp } from '../../features/auth/sign-up.server';
import { CaptchaField } from '../../features/captcha/CaptchaField';
import { useCaptchaSubmit } from '../../features/captcha/use-captcha-submit';
import { getSession } from '../../lib/auth.server';
import { ActionNotice } from '../../lib/forms/ActionNotice';
import { brokenForm, readForm } from '../../lib/forms/form-action.server';
import { checkFieldProps, textFieldProps, useActionForm } from '../../lib/forms/use-action-form';
import { checkedBeforeHydration } from '../../lib/forms/typed-before-hydration';
import { useHydrated } from '../../lib/forms/use-hydrated';
import { pageMeta } from '../../lib/meta';
import { DEFAULT_SIGNED_IN_PATH } from '../../lib/redirect-to';
import { EmailField } from '../../features/auth/EmailField';
import type { Route } from './+types/sign-up';

export const meta: Route.MetaFunction = () =>
  pageMeta('Crear cuenta', 'Crea tu cuenta gratuita de EcoAnuncios y súmate a la comunidad.');

export function loader({ context }: Route.LoaderArgs) {
  if (getSession(context)) throw redirect(DEFAULT_SIGNED_IN_PATH);
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const formData = await readForm(request);
  if (!formData) return brokenForm();
  if (formData.get('intent') === RESEND_INTENT) {
    // Without scripts the resend answers with this page: the "check your e-mail" panel stays.
    return resendActivation(context, formData, { sentTo: String(formData.get('email') ?? '') });
  }
  return signUp(context, formData);
}

export default function SignUpPage({ actionData }: Route.ComponentProps) {
  const sentTo = actionData && 'sentTo' in actionData ? actionData.sentTo : null;
  if (sentTo) return <CheckYourEmail email={sentTo} />;
  return <SignUpForm answer={actionData && 'result' in actionData ? actionData : undefined} />;
}

function CheckYourEmail({ email }: { email: string }) {
  return (
    <AuthCard>
      <ResultPanel
        kind="mail"
        title="Revisa tu correo"
        focusOnMount
        actions={
          <>
            <ResendActivationForm email={email} />
            <Button component={Link} to={`/auth?email=${encodeURIComponent(email)}`} variant="subtle">
              Ir a ingresar
            </Button>
          </>
        }
      >
        <Text>
          Te enviamos un correo a <strong>{email}</strong> con un enlace para activar tu cuenta. Ábrelo y
          después ingresa con tu correo y tu contraseña.
        </Text>
        <Text size="sm" c="dimmed">
          ¿No lo encuentras? Revisa la carpeta de correo no deseado o pide que te lo enviemos de nuevo.
        </Text>
      </ResultPanel>
    </AuthCard>
  );
}

type SignUpAnswer = Extract<Route.ComponentProps['actionData'], { result: unknown }>;

function SignUpForm({ answer }: { answer: SignUpAnswer | undefined }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const { attachCaptcha, solving, onValidSubmit } = useCaptchaSubmit(useSubmit());
  const { fields, formProps } = useActionForm({
    schema: signUpFormSchema,
    lastResult: answer?.result,
    onValidSubmit,
  });
  // The submit waits for the terms (spec); before scripts run it cannot follow the switch, so the action checks. The
  // switch may have been turned on before the scripts ran: it starts as it was left.
  const [termsAccepted, setTermsAccepted] = useState(
    () => checkedBeforeHydration(fields.terms.id) ?? fields.terms.initialValue === 'on',
  );

  return (
    <AuthCard title="Crear cuenta" description="Es gratis. Te enviaremos un correo para activar tu cuenta.">
      <Form method="post" {...formProps} aria-label="Formulario de registro">
        <Stack gap="md">
          <ActionNotice notice={answer?.notice} />
          <EmailField field={fields.email} />
          <TextInput label="Nombre" autoComplete="name" withAsterisk {...textFieldProps(fields.name)} />
          <PasswordField
            label="Contraseña"
            autoComplete="new-password"
            description={`Entre ${LIMITS.signUpPassword.min} y ${LIMITS.signUpPassword.max} caracteres.`}
            withAsterisk
            {...textFieldProps(fields.password)}
          />
          <PasswordField
            label="Confirmar contraseña"
            autoComplete="new-password"
            withAsterisk
            {...textFieldProps(fields.passwordConfirmation)}
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
            {...checkFieldProps(fields.terms)}
            defaultChecked={undefined}
            checked={termsAccepted}
            onChange={(event) => setTermsAccepted(event.currentTarget.checked)}
          />
          <CaptchaField ref={attachCaptcha} action="signup" />
          <Button
            type="submit"
            fullWidth
            disabled={hydrated && !termsAccepted}
            loading={solving || (navigation.state !== 'idle' && navigation.formData !== undefined)}
            leftSection={<IconUserPlus size={18} aria-hidden />}
          >
            Crear cuenta
          </Button>
        </Stack>
      </Form>
      <Text ta="center" size="sm">
        ¿Ya tienes cuenta?{' '}
        <Anchor component={Link} to="/auth" fw={600}>
          Ingresa
        </Anchor>
      </Text>
    </AuthCard>
  );
}
