import type { SessionData } from '@eco/domain';
import { signInSchema } from '@eco/domain/schemas/sign-in';
import { data, redirect, type RouterContextProvider } from 'react-router';
import { callApi } from '../../lib/api.server';
import { ApiError } from '../../lib/api-client';
import { invalidForm, parseForm, refusedForm } from '../../lib/forms/form-action.server';
import { safeRedirectPath } from '../../lib/redirect-to';
import { WRONG_CREDENTIALS, type NotActivated } from './sign-in';

const HIDDEN = ['password'];

/**
 * The sign-in form's action: the API opens the session and sets its cookie, which goes back with the redirect to
 * where the visitor was going. A wrong password, an account still inactive or any other refusal shows the form
 * again with the e-mail kept (never the password).
 */
export async function signIn(context: Readonly<RouterContextProvider>, url: URL, formData: FormData) {
  const submission = parseForm(formData, signInSchema);
  if (submission.status !== 'success') return invalidForm(submission, { hideFields: HIDDEN });
  let cookies: string[];
  try {
    const { response } = await callApi<SessionData>(context, '/api/signin', {
      method: 'POST',
      body: submission.value,
    });
    cookies = response.headers.getSetCookie();
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 403 && error.code === 'ACCOUNT_NOT_ACTIVATED') {
      const notActivated: NotActivated = { email: submission.value.email, message: error.message };
      return data({ result: submission.reply({ hideFields: HIDDEN }), notActivated }, { status: 403 });
    }
    const message = error instanceof ApiError && error.statusCode === 401 ? WRONG_CREDENTIALS : undefined;
    return refusedForm(submission, error, { hideFields: HIDDEN, ...(message ? { message } : {}) });
  }
  const headers = new Headers();
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return redirect(safeRedirectPath(url.searchParams.get('redirectTo')), { headers });
}
