import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { password, passwordConfirmation, withMatchingPasswords } from './fields.ts';
import { FIELDS } from './messages.ts';

/** Sets a new password from a reset link. */
export const newPasswordSchema = withMatchingPasswords(
  z.object({ password: password(FIELDS.password, LIMITS.newPassword), passwordConfirmation }),
);

export type NewPasswordInput = z.input<typeof newPasswordSchema>;
export type NewPasswordData = z.output<typeof newPasswordSchema>;
