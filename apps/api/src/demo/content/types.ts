import type { CategoryKey, MaterialLabel } from '@eco/domain';

export type DemoPlace = {
  country: string;
  province: string;
  city: string;
  address?: string;
  /** Latitude and longitude, for the map link. */
  coordinates?: readonly [number, number];
};

export type DemoUser = {
  key: string;
  name: string;
  email: string;
  isSuperUser: boolean;
  /** WhatsApp number, digits only; fictitious, padded with zeros. */
  phone: string | null;
  place: DemoPlace;
};

export type DemoPublication = {
  /** Stable name, used for the image files. */
  key: string;
  typed: CategoryKey;
  title: string;
  description: string;
  /** Key of the author among the demo users. */
  author: string;
  place: DemoPlace;
  labels?: readonly MaterialLabel[];
  quantity?: number;
  price?: number;
  discountRate?: number;
  /** Start of an event or course: days after loading, at a local time of day. */
  startsIn?: { days: number; time: string };
  /** How many images to draw (1 or 2). */
  images: 1 | 2;
  /** false: awaiting review (status 0). */
  published: boolean;
  /** Age at loading, so that lists have a natural order. */
  postedHoursAgo: number;
};

/** One demo member's rating of another. */
export type DemoRating = {
  /** Key of the rater among the demo users. */
  from: string;
  /** Key of the rated member. */
  to: string;
  rating: 1 | 2 | 3 | 4 | 5;
  comment?: string;
  /** Age at loading. */
  daysAgo: number;
};
