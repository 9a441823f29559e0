import { z } from 'zod';
import { LISTING_TYPES, isListingType, type ListingType } from '../catalog/listing-types.ts';
import { isMaterialLabel } from '../catalog/materials.ts';
import { LIMITS, MIN_PRICE, MIN_QUANTITY, RANGES } from '../constants.ts';
import type { PublicationStatus } from '../types/publication.ts';
import { checkPoint, placeFields } from '../places/schemas.ts';
import {
  checkLocation,
  imageUrl,
  isRecord,
  optionalDateTime,
  optionalHttpUrl,
  optionalLocationKey,
  optionalNumber,
  optionalText,
  requiredText,
  whenObject,
} from './fields.ts';
import {
  FIELDS,
  MESSAGES,
  atLeast,
  incorrect,
  maxCharacters,
  notAnInteger,
  outOfRange,
  required,
} from './messages.ts';

/** Fields that only some listing types require. */
export type TypedField = 'quantity' | 'price' | 'locationAddress' | 'calendaredAt' | 'labels';

/** Per-type requirements of the publication form (spec section 5). */
// The types requiring calendaredAt are CALENDARED_TYPES (a domain test keeps the two in step).
export const REQUIRED_BY_TYPE: Readonly<Record<ListingType, readonly TypedField[]>> = {
  dots: ['locationAddress', 'labels'],
  events: ['locationAddress', 'calendaredAt'],
  courses: ['quantity', 'price', 'locationAddress', 'calendaredAt'],
  market: ['quantity', 'price'],
  barter: ['labels'],
};

const MISSING_MESSAGES: Readonly<Record<TypedField, string>> = {
  quantity: MESSAGES.quantityRequired,
  price: required(FIELDS.price),
  locationAddress: required(FIELDS.locationAddress),
  calendaredAt: required(FIELDS.calendaredAt),
  labels: MESSAGES.labelsRequired,
};

export function isRequiredFor(typed: ListingType, field: TypedField): boolean {
  return REQUIRED_BY_TYPE[typed].includes(field);
}

/**
 * Reads either form of the status: 1 or 'published' is published (1); 0, 'private' or any other value is not (0).
 */
export function normalizeStatus(value: unknown): PublicationStatus {
  return value === 1 || value === '1' || value === 'published' ? 1 : 0;
}

const statusSchema = z
  .literal([1, 0, 'published', 'private'], { error: incorrect(FIELDS.status) })
  .transform(normalizeStatus);

/** A file chosen in the picker must have an extension. */
export const fileNameSchema = z
  .string({ error: incorrect(FIELDS.file) })
  .trim()
  .regex(/^.*[^.]\.[a-z0-9]+$/i, incorrect(FIELDS.file));

const publicationFields = z.object({
  /** Present when editing. */
  _id: z.string().optional(),
  typed: z.enum(LISTING_TYPES, {
    error: (issue) =>
      issue.input == null || issue.input === '' ? required(FIELDS.typed) : incorrect(FIELDS.typed),
  }),
  title: requiredText(FIELDS.title, LIMITS.publicationTitle),
  description: requiredText(
    FIELDS.description,
    LIMITS.publicationDescription,
    maxCharacters(LIMITS.publicationDescription.max),
  ),
  quantity: optionalNumber(FIELDS.quantity, (schema) =>
    schema.int(notAnInteger(FIELDS.quantity)).min(MIN_QUANTITY, atLeast(FIELDS.quantity, MIN_QUANTITY)),
  ),
  price: optionalNumber(FIELDS.price, (schema) => schema.min(MIN_PRICE, atLeast(FIELDS.price, MIN_PRICE))),
  discountRate: optionalNumber(FIELDS.discountRate, (schema) =>
    schema
      .int(notAnInteger(FIELDS.discountRate))
      .min(
        RANGES.discountRate.min,
        outOfRange(FIELDS.discountRate, RANGES.discountRate.min, RANGES.discountRate.max),
      )
      .max(
        RANGES.discountRate.max,
        outOfRange(FIELDS.discountRate, RANGES.discountRate.min, RANGES.discountRate.max),
      ),
  ),
  locationAddress: optionalText(FIELDS.locationAddress, LIMITS.publicationAddress),
  locationUrl: optionalHttpUrl(FIELDS.locationUrl),
  locationCountry: optionalLocationKey('locationCountry'),
  locationProvince: optionalLocationKey('locationProvince'),
  locationCity: optionalLocationKey('locationCity'),
  ...placeFields,
  calendaredAt: optionalDateTime(FIELDS.calendaredAt),
  /** Optional end of an event or course. */
  calendaredUntil: optionalDateTime(FIELDS.calendaredUntil),
  labels: z
    .array(z.string({ error: incorrect(FIELDS.label) }).refine(isMaterialLabel, incorrect(FIELDS.label)), {
      error: incorrect(FIELDS.labels),
    })
    .nullish()
    .transform((labels) => [...new Set(labels)]),
  files: z
    .array(z.object({ url: imageUrl(FIELDS.image) }), { error: MESSAGES.filesRequired })
    .min(1, MESSAGES.filesRequired),
  /** Only super users may set it; absent leaves the decision to the API. */
  status: statusSchema.optional(),
});

/** A date-time as optionalDateTime outputs it; a field that failed keeps its raw value (see whenObject). */
function isParsedInstant(value: unknown): value is string {
  return (
    typeof value === 'string' && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString() === value
  );
}

/**
 * An end must come after the start (both UTC ISO text once parsed, so they compare as text). An end without a start
 * is reported only where the start is not already reported missing; a value that failed has its own message.
 */
function checkEnd(value: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const { calendaredAt: start, calendaredUntil: end } = value;
  if (!isParsedInstant(end)) return;
  const issue = (message: string) =>
    ctx.addIssue({ code: 'custom', path: ['calendaredUntil'], message, input: end });
  if (isParsedInstant(start)) {
    if (end <= start) issue(MESSAGES.endBeforeStart);
  } else if (start == null && !(isListingType(value.typed) && isRequiredFor(value.typed, 'calendaredAt'))) {
    issue(MESSAGES.endWithoutStart);
  }
}

/** The publication form, for creating (no `_id`) and editing. */
export const publicationSchema = publicationFields.superRefine(
  (data, ctx) => {
    // Runs even when other fields failed (see whenObject): a field that failed keeps its raw value, so it is not
    // reported missing as well.
    const value: Record<string, unknown> = isRecord(data) ? data : {};
    if (isListingType(value.typed)) {
      for (const field of REQUIRED_BY_TYPE[value.typed]) {
        const fieldValue = value[field];
        if (
          fieldValue == null ||
          fieldValue === '' ||
          (Array.isArray(fieldValue) && fieldValue.length === 0)
        ) {
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: MISSING_MESSAGES[field],
            input: fieldValue,
          });
        }
      }
    }
    checkLocation(value, ctx, true);
    checkPoint(value, ctx);
    checkEnd(value, ctx);
  },
  { when: whenObject },
);

export type PublicationInput = z.input<typeof publicationSchema>;
export type PublicationData = z.output<typeof publicationSchema>;
