import type { CategoryKey } from '../catalog/categories.ts';
import type { MaterialLabel } from '../catalog/materials.ts';
import type { OpeningRange } from '../places/opening-hours.ts';

/** 1 published; 0 awaiting review ('En Revisión') or unpublished by a super user ('No Publicado'). */
export type PublicationStatus = 0 | 1;

/** Author of a publication, as shown on cards and in the contact cart. */
export interface Seller {
  _id: string;
  name: string;
  pictureUrl: string | null;
  /** WhatsApp number; the contact-cart button is shown only when present. */
  phone: string | null;
  /** The seller's ratings: the average (one decimal) is null when nobody rated them yet. */
  rating: SellerRating;
}

/** How other members rated a seller, as cards and the publication detail show it. */
export interface SellerRating {
  /** Average of the stars (1 to 5), rounded to one decimal; null without ratings. */
  qualificationAvg: number | null;
  count: number;
}

export interface PublicationFile {
  url: string;
  /** Smaller copy for cards, as the API answers it; absent in form input. */
  thumbnailUrl?: string;
}

/** An anuncio. Optional values that were not given are null. */
export interface Publication {
  _id: string;
  typed: CategoryKey;
  title: string;
  description: string;
  /** Date and time of an event or course start (ISO 8601, UTC). */
  calendaredAt: string | null;
  /** When it ends (ISO 8601, UTC), if the author said so. */
  calendaredUntil: string | null;
  /** Units available. */
  quantity: number | null;
  price: number | null;
  /** Percentage off the price, 0 to 100. */
  discountRate: number | null;
  locationAddress: string | null;
  /** Link to the place on a map. */
  locationUrl: string | null;
  locationCountry: string | null;
  locationProvince: string | null;
  locationCity: string | null;
  /**
   * The point (WGS 84), null when none was given. For a barter or market publication whose author did not choose to
   * show the exact place, everyone but the author and super users gets an approximate point (locationApproximate).
   */
  locationLat?: number | null;
  locationLng?: number | null;
  /** True when locationLat/locationLng are moved a few hundred metres (draw a circle of APPROXIMATE_RADIUS_M). */
  locationApproximate?: boolean;
  /** The author's choice for barter and market: true shows the exact place; null is the type's default. */
  locationExact?: boolean | null;
  /** Recycling points' opening hours (days and ranges, in the country's time zone); null when not given. */
  openingHours?: OpeningRange[] | null;
  /** Kilometres from the `near` point of a list query, measured to the point others see; absent otherwise. */
  distanceKm?: number;
  /** Material labels, see MATERIAL_LABELS. */
  labels: string[];
  /** Images, the first one is the cover. */
  files: PublicationFile[];
  /** 1 published (PUBLISHED_STATUS), 0 otherwise. */
  status: number;
  createdBy: Seller;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601. */
  updatedAt: string;
}

/** A tip as listed: tips are publications of the category 'tips'. */
export interface Tip {
  id: string;
  title: string;
}

/** Search criteria of the explore page; an absent criterion does not filter. */
export interface Filters {
  typed?: CategoryKey;
  labels?: MaterialLabel[];
  /** Country key. */
  country?: string;
  /** Province key. */
  province?: string;
  /** City key. */
  city?: string;
  /** Free text searched in titles and descriptions. */
  term?: string;
}
