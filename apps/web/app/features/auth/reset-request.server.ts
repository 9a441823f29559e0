import { resetRequestSchema } from '@eco/domain/schemas/reset-request';
import type { RouterContextProvider } from 'react-router';
import { callApi } from '../../lib/api.server';
import { invalidForm, parseForm, refusedForm } from '../../lib/forms/form-action.server';
import { attachCaptchausalMessage } from '../captcha/captcha-refusal.server';

/** The reset request's action: the API e-mails a link (and answers the same whatever the address). */
export async function requestReset(context: Readonly<RouterContextProvider>, formData: FormData) {
  const submission = parseForm(formData, resetRequestSchema);
  if (submission.status !== 'success') return invalidForm(submission);
  try {
    await callApi(context, '/api/reset', {
      method: 'POST',
      body: { ...submission.value, captcha: formData.get('captcha') ?? undefined },
    });
  } catch (error) {
    return refusedForm(submission, error, { message: attachCaptchausalMessage(formData, error) });
  }
  return { sent: true as const };
}
