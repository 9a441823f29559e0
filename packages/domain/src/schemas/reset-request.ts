import { z } from 'zod';
import { email } from './fields.ts';

/** Asks for a password reset link. */
export const resetRequestSchema = z.object({ email });

export type ResetRequestInput = z.input<typeof resetRequestSchema>;
export type ResetRequestData = z.output<typeof resetRequestSchema>;
