import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { requiredText } from './fields.ts';
import { FIELDS } from './messages.ts';

/** A message typed to the virtual assistant, in the shape of the request (BotInteraction); blank is never sent. */
export const botMessageSchema = z.object({
  interaction: requiredText(FIELDS.message, LIMITS.botMessage),
});

export type BotMessageInput = z.input<typeof botMessageSchema>;
export type BotMessageData = z.output<typeof botMessageSchema>;
