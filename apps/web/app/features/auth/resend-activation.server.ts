import { resetRequestSchema } from '@eco/domain/schemas/reset-request';
import type { RouterContextProvider } from 'react-router';
import { callApi } from '../../lib/api.server';
import { attachCaptchausalMessage } from '../captcha/captcha-refusal.server';
import { invalidForm, parseForm, refusedForm } from '../../lib/forms/form-action.server';
import { RESEND_INTENT, type ResendAnswer } from './resend-activation';

/**
 * Asks the API for a new activation e-mail (the answer never tells whether the account exists). `page` is what the
 * page that shows the form needs to show itself again around it when it answers the post without scripts.
 */
export async function resendActivation<Page extends object>(
  context: Readonly<RouterContextProvider>,
  formData: FormData,
  page?: Page,
) {
  const submission = parseForm(formData, resetRequestSchema);
  const extra = { ...(page as Page), intent: RESEND_INTENT } as const;
  if (submission.status !== 'success') return invalidForm(submission, { extra });
  try {
    const { data } = await callApi<{ message: string }>(context, '/api/signup/resend', {
      method: 'POST',
      body: { email: submission.value.email, captcha: formData.get('captcha') ?? undefined },
    });
    return {
      ...extra,
      result: submission.reply(),
      notice: { kind: 'success', message: data.message },
    } satisfies ResendAnswer;
  } catch (error) {
    return refusedForm(submission, error, { extra, message: attachCaptchausalMessage(formData, error) });
  }
}
