/** Categories the publication form offers: tips are browsed only, never created. */
export const LISTING_TYPES = ['dots', 'events', 'courses', 'market', 'barter'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

export function isListingType(value: unknown): value is ListingType {
  return typeof value === 'string' && (LISTING_TYPES as readonly string[]).includes(value);
}
