import { signUpFormSchema } from '@eco/domain/schemas/sign-up';
import type { RouterContextProvider } from 'react-router';
import { callApi } from '../../lib/api.server';
import { attachCaptchausalMessage } from '../captcha/captcha-refusal.server';
import { invalidForm, parseForm, refusedForm } from '../../lib/forms/form-action.server';

const HIDDEN = ['password', 'passwordConfirmation'];

/** The sign-up form's action: the account is created inactive and its activation link e-mailed. */
export async function signUp(context: Readonly<RouterContextProvider>, formData: FormData) {
  const submission = parseForm(formData, signUpFormSchema);
  if (submission.status !== 'success') return invalidForm(submission, { hideFields: HIDDEN });
  const { terms: _terms, ...account } = submission.value;
  try {
    await callApi(context, '/api/signup', {
      method: 'POST',
      body: { ...account, captcha: formData.get('captcha') ?? undefined },
    });
  } catch (error) {
    return refusedForm(submission, error, {
      hideFields: HIDDEN,
      message: attachCaptchausalMessage(formData, error),
    });
  }
  return { sentTo: account.email };
}
