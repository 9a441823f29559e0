import type { FormAnswer } from '../../lib/forms/form-answer';

/** The intent of the rating form, which posts to the profile page's action. */
export const RATE_INTENT = 'rate';

export type RateAnswer = FormAnswer & { intent: typeof RATE_INTENT };
