import { publicationSchema } from '@eco/domain';
import { checkLocation, whenObject } from '@eco/domain/schemas/fields';
import { FIELDS, incorrect } from '@eco/domain/schemas/messages';
import { z } from 'zod';
import type { PublicationFormValues } from './publication-form-values';

/**
 * A tip, which only super users edit: the publication form with the category 'tips' and no per-type requirement
 * (the API checks tips the same way).
 */
export const tipFormSchema = z
  .object({ ...publicationSchema.shape, typed: z.literal('tips', { error: incorrect(FIELDS.typed) }) })
  .superRefine((value, ctx) => checkLocation(value, ctx, true), { when: whenObject });

/** The schema of the form: a tip keeps its category, anything else is a listing. */
export function formSchemaFor(typed: PublicationFormValues['typed']) {
  return typed === 'tips' ? tipFormSchema : publicationSchema;
}

/**
 * The field messages of an API validation answer ('title: El título es demasiado corto (min: 3); files: …'), for the
 * fields the form has; empty when the message is not of that kind.
 */
export function fieldErrorsFromApiMessage(
  message: string,
  fields: readonly string[],
): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const part of message.split('; ')) {
    const match = /^([\w.]+): (.+)$/.exec(part);
    const field = match?.[1]?.split('.')[0];
    if (match?.[2] && field && fields.includes(field) && !errors[field]) errors[field] = match[2];
  }
  return errors;
}
