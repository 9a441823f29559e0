/** The signed-in user as the API returns it. */
export interface User {
  _id: string;
  /** Same value as `_id`; both names are in use by clients. */
  id: string;
  name: string;
  email: string;
  pictureUrl: string | null;
  /** WhatsApp number. */
  phone: string | null;
  /** May publish and unpublish any publication. */
  isSuperUser: boolean;
  locationAddress: string | null;
  /** Country key. */
  locationCountry: string | null;
  /** Province key. */
  locationProvince: string | null;
  /** City key. */
  locationCity: string | null;
}

/** How many ratings of each number of stars a user received, keyed '1' to '5'. */
export type RatingDistribution = Record<'1' | '2' | '3' | '4' | '5', number>;

export interface UserRatingData {
  /** Average of the ratings received, rounded to one decimal; null when nobody rated the user yet. */
  qualificationAvg: number | null;
  /** How many ratings the user received. */
  count: number;
  distribution: RatingDistribution;
}

/** Another user's profile: never carries the e-mail address. */
export type PublicUser = Omit<User, 'email'> & { userRatingData?: UserRatingData };

export interface SessionData {
  /** Absent where the token lives only in its httpOnly cookie. */
  token?: string;
  /** Moment the session ends (ISO 8601). */
  tokenExpiration: string;
  userId: string;
  userEmail: string;
  userPictureUrl: string | null;
  user: User;
}

/** Free-text details of how a seller takes payments. */
export type PaymentDetails = string;

/** Data returned by the payment marketplace when a seller connects an account. */
export interface SellerCredentials {
  marketplaceSellerAuthorizationCode: string;
  marketplaceRandomValidationId: string;
  marketplaceRedirectURI: string;
}

/** A rating given by one user to another. */
export interface Qualification {
  _id: string;
  /** The rated user. */
  toUserId: string;
  /** Stars, 1 to 5. */
  rating: number;
  comment: string | null;
  /** Who rated. */
  fromUser: { _id: string; name: string; pictureUrl: string | null };
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601; equals createdAt until the rating is edited. */
  updatedAt: string;
}
