import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import {
  checkLocation,
  optionalImageUrl,
  optionalText,
  requiredLocationKey,
  requiredText,
  whenObject,
} from './fields.ts';
import { FIELDS } from './messages.ts';

/** The profile form of the settings page; the e-mail address is read-only there. */
export const profileSchema = z
  .object({
    name: requiredText(FIELDS.name, LIMITS.name),
    pictureUrl: optionalImageUrl(FIELDS.pictureUrl),
    phone: optionalText(FIELDS.phone, LIMITS.profilePhone),
    locationCountry: requiredLocationKey('locationCountry'),
    locationProvince: requiredLocationKey('locationProvince'),
    locationCity: requiredLocationKey('locationCity'),
    locationAddress: optionalText(FIELDS.locationAddress, LIMITS.profileAddress),
  })
  .superRefine((data, ctx) => checkLocation(data, ctx, false), { when: whenObject });

export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileData = z.output<typeof profileSchema>;
