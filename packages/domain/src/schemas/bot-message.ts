import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { captchaToken } from './captcha.ts';
import { requiredText } from './fields.ts';
import { FIELDS } from './messages.ts';
import { parseNear } from '../places/schemas.ts';

/** A message typed to the virtual assistant, in the shape of the request (BotInteraction); blank is never sent. */
export const botMessageSchema = z.object({
  interaction: requiredText(FIELDS.message, LIMITS.botMessage),
  /** A guest's first message: the captcha solution, exchanged for a human grant. */
  captcha: captchaToken,
  /** A guest's later messages: the grant the assistant answered with (HUMAN_GRANT_LIFETIME_MS). */
  humanToken: z.string().max(300).optional(),
  /** Where the visitor is ('lat,lng'), when they shared it: "cerca de mí" measures from there. */
  near: z
    .string()
    .max(60)
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === '') return undefined;
      const result = parseNear(text);
      if (result.ok) return result.value;
      ctx.addIssue({ code: 'custom', message: result.message, input: text });
      return z.NEVER;
    }),
});

export type BotMessageInput = z.input<typeof botMessageSchema>;
export type BotMessageData = z.output<typeof botMessageSchema>;

/** How long a guest's solved captcha covers their conversation with the assistant. */
export const HUMAN_GRANT_LIFETIME_MS = 30 * 60_000;

/** The `code` of the assistant's 400 when a guest must (again) prove they are a person. */
export const HUMAN_CHECK_REQUIRED = 'HUMAN_CHECK_REQUIRED';
