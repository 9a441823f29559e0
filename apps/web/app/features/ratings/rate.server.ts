import { ratingSchema } from '@eco/domain/schemas/rating';
import type { RouterContextProvider } from 'react-router';
import { callApi } from '../../lib/api.server';
import { invalidForm, parseForm, refusedForm } from '../../lib/forms/form-action.server';
import { redirectWithNotice } from '../../lib/forms/flash.server';
import { RATE_INTENT } from './rating-intent';
import { userApiPath } from './ratings-api';

/**
 * Rates a member (POST) or changes the visitor's rating of them (PUT, the form carries its `_id`), then back to the
 * profile's ratings with the thanks.
 */
export async function rate(
  context: Readonly<RouterContextProvider>,
  toUserId: string,
  formData: FormData,
  backTo: string,
) {
  const submission = parseForm(formData, ratingSchema);
  const extra = { intent: RATE_INTENT } as const;
  if (submission.status !== 'success') return invalidForm(submission, { extra });
  const rating = submission.value;
  const user = userApiPath(toUserId);
  try {
    await callApi(context, rating._id ? `${user}/qualification` : `${user}/qualifications`, {
      method: rating._id ? 'PUT' : 'POST',
      body: rating,
    });
  } catch (error) {
    return refusedForm(submission, error, { extra });
  }
  return redirectWithNotice(backTo, {
    kind: 'saved',
    message: rating._id
      ? '¡Todo correcto! Tu calificación se ha guardado.'
      : '¡Todo correcto! Gracias por calificar.',
  });
}
