import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { password } from './fields.ts';
import { FIELDS } from './messages.ts';

/** "Eliminar mi cuenta": the member's password, asked again. */
export const deleteAccountSchema = z.object({ password: password(FIELDS.password, LIMITS.signInPassword) });

export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;
