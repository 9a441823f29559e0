import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../constants.ts';
import { findCity } from '../catalog/cities.ts';
import { isCountryKey } from '../catalog/countries.ts';
import { findProvince } from '../catalog/provinces.ts';
import {
  FIELDS,
  MESSAGES,
  badFormat,
  incorrect,
  notANumber,
  required,
  tooLong,
  tooShort,
  type FieldLabel,
} from './messages.ts';

// Field builders shared by the form schemas. Conventions: texts are trimmed before their length is checked
// (passwords excepted: every character of a password counts); an empty optional value ('', null or absent)
// comes out as null; a required value that is absent or blank gets only the 'obligatorio' message.
// No check uses `abort: true`: an explicit abort would also skip the object-level checks (per-type requirements,
// password confirmation), and every field must get its messages on the first submit.

interface Limits {
  readonly min: number;
  readonly max: number;
}

interface IssueSink {
  addIssue(issue: { code: 'custom'; path?: string[]; message: string; input?: unknown }): void;
}

/** Message of a schema's own type check: nothing given reads as missing, anything else as incorrect. */
function typeError(field: FieldLabel, otherwise = incorrect(field)) {
  return (issue: { input?: unknown }) => (issue.input == null ? required(field) : otherwise);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Lets an object-level check run when its fields have issues, so that every field gets its messages at once. */
export function whenObject(payload: { value: unknown }): boolean {
  return isRecord(payload.value);
}

/** Blank reads as missing; a shorter text as too short. One message either way. */
function minLength(field: FieldLabel, min: number) {
  return (text: string, ctx: IssueSink) => {
    if (text.length === 0) ctx.addIssue({ code: 'custom', message: required(field), input: text });
    else if (text.length < min) ctx.addIssue({ code: 'custom', message: tooShort(field, min), input: text });
  };
}

export function requiredText(field: FieldLabel, limits: Limits, tooLongMessage = tooLong(field, limits.max)) {
  return z
    .string({ error: typeError(field) })
    .trim()
    .superRefine(minLength(field, limits.min))
    .max(limits.max, tooLongMessage);
}

/** A text that may be left empty; its length is checked only when it has one. */
export function optionalText(field: FieldLabel, limits: Limits) {
  return z
    .string({ error: incorrect(field) })
    .trim()
    .refine((text) => text === '' || text.length >= limits.min, tooShort(field, limits.min))
    .max(limits.max, tooLong(field, limits.max))
    .nullish()
    .transform((text) => text || null);
}

export function password(field: FieldLabel, limits: Limits) {
  return z
    .string({ error: typeError(field) })
    .superRefine(minLength(field, limits.min))
    .max(limits.max, tooLong(field, limits.max));
}

export const passwordConfirmation = z
  .string({ error: typeError(FIELDS.passwordConfirmation) })
  .min(1, required(FIELDS.passwordConfirmation));

/** Adds the mismatch check of `password` and `passwordConfirmation` once a confirmation was typed. */
export function withMatchingPasswords<
  T extends z.ZodType<{ password: string; passwordConfirmation: string }>,
>(schema: T): T {
  return schema.refine((value) => value.password === value.passwordConfirmation, {
    error: MESSAGES.passwordsMismatch,
    path: ['passwordConfirmation'],
    when: ({ value }) =>
      isRecord(value) &&
      typeof value.password === 'string' &&
      typeof value.passwordConfirmation === 'string' &&
      value.passwordConfirmation !== '',
  });
}

/** Stored lowercased, so that an address matches whatever case it is typed in. */
export const email = z
  .string({ error: typeError(FIELDS.email) })
  .trim()
  .min(1, required(FIELDS.email))
  .max(EMAIL_MAX_LENGTH, tooLong(FIELDS.email, EMAIL_MAX_LENGTH))
  .refine((text) => text === '' || z.regexes.email.test(text), badFormat(FIELDS.email))
  .toLowerCase();

/** Forms send numbers as strings: a blank string means no value (never 0), any other string must be numeric. */
function toNumber(value: number | string | null | undefined): number | null {
  if (typeof value === 'number') return value;
  const text = value?.trim();
  return text ? Number(text) : null;
}

function numberInput(field: FieldLabel) {
  return z
    .union([z.number(), z.string()], { error: notANumber(field) })
    .nullish()
    .transform(toNumber);
}

/** A number that may be left empty (null); `rules` adds its checks. */
export function optionalNumber(field: FieldLabel, rules: (schema: z.ZodNumber) => z.ZodNumber) {
  return numberInput(field).pipe(rules(z.number({ error: notANumber(field) })).nullable());
}

export function requiredNumber(field: FieldLabel, rules: (schema: z.ZodNumber) => z.ZodNumber) {
  return numberInput(field).pipe(rules(z.number({ error: typeError(field, notANumber(field)) })));
}

/**
 * An ISO 8601 date-time with seconds and an offset (or Z), on a real calendar day; or empty. Comes out in UTC
 * ('2026-03-01T13:00:00.000Z').
 */
export function optionalDateTime(field: FieldLabel) {
  return z
    .string({ error: badFormat(field) })
    .trim()
    .nullish()
    .transform((text) => text || null)
    .pipe(
      z.iso
        .datetime({ offset: true, error: badFormat(field) })
        .transform((text) => new Date(text).toISOString())
        .nullable(),
    );
}

/** An http(s) address with a domain name, or empty. */
export function optionalHttpUrl(field: FieldLabel) {
  return z
    .string({ error: badFormat(field) })
    .trim()
    .nullish()
    .transform((text) => text || null)
    .pipe(z.httpUrl({ error: badFormat(field) }).nullable());
}

/** Uploaded images are served by the app itself ('/media/…') or by a file storage (https://…). */
export function isImageUrl(text: string): boolean {
  if (/^\/[^/\s]\S*$/.test(text)) return true;
  if (!URL.canParse(text)) return false;
  const { protocol } = new URL(text);
  return protocol === 'https:' || protocol === 'http:';
}

export function imageUrl(field: FieldLabel) {
  return z
    .string({ error: typeError(field) })
    .trim()
    .min(1, required(field))
    .refine((text) => text === '' || isImageUrl(text), incorrect(field));
}

export function optionalImageUrl(field: FieldLabel) {
  return z
    .string({ error: incorrect(field) })
    .trim()
    .refine((text) => text === '' || isImageUrl(text), incorrect(field))
    .nullish()
    .transform((text) => text || null);
}

const LOCATION_LOOKUPS = {
  locationCountry: isCountryKey,
  locationProvince: (key: string) => findProvince(key) !== undefined,
  locationCity: (key: string) => findCity(key) !== undefined,
} as const;
type LocationField = keyof typeof LOCATION_LOOKUPS;

/** A key of the catalog (country, province or city). */
export function requiredLocationKey(field: LocationField) {
  return z
    .string({ error: typeError(FIELDS[field]) })
    .trim()
    .min(1, required(FIELDS[field]))
    .refine((key) => key === '' || LOCATION_LOOKUPS[field](key), incorrect(FIELDS[field]));
}

export function optionalLocationKey(field: LocationField) {
  return z
    .string({ error: incorrect(FIELDS[field]) })
    .trim()
    .refine((key) => key === '' || LOCATION_LOOKUPS[field](key), incorrect(FIELDS[field]))
    .nullish()
    .transform((key) => key || null);
}

/**
 * Checks that the province lies in the country and the city in the province. Where the levels are optional, a city or
 * province must also come with the level above it. Unknown keys already have their own issue and are skipped here.
 */
export function checkLocation(value: Record<string, unknown>, ctx: IssueSink, levelsOptional: boolean): void {
  const { locationCountry: country, locationProvince: provinceKey, locationCity: cityKey } = value;
  const province = typeof provinceKey === 'string' ? findProvince(provinceKey) : undefined;
  const city = typeof cityKey === 'string' ? findCity(cityKey) : undefined;
  if (levelsOptional && province && !country) {
    ctx.addIssue({ code: 'custom', path: ['locationCountry'], message: required(FIELDS.locationCountry) });
  } else if (province && isCountryKey(country) && province.countryKey !== country) {
    ctx.addIssue({ code: 'custom', path: ['locationProvince'], message: MESSAGES.provinceOutsideCountry });
  }
  if (levelsOptional && city && !provinceKey) {
    ctx.addIssue({ code: 'custom', path: ['locationProvince'], message: required(FIELDS.locationProvince) });
  } else if (city && province && city.provinceKey !== province.key) {
    ctx.addIssue({ code: 'custom', path: ['locationCity'], message: MESSAGES.cityOutsideProvince });
  }
}
