import { deleteAccountSchema } from '@eco/domain/schemas/delete-account';
import type { RouterContextProvider } from 'react-router';
import { callApi } from '../../lib/api.server';
import { ApiError } from '../../lib/api-client';
import { invalidForm, parseForm, refusedForm } from '../../lib/forms/form-action.server';
import { redirectWithNotice } from '../../lib/forms/flash.server';
import { DELETE_ACCOUNT_INTENT } from './delete-account';

const HIDDEN = ['password'];

/**
 * "Eliminar mi cuenta": the API deletes everything with the password asked again and clears the session cookie,
 * which goes back with the redirect home (a guest from then on) and the API's farewell as a notice.
 */
export async function deleteAccount(context: Readonly<RouterContextProvider>, formData: FormData) {
  const submission = parseForm(formData, deleteAccountSchema);
  const extra = { intent: DELETE_ACCOUNT_INTENT };
  if (submission.status !== 'success') return invalidForm(submission, { hideFields: HIDDEN, extra });
  try {
    const { data, response } = await callApi<{ message: string }>(context, '/api/me', {
      method: 'DELETE',
      body: submission.value,
    });
    return redirectWithNotice(
      '/',
      { kind: 'success', message: data.message },
      response.headers.getSetCookie(),
    );
  } catch (error) {
    // A wrong password belongs next to the field; anything else is a notice.
    const field = error instanceof ApiError && error.statusCode === 400 ? 'password' : undefined;
    return refusedForm(submission, error, { hideFields: HIDDEN, extra, field });
  }
}
