import type { ButtonProps } from '@mantine/core';
import { Button } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { CaptchaField, type CaptchaHandle } from '../captcha/CaptchaField';
import { requestActivationEmail } from './account-requests';
import { errorMessage } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';

export const RESEND_ACTIVATION_LABEL = 'Reenviar correo de activación';

type ResendActivationButtonProps = { email: string } & Pick<ButtonProps, 'variant' | 'fullWidth'>;

/** Sends the activation e-mail again to `email` and says so in a notice. */
export function ResendActivationButton({
  email,
  variant = 'light',
  fullWidth = true,
}: ResendActivationButtonProps) {
  const [sending, setSending] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaHandle | null>(null);

  async function resend() {
    setSending(true);
    try {
      notifySuccess(await requestActivationEmail(email, await captcha?.token()));
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      // A solution works once: the next click gets a new one.
      captcha?.reset();
      setSending(false);
    }
  }

  return (
    <>
      <CaptchaField ref={setCaptcha} action="resend" />
      <Button
        variant={variant}
        fullWidth={fullWidth}
        loading={sending}
        leftSection={<IconMailForward size={18} aria-hidden />}
        onClick={() => void resend()}
      >
        {RESEND_ACTIVATION_LABEL}
      </Button>
    </>
  );
}
