import { reportFormSchema, type ReportTargetType } from '@eco/domain';
import type { RouterContextProvider } from 'react-router';
import { callApi } from '../../lib/api.server';
import { invalidForm, parseForm, refusedForm } from '../../lib/forms/form-action.server';
import { redirectWithNotice } from '../../lib/forms/flash.server';
import { attachCaptchausalMessage } from '../captcha/captcha-refusal.server';
import { reportedPath } from './report-path';

/** Files a report (POST /api/reports), then back to what was reported with the API's thanks as a notice. */
export async function fileReport(
  context: Readonly<RouterContextProvider>,
  targetType: ReportTargetType,
  targetId: string,
  formData: FormData,
) {
  const submission = parseForm(formData, reportFormSchema);
  if (submission.status !== 'success') return invalidForm(submission);
  try {
    const { data } = await callApi<{ message: string }>(context, '/api/reports', {
      method: 'POST',
      body: { targetType, targetId, ...submission.value, captcha: formData.get('captcha') ?? undefined },
    });
    return redirectWithNotice(reportedPath(targetType, targetId), { kind: 'success', message: data.message });
  } catch (error) {
    return refusedForm(submission, error, { message: attachCaptchausalMessage(formData, error) });
  }
}
