import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { email, password } from './fields.ts';
import { FIELDS } from './messages.ts';

export const signInSchema = z.object({
  email,
  password: password(FIELDS.password, LIMITS.signInPassword),
});

export type SignInInput = z.input<typeof signInSchema>;
export type SignInData = z.output<typeof signInSchema>;
