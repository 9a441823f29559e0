// Business constants of the specification (section 9). Durations are in milliseconds, sizes in pixels and
// lengths in characters.

export const APP_NAME = 'EcoAnuncios';
export const APP_SLOGAN = 'Un lugar para mejorar el mundo';
export const APP_TITLE = `${APP_NAME} | ${APP_SLOGAN}`;

/** Lifetime of a session; the user is signed out automatically when it passes. */
export const SESSION_LIFETIME_MS = 3_600_000;
/** Delay before signing out clears the stored session data. */
export const SIGN_OUT_DELAY_MS = 1000;
export const SESSION_COOKIE_NAME = 'eco_session';
/** Delay before a user whose session ended on the publication form is sent to /auth. */
export const SESSION_EXPIRED_REDIRECT_MS = 4599;

export const DEFAULT_PAGE = 1;
/** Page size of publications, own publications and notifications. */
export const DEFAULT_PAGE_SIZE = 6;
/** Largest page size the API serves, whatever the client asks for. */
export const MAX_PAGE_SIZE = 60;

/** Default notice duration. */
export const NOTICE_MS = 3000;
export const ERROR_NOTICE_MS = 4500;
/** Form error and save success notices. */
export const FORM_NOTICE_MS = 1999;
export const WARNING_NOTICE_MS = 999;
/** Any other notice timeout. */
export const SHORT_NOTICE_MS = 639;
/** An opened notification is marked read after this delay. */
export const NOTIFICATION_AUTO_READ_MS = 666;
/** Animation of the floating cart button when its count changes. */
export const CART_ANIMATION_MS = 999;

/** The mobile layout applies when the window is narrower than this. */
export const MOBILE_BREAKPOINT_PX = 630;
export const DIALOG_WIDTH = { filter: 333, information: 450, notification: 450, cart: 360 } as const;

/** Length at which the signed-in user's name is cut in the top bar. */
export const TOP_BAR_NAME_LENGTH = 6;
export const CARD_TITLE_LENGTH = 18;
export const CARD_DESCRIPTION_LENGTH = 33;
/** Length at which a publication description is cut in the contact-cart dialog. */
export const CART_DESCRIPTION_LENGTH = 75;
/** Length at which a tip title is cut in the tip list. */
export const TIP_TITLE_LENGTH = 36;

/** Length limits (in characters, after trimming) of the form fields, each inclusive. */
export const LIMITS = {
  publicationTitle: { min: 3, max: 75 },
  publicationDescription: { min: 6, max: 1000 },
  publicationAddress: { min: 6, max: 333 },
  signInPassword: { min: 6, max: 18 },
  signUpPassword: { min: 6, max: 21 },
  newPassword: { min: 6, max: 18 },
  name: { min: 3, max: 33 },
  profileAddress: { min: 3, max: 300 },
  profilePhone: { min: 9, max: 300 },
  paymentDetails: { min: 6, max: 540 },
  ratingComment: { min: 6, max: 300 },
  /** The comment of a report, like a rating's. */
  reportComment: { min: 6, max: 300 },
  /** Not in the specification: a bound so that the assistant is never sent an unbounded text. */
  botMessage: { min: 1, max: 500 },
} as const satisfies Record<string, { min: number; max: number }>;

/** Value ranges of the numeric fields, each inclusive. */
export const RANGES = {
  /** Stars of a rating. */
  rating: { min: 1, max: 5 },
  /** Percentage off the price. */
  discountRate: { min: 0, max: 100 },
} as const satisfies Record<string, { min: number; max: number }>;
export const MIN_QUANTITY = 1;
export const MIN_PRICE = 0;
/** The longest address RFC 5321 lets through. */
export const EMAIL_MAX_LENGTH = 254;

/** Step of the minute picker of the publication date. */
export const MINUTES_STEP = 5;
/** Choices of the hour picker: '00' to '23'. */
export const HOURS: readonly string[] = Array.from({ length: 24 }, (_, hour) =>
  String(hour).padStart(2, '0'),
);
/** Choices of the minute picker: '00', '05', … '55'. */
export const MINUTES: readonly string[] = Array.from({ length: 60 / MINUTES_STEP }, (_, index) =>
  String(index * MINUTES_STEP).padStart(2, '0'),
);

export const CURRENCY_DISPLAY = '$AR';
/** dayjs format of the dates shown to users. */
// The spec writes 'DD/MM/YYYY hh:mm'; in dayjs 'hh' is a 12-hour clock without am/pm, so 24-hour 'HH' it is.
export const DATE_DISPLAY_FORMAT = 'DD/MM/YYYY HH:mm';

/** Status of a published publication; any other value means not published (awaiting review or private). */
export const PUBLISHED_STATUS = 1;
export const UNPUBLISHED_STATUS = 0;

/** WhatsApp number (digits only, international format) used for contact when a seller has none. */
export const DEFAULT_CONTACT_PHONE = '5493850000000';
