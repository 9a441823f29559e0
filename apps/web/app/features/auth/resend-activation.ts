import type { FormAnswer } from '../../lib/forms/form-answer';

/** The `intent` of the resend form, which posts to the action of whichever page shows it. */
export const RESEND_INTENT = 'resend-activation';

/** What the resend form's action answers: its form result and notice, marked as the resend's. */
export type ResendAnswer = FormAnswer & { intent: typeof RESEND_INTENT };
