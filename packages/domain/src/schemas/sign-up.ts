import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { captchaToken } from './captcha.ts';
import { email, password, passwordConfirmation, requiredText, withMatchingPasswords } from './fields.ts';
import { FIELDS, MESSAGES } from './messages.ts';

const signUpFields = {
  name: requiredText(FIELDS.name, LIMITS.name),
  email,
  password: password(FIELDS.password, LIMITS.signUpPassword),
  passwordConfirmation,
  captcha: captchaToken,
};

/** The account data the API receives. */
export const signUpSchema = withMatchingPasswords(z.object(signUpFields));

/** The sign-up form: the account data plus the acceptance of the terms. */
export const signUpFormSchema = withMatchingPasswords(
  z.object({ ...signUpFields, terms: z.literal(true, { error: MESSAGES.termsRequired }) }),
);

export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUpData = z.output<typeof signUpSchema>;
export type SignUpFormInput = z.input<typeof signUpFormSchema>;
