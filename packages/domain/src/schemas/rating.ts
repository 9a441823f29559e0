import { z } from 'zod';
import { LIMITS, RANGES } from '../constants.ts';
import { optionalText, requiredNumber } from './fields.ts';
import { FIELDS, notAnInteger, outOfRange, required } from './messages.ts';

const { min, max } = RANGES.rating;

/** Rates another user; `_id` is present when editing an existing rating. */
export const ratingSchema = z.object({
  _id: z.string().optional(),
  // A star widget reports 0 while no star is chosen: that reads as no rating at all.
  rating: requiredNumber(FIELDS.rating, (schema) =>
    schema
      .int(notAnInteger(FIELDS.rating))
      .min(min, {
        error: (issue) => (issue.input === 0 ? required(FIELDS.rating) : outOfRange(FIELDS.rating, min, max)),
      })
      .max(max, outOfRange(FIELDS.rating, min, max)),
  ),
  comment: optionalText(FIELDS.comment, LIMITS.ratingComment),
});

export type RatingInput = z.input<typeof ratingSchema>;
export type RatingData = z.output<typeof ratingSchema>;
