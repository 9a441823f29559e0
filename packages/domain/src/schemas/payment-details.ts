import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { optionalText } from './fields.ts';
import { FIELDS } from './messages.ts';

/** The free-text payment details of the settings page; empty clears them (null). */
export const paymentDetailsSchema = z.object({
  paymentDetails: optionalText(FIELDS.paymentDetails, LIMITS.paymentDetails),
});

export type PaymentDetailsInput = z.input<typeof paymentDetailsSchema>;
export type PaymentDetailsData = z.output<typeof paymentDetailsSchema>;
