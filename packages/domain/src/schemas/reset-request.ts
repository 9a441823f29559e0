import { z } from 'zod';
import { captchaToken } from './captcha.ts';
import { email } from './fields.ts';

/** Asks for a password reset link (and, with the same body, for a new activation link). */
export const resetRequestSchema = z.object({ email, captcha: captchaToken });

export type ResetRequestInput = z.input<typeof resetRequestSchema>;
export type ResetRequestData = z.output<typeof resetRequestSchema>;
