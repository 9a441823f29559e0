import type { ListingType, TypedField, User } from '@eco/domain';
import type { OpeningRange } from '@eco/domain/places/opening-hours';
import { isRequiredFor } from '@eco/domain';
import { PUBLISHED_STATUS } from '@eco/domain/constants';
import type { PublicationJson } from '../publications/publications';

/** A type the form can hold: the listing types, and 'tips' when a super user edits a tip. */
export type FormType = ListingType | 'tips';

export type FormImage = { url: string; thumbnailUrl: string };

/**
 * The publication form's fields as its inputs hold them (texts '' and selects null when empty, numbers as the
 * number inputs give them). The same shape is what the domain's publicationSchema reads.
 */
export type PublicationFormValues = {
  typed: FormType | null;
  title: string;
  description: string;
  /** The 'Tengo más de uno' switch: quantity is asked only when it is on. Not sent. */
  hasQuantity: boolean;
  quantity: number | string;
  price: number | string;
  discountRate: number | string;
  locationAddress: string;
  locationUrl: string;
  locationCountry: string | null;
  locationProvince: string | null;
  locationCity: string | null;
  /** The point (WGS 84) as the number inputs hold it, '' when none. */
  locationLat: number | string;
  locationLng: number | string;
  /** Barter and market: show the exact place instead of a circle around it. */
  locationExact: boolean;
  /** Recycling points: the week's ranges (none: no hours shown). */
  openingHours: OpeningRange[];
  /** ISO instant, or '' when no date was chosen. */
  calendaredAt: string;
  /** The optional end: ISO instant, or ''. */
  calendaredUntil: string;
  labels: string[];
  /** The thumbnail is only shown here; the API keeps `{ url }`. */
  files: FormImage[];
  /** Only in super users' forms (the 'Publicado' switch); the API decides for everybody else. */
  status?: 0 | 1;
};

/** A new publication: the place comes from the author's profile. */
/** An empty form, in the author's place; `typed` opens it on that type's details (types that need a quantity with it). */
export function newFormValues(
  profile: User | null,
  isSuperUser: boolean,
  typed: ListingType | null = null,
): PublicationFormValues {
  return {
    typed,
    title: '',
    description: '',
    hasQuantity: typed !== null && isFieldRequired(typed, 'quantity'),
    quantity: '',
    price: '',
    discountRate: '',
    locationAddress: '',
    locationUrl: '',
    locationCountry: profile?.locationCountry ?? null,
    locationProvince: profile?.locationProvince ?? null,
    locationCity: profile?.locationCity ?? null,
    locationLat: '',
    locationLng: '',
    locationExact: false,
    openingHours: [],
    calendaredAt: '',
    calendaredUntil: '',
    labels: [],
    files: [],
    // A super user's publication is published unless they switch it off, as the API does.
    ...(isSuperUser ? { status: PUBLISHED_STATUS } : {}),
  };
}

export function editFormValues(publication: PublicationJson, isSuperUser: boolean): PublicationFormValues {
  return {
    typed: publication.typed,
    title: publication.title,
    description: publication.description,
    hasQuantity: publication.quantity !== null,
    quantity: publication.quantity ?? '',
    price: publication.price ?? '',
    discountRate: publication.discountRate ?? '',
    locationAddress: publication.locationAddress ?? '',
    locationUrl: publication.locationUrl ?? '',
    locationCountry: publication.locationCountry,
    locationProvince: publication.locationProvince,
    locationCity: publication.locationCity,
    // Its author and super users get the exact point back.
    locationLat: publication.locationLat ?? '',
    locationLng: publication.locationLng ?? '',
    locationExact: publication.locationExact === true,
    openingHours: publication.openingHours ?? [],
    calendaredAt: publication.calendaredAt ?? '',
    calendaredUntil: publication.calendaredUntil ?? '',
    labels: publication.labels,
    files: publication.files.map((file) => ({ url: file.url, thumbnailUrl: file.thumbnailUrl || file.url })),
    ...(isSuperUser ? { status: publication.status === PUBLISHED_STATUS ? 1 : 0 } : {}),
  };
}

/** Whether the chosen type makes a field required (title, description and images always are). */
export function isFieldRequired(typed: FormType | null, field: TypedField): boolean {
  return typed !== null && typed !== 'tips' && isRequiredFor(typed, field);
}
