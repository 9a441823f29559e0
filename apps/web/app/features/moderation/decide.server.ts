import { moderationReasonSchema, REPORT_TARGET_TYPES } from '@eco/domain';
import { data, type RouterContextProvider } from 'react-router';
import { callApi } from '../../lib/api.server';
import { brokenForm, invalidForm, parseForm, refusedForm } from '../../lib/forms/form-action.server';
import { redirectWithNotice } from '../../lib/forms/flash.server';
import { ApiError, errorMessage } from '../../lib/api-client';
import { decisionApiPath, isDecision, REASON_PARAM, REASONED, TARGET_PARAM } from './decisions';

/**
 * A decision of the desk: checked (a reason for those that hide something), sent to the API as the super user, then
 * back to the same tab and page with the API's message as a notice. The API checks who may decide.
 */
export async function decide(context: Readonly<RouterContextProvider>, url: URL, formData: FormData) {
  const decision = formData.get('decision');
  const targetId = formData.get('targetId');
  if (!isDecision(decision) || typeof targetId !== 'string' || targetId === '') return brokenForm();
  const back = new URL(url);
  back.searchParams.delete(REASON_PARAM);
  back.searchParams.delete(TARGET_PARAM);
  const backTo = `${back.pathname}${back.search}`;
  const extra = { decision, targetId };

  let body: Record<string, unknown> = {};
  let submission: ReturnType<typeof parseForm<typeof moderationReasonSchema>> | null = null;
  if (REASONED.has(decision)) {
    submission = parseForm(formData, moderationReasonSchema);
    if (submission.status !== 'success') return invalidForm(submission, { extra });
    body = submission.value;
  } else if (decision === 'dismiss') {
    const targetType = formData.get('targetType');
    if (!(REPORT_TARGET_TYPES as readonly unknown[]).includes(targetType)) return brokenForm();
    body = { targetType, targetId };
  }
  try {
    const { data: answer } = await callApi<{ message: string }>(
      context,
      decisionApiPath(decision, targetId),
      {
        method: 'POST',
        body,
      },
    );
    return redirectWithNotice(backTo, { kind: 'success', message: answer.message });
  } catch (error) {
    if (submission) return refusedForm(submission, error, { extra });
    const message = errorMessage(error);
    const status = error instanceof ApiError && error.statusCode >= 400 ? error.statusCode : 503;
    return data({ ...extra, notice: { kind: 'error' as const, message } }, { status });
  }
}
