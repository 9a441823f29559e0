import type { CategoryKey, MaterialLabel } from '@eco/domain';
import type { DemoEnd, DemoStart } from '../demo-schedule.ts';

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
  /** Start of an event or course, relative to loading (see demo-schedule.ts). */
  startsIn?: DemoStart;
  /** Optional end of an event or course: a local time that day or days later. */
  endsAt?: DemoEnd;
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

/** A payment status of Mercado Pago, as its payments API answers it. */
export type DemoPaymentStatus =
  | 'pending'
  | 'authorized'
  | 'in_process'
  | 'in_mediation'
  | 'approved'
  | 'rejected'
  | 'cancelled'
  | 'refunded'
  | 'charged_back';

/** A time after the previous step. */
export type DemoDelay = { minutes: number } | { hours: number } | { days: number };

/** What Mercado Pago said of one of the buyer's payments. */
export type DemoPayment = {
  status: DemoPaymentStatus;
  /** The buyer's second payment (another card after a rejection); the first by default. */
  attempt?: 2;
  after: DemoDelay;
};

/** A purchase with Mercado Pago between demo members; the seller is the publication's author. */
export type DemoOrder = {
  /** Key of the buyer among the demo users. */
  buyer: string;
  /** Key of a published product or course with a price. */
  publication: string;
  quantity: number;
  /** Age at loading: when the buyer went to the checkout. */
  hoursAgo: number;
  /** What Mercado Pago said next, in order; none when the buyer left the checkout without paying. */
  payments: readonly DemoPayment[];
};

/** A message sent to a seller through the WhatsApp cart. */
export type DemoContact = {
  /** Key of the member who wrote; null for a guest. */
  buyer: string | null;
  /** Key of the seller, who has a WhatsApp number. */
  seller: string;
  /** Keys of the seller's published publications in the cart, in its order. */
  publications: readonly string[];
  /** Age at loading. */
  hoursAgo: number;
};
