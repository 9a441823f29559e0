/** Categories the publication form offers: tips are browsed only, never created. */
export const LISTING_TYPES = ['dots', 'events', 'courses', 'market', 'barter'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

export function isListingType(value: unknown): value is ListingType {
  return typeof value === 'string' && (LISTING_TYPES as readonly string[]).includes(value);
}

/** The types dated by `calendaredAt` (their form requires it): what can be added to a calendar. */
export const CALENDARED_TYPES = ['events', 'courses'] as const satisfies readonly ListingType[];

export function isCalendaredType(value: unknown): boolean {
  return typeof value === 'string' && (CALENDARED_TYPES as readonly string[]).includes(value);
}
