import { resetRequestSchema } from '@eco/domain/schemas/reset-request';
import { Button, Stack, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { CaptchaField, type CaptchaHandle } from '../captcha/CaptchaField';
import { requestActivationEmail } from './account-requests';
import { errorMessage } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSchemaForm } from '../../lib/use-schema-form';
import { RESEND_ACTIVATION_LABEL } from './ResendActivationButton';

/** Asks for a new activation link for the typed e-mail (the reset request's schema: an e-mail and nothing else). */
export function ResendActivationForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { form, onSubmit } = useSchemaForm(resetRequestSchema, { initialValues: { email: initialEmail } });

  const [captcha, setCaptcha] = useState<CaptchaHandle | null>(null);

  const submit = onSubmit(async ({ email }) => {
    try {
      notifySuccess(await requestActivationEmail(email, await captcha?.token()));
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      captcha?.reset();
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Pedir un nuevo enlace de activación">
      <Stack gap="sm" ta="start">
        <TextInput
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          inputMode="email"
          withAsterisk
          {...form.getInputProps('email')}
        />
        <CaptchaField ref={setCaptcha} action="resend" />
        <Button
          type="submit"
          loading={form.submitting}
          leftSection={<IconMailForward size={18} aria-hidden />}
        >
          {RESEND_ACTIVATION_LABEL}
        </Button>
      </Stack>
    </form>
  );
}
