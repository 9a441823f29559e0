import { paymentDetailsSchema } from '@eco/domain/schemas/payment-details';
import { profileSchema } from '@eco/domain/schemas/profile';
import type { RouterContextProvider } from 'react-router';
import { callApi } from '../../lib/api.server';
import { invalidForm, parseForm, refusedForm } from '../../lib/forms/form-action.server';
import { redirectWithNotice } from '../../lib/forms/flash.server';
import { SAVED_MESSAGE } from './messages';
import { SETTINGS_INTENTS } from './settings-intents';

const SETTINGS_PATH = '/dashboard/settings';

/**
 * Saves the profile or the payment details through PUT /api/me, then back to the read-only page with '¡Todo
 * correcto!' (a redirect: reloading the page never sends the form again).
 */
export async function saveSettings(
  context: Readonly<RouterContextProvider>,
  intent: typeof SETTINGS_INTENTS.profile | typeof SETTINGS_INTENTS.paymentDetails,
  formData: FormData,
) {
  const schema = intent === SETTINGS_INTENTS.profile ? profileSchema : paymentDetailsSchema;
  const submission = parseForm(formData, schema);
  const extra = { intent };
  if (submission.status !== 'success') return invalidForm(submission, { extra });
  try {
    await callApi(context, '/api/me', { method: 'PUT', body: submission.value });
  } catch (error) {
    return refusedForm(submission, error, { extra });
  }
  return redirectWithNotice(SETTINGS_PATH, { kind: 'saved', message: SAVED_MESSAGE });
}
