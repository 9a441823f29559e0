import { resetRequestSchema } from '@eco/domain/schemas/reset-request';
import type { ButtonProps } from '@mantine/core';
import { Button, Stack } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useActionData, useFetcher } from 'react-router';
import { ActionNotice } from '../../lib/forms/ActionNotice';
import { useActionForm } from '../../lib/forms/use-action-form';
import { CaptchaField } from '../captcha/CaptchaField';
import { useCaptchaSubmit } from '../captcha/use-captcha-submit';
import { EmailField } from './EmailField';
import { RESEND_INTENT, type ResendAnswer } from './resend-activation';

export const RESEND_ACTIVATION_LABEL = 'Reenviar correo de activación';

type ResendActivationFormProps = {
  /** The address to send to; without it the form asks for one. */
  email?: string;
} & Pick<ButtonProps, 'variant' | 'fullWidth'>;

function isResendAnswer(value: unknown): value is ResendAnswer {
  return typeof value === 'object' && value !== null && (value as ResendAnswer).intent === RESEND_INTENT;
}

/**
 * Asks for a new activation link, posting to its page's action (intent 'resend-activation'): for a known address
 * it is a button, otherwise an e-mail field and the button. Without scripts the page answers the post itself.
 */
export function ResendActivationForm({
  email,
  variant = 'light',
  fullWidth = true,
}: ResendActivationFormProps) {
  const fetcher = useFetcher<ResendAnswer>();
  const posted = useActionData();
  const answer = fetcher.data ?? (isResendAnswer(posted) ? posted : undefined);
  const { attachCaptcha, solving, onValidSubmit } = useCaptchaSubmit(fetcher.submit);
  const { fields, formProps } = useActionForm({
    schema: resetRequestSchema,
    lastResult: answer?.result,
    defaultValue: { email: email ?? '' },
    onValidSubmit,
  });

  return (
    <fetcher.Form method="post" {...formProps} aria-label="Pedir un nuevo enlace de activación">
      <Stack gap="sm" ta="start">
        <ActionNotice notice={answer?.notice} />
        <input type="hidden" name="intent" value={RESEND_INTENT} />
        {email === undefined ? (
          <EmailField field={fields.email} />
        ) : (
          <input type="hidden" name="email" value={email} />
        )}
        <CaptchaField ref={attachCaptcha} action="resend" />
        <Button
          type="submit"
          variant={email === undefined ? 'filled' : variant}
          fullWidth={fullWidth}
          loading={solving || fetcher.state !== 'idle'}
          leftSection={<IconMailForward size={18} aria-hidden />}
        >
          {RESEND_ACTIVATION_LABEL}
        </Button>
      </Stack>
    </fetcher.Form>
  );
}
