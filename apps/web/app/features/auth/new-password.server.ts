import { newPasswordSchema } from '@eco/domain/schemas/new-password';
import type { RouterContextProvider } from 'react-router';
import { callApi } from '../../lib/api.server';
import { invalidForm, parseForm, refusedForm } from '../../lib/forms/form-action.server';
import { redirectWithNotice } from '../../lib/forms/flash.server';

const HIDDEN = ['password', 'passwordConfirmation'];

/**
 * The new password's action. The API ends every session of the account, this browser's included (its answer clears
 * the cookie): the person signs in again, with the address filled in and the API's confirmation as a notice.
 */
export async function setNewPassword(
  context: Readonly<RouterContextProvider>,
  token: string,
  email: string,
  formData: FormData,
) {
  const submission = parseForm(formData, newPasswordSchema);
  if (submission.status !== 'success') return invalidForm(submission, { hideFields: HIDDEN });
  try {
    const { data, response } = await callApi<{ message: string }>(
      context,
      `/api/reset/${encodeURIComponent(token)}/password`,
      { method: 'PUT', body: { resetToken: token, ...submission.value } },
    );
    return redirectWithNotice(
      `/auth?email=${encodeURIComponent(email)}`,
      { kind: 'success', message: data.message },
      response.headers.getSetCookie(),
    );
  } catch (error) {
    return refusedForm(submission, error, { hideFields: HIDDEN });
  }
}
