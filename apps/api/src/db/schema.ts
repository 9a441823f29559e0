import type { OrderStatus } from '@eco/domain';
import type { Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';

// Every timestamp is an ISO-8601 UTC string and every flag an integer 0/1 on both dialects, so that one query text
// (and one comparison of timestamps as strings) behaves the same on SQLite and PostgreSQL. Generated<…> marks the
// columns with a database default.

export interface UsersTable {
  id: string;
  /** Always stored lowercased. */
  email: string;
  name: string;
  password_hash: string;
  picture_url: string | null;
  phone: string | null;
  is_super_user: Generated<number>;
  is_active: Generated<number>;
  location_address: string | null;
  location_country: string | null;
  location_province: string | null;
  location_city: string | null;
  payment_details: string | null;
  /** When the e-mail was proven (activation link, password reset or an administrator); null while pending. */
  activated_at: string | null;
  /** Set while a super user has suspended the member from the moderation desk (is_active is 0 then). */
  suspended_at: string | null;
  /** How many ratings the user received and the sum of their stars, kept by the ratings service (0004). */
  rating_count: Generated<number>;
  rating_sum: Generated<number>;
  /** 1: e-mails about publications and ratings are sent; 0: the member turned them off. */
  email_notifications: Generated<number>;
  /** 1: "Me interesa" also reminds 1 hour before the start (migration 0025); the 24-hour one is always sent. */
  reminder_hour_before: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the token (hex): the token itself is never stored. */
  token_hash: string;
  user_id: string;
  expires_at: string;
  created_at: string;
}

export type UserTokenPurpose = 'activation' | 'reset';

/** Single-use tokens of the links sent by e-mail. */
export interface UserTokensTable {
  /** SHA-256 of the token (hex): the token itself is never stored. */
  token_hash: string;
  user_id: string;
  purpose: UserTokenPurpose;
  expires_at: string;
  created_at: string;
}

export interface PublicationsTable {
  id: string;
  typed: string;
  title: string;
  description: string;
  calendared_at: string | null;
  /** When an event or course ends (migration 0020); null: no end given. */
  calendared_until: string | null;
  quantity: number | null;
  price: number | null;
  discount_rate: number | null;
  location_address: string | null;
  location_url: string | null;
  location_country: string | null;
  location_province: string | null;
  location_city: string | null;
  /** JSON array of material labels. */
  labels: Generated<string>;
  /** 1 published, 0 awaiting review. */
  status: Generated<number>;
  /** The captcha of the form: 1 passed, 0 failed, null none (migration 0005). */
  captcha_verified: number | null;
  /** Why it was sent back to review, for its author; null once published. */
  review_note: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
  /** Raised by every change saved through the publication routes: the iCalendar SEQUENCE (migration 0020). */
  revision: Generated<number>;
  /** How many members marked "Me interesa" (migration 0025), kept with each interest written or removed. */
  interested_count: Generated<number>;
  /**
   * The search tokens of the title, the labels and the description (stemText: folded Spanish stems, spaces between),
   * written with the texts by every writer (searchStemsOf); the full-text indexes of both dialects read them.
   */
  title_stems: string;
  labels_stems: string;
  description_stems: string;
  /** The point as its author gave it (WGS 84; migration 0024), or null. */
  location_lat: number | null;
  location_lng: number | null;
  /** The point everyone but the author and super users sees: the exact one, or approximatePoint's. */
  public_lat: number | null;
  public_lng: number | null;
  /** The author's choice for barter and market: 1 shows the exact place, 0 or null the approximate one. */
  location_exact: number | null;
  /** Recycling points' opening hours as JSON (OpeningRange[]), or null. */
  opening_hours: string | null;
  /**
   * The open stretches of the week as a multirange of minutes, `{[540,780),[870,1110)}` (migration 0044): PostgreSQL's
   * open=now reads it from an index; SQLite keeps the same text and reads publication_opening_ranges.
   */
  open_minutes: string | null;
}

/** SQLite's R*Tree of the public points, keyed by publication_search_rows.seq (migration 0024). */
export interface PublicationPlacesTable {
  id: number;
  min_lat: number;
  max_lat: number;
  min_lng: number;
  max_lng: number;
  /** The category's slab (migration 0047). */
  min_kind: number;
  max_kind: number;
  /** The exact public point (auxiliary columns). */
  lat: number;
  lng: number;
}

/** SQLite only: the public point of each placed publication, keyed by publication_search_rows.seq (migration 0042). */
export interface PublicationPointsTable {
  seq: number;
  lat: number;
  lng: number;
}

/** SQLite only: the dates of each dated publication, keyed by publication_search_rows.seq (migration 0041). */
export interface PublicationDatesTable {
  seq: number;
  calendared_at: string;
  calendared_until: string | null;
  location_country: string | null;
}

/** Each stretch a recycling point is open, in minutes of its local week (migration 0024), for `open=now`. */
export interface PublicationOpeningRangesTable {
  publication_id: string;
  opens_at: number;
  closes_at: number;
}

export interface PublicationFilesTable {
  publication_id: string;
  position: number;
  url: string;
}

/**
 * SQLite only (migration 0003): a slim copy, kept by triggers, of each publication's filter and order columns. `seq`
 * is the publication's rowid in the full-text table `publication_search`. PostgreSQL instead has a `search_vector`
 * column on publications, which queries never select.
 */
export interface PublicationSearchRowsTable {
  seq: Generated<number>;
  id: string;
  status: number;
  typed: string;
  created_by: string;
  location_country: string | null;
  location_province: string | null;
  location_city: string | null;
  labels: string;
}

/** Every search token (four letters or more) of the publications, kept by triggers (migrations 0003 and 0011). */
export interface SearchWordsTable {
  word: string;
}

/** Solved captcha challenges until they expire: the replay guard shared by every process. */
export interface CaptchaSolutionsTable {
  id: string;
  expires_at: string;
}

export type ReportStatus = 'open' | 'dismissed' | 'upheld';

export interface ReportsTable {
  id: string;
  target_type: 'publication' | 'user';
  target_id: string;
  reason: string;
  comment: string | null;
  reporter_id: string | null;
  /** 'user:<id>' or 'guest:<keyed hash of the client address>'. */
  reporter_key: string;
  status: Generated<ReportStatus>;
  created_at: string;
  resolved_at: string | null;
  resolved_by: string | null;
}

export interface ModerationLogTable {
  id: string;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  target_type: 'publication' | 'user';
  target_id: string;
  target_label: string;
  reason: string | null;
  created_at: string;
}

/** A started Mercado Pago authorization (OAuth with PKCE): single use, bound to its user, short-lived. */
export interface SellerAuthorizationsTable {
  /** SHA-256 of the state (hex): the state itself is never stored. */
  state_hash: string;
  user_id: string;
  /** The PKCE code verifier, encrypted (see secret-box.ts). */
  code_verifier: string;
  redirect_uri: string;
  expires_at: string;
  created_at: string;
}

/** A member's connected Mercado Pago account; both tokens encrypted with AES-256-GCM. */
export interface SellerAccountsTable {
  user_id: string;
  /** Mercado Pago's id of the seller (the webhooks' user_id). */
  marketplace_user_id: string;
  nickname: string | null;
  access_token: string;
  refresh_token: string;
  token_expires_at: string;
  connected_at: string;
  updated_at: string;
}

export type { OrderStatus } from '@eco/domain';

/** A purchase through Checkout Pro: what was bought at what price, copied from the publication at the time. */
export interface OrdersTable {
  id: string;
  buyer_id: string;
  seller_id: string;
  /** Null once the publication is deleted; the copy below remains. */
  publication_id: string | null;
  typed: string;
  title: string;
  image_url: string | null;
  quantity: number;
  /** With the discount applied. */
  unit_price: number;
  total_amount: number;
  /** The marketplace's share (MARKETPLACE_FEE_PERCENT of the total at the time). */
  fee_amount: number;
  /** ARS or COP. */
  currency: string;
  status: OrderStatus;
  /** The seller's Mercado Pago id when the order was made: its token reads the payment. */
  marketplace_user_id: string;
  preference_id: string | null;
  checkout_url: string | null;
  payment_id: string | null;
  created_at: string;
  updated_at: string;
}

/** Every status an order went through, in order. */
export interface OrderEventsTable {
  order_id: string;
  status: OrderStatus;
  payment_id: string | null;
  created_at: string;
}

/** A message sent to a seller from the contact cart; guests have no buyer. */
export interface ContactsTable {
  id: string;
  seller_id: string;
  buyer_id: string | null;
  created_at: string;
}

/** The publications a contact was about, copied at the time. */
export interface ContactItemsTable {
  contact_id: string;
  position: number;
  publication_id: string | null;
  title: string;
  image_url: string | null;
}

/** One member's rating of another (one per pair). */
export interface QualificationsTable {
  id: string;
  from_user_id: string;
  to_user_id: string;
  /** Stars, 1 to 5. */
  rating: number;
  comment: string | null;
  created_at: string;
  updated_at: string;
}

export interface NotificationsTable {
  id: string;
  /** The recipient. */
  user_id: string;
  title: string;
  message: string;
  kind: string;
  from_user_id: string | null;
  /** Path of the site the notification leads to. */
  link: string | null;
  /** Unique per recipient when set: the same event notified twice makes one notification. */
  dedupe_key: string | null;
  read_at: string | null;
  created_at: string;
}

/** A publication a member saved ("Guardar", migration 0022); one row per member and publication. */
export interface FavoritesTable {
  user_id: string;
  publication_id: string;
  /** When it was saved: the member's list is newest saved first. */
  created_at: string;
}

/** Migration 0027: a device on which a member turned push on (decision 038). */
export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
  /** The kinds it receives, each between commas: `,ratings,sales,`. */
  kinds: string;
  /** The browser's User-Agent when it subscribed: how the member tells devices apart. */
  user_agent: string | null;
  created_at: string;
}

/** Migration 0027: a push waiting to be sent, written with its notification. */
export interface PushDeliveriesTable {
  id: string;
  user_id: string;
  kind: string;
  title: string;
  message: string;
  link: string | null;
  created_at: string;
}

/** Migration 0027: the VAPID key pair generated when the configuration has none (one row, id 1). */
export interface PushKeysTable {
  id: number;
  public_key: string;
  private_key: string;
}

/** A member's personal calendar feed (migration 0026): the SHA-256 of its secret link's secret, one per member. */
export interface CalendarFeedsTable {
  user_id: string;
  /** Hex SHA-256 of the secret; the secret itself is shown once, when made. */
  secret_hash: string;
  created_at: string;
}

/** A member's saved search (migration 0028): explore's term and filters under a name, and its alerts. */
export interface SavedSearchesTable {
  id: string;
  user_id: string;
  name: string;
  term: string | null;
  typed: string | null;
  country: string | null;
  province: string | null;
  city: string | null;
  /** JSON array of material names, sorted. */
  labels: string;
  /** 1: a matching publication, once published, notifies the member. */
  alert: number;
  /** 1: the matches also go into the daily e-mail. */
  digest: number;
  /** The map area (migration 0030): all four or none. */
  bbox_min_lng: number | null;
  bbox_min_lat: number | null;
  bbox_max_lng: number | null;
  bbox_max_lat: number | null;
  /** "Cerca de mí": both or none; it orders, it filters nothing. */
  near_lat: number | null;
  near_lng: number | null;
  /** 1: open=now (kept for opening the search; a moment, so the alerts ignore it). */
  open_now: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A publication that matched a saved search (migration 0028): once per pair. */
export interface SavedSearchHitsTable {
  search_id: string;
  publication_id: string;
  user_id: string;
  created_at: string;
  mailed_at: string | null;
}

/** The member's last daily e-mail of matches (their local day, AAAA-MM-DD). */
export interface SavedSearchDigestsTable {
  user_id: string;
  last_day: string;
  sent_at: string;
}

/** "Me interesa" on an event or course (migration 0025); one row per member and publication. */
export interface InterestsTable {
  user_id: string;
  publication_id: string;
  created_at: string;
}

/** The durable job queue (migration 0025, modules/jobs). */
export interface JobsTable {
  /** The job's name when its scheduler gives one (scheduling twice is once), else a random id. */
  id: string;
  kind: string;
  /** What it is about (`publication:{id}`), to move or drop a thing's jobs together. */
  subject: string | null;
  /** JSON. */
  payload: Generated<string>;
  /** When it is due; while claimed, when the claim's lease ends. ISO 8601. */
  run_at: string;
  /** Claims so far (a crash counts as one). */
  attempts: Generated<number>;
  /** The token of the current claim; null while never claimed. */
  claim: string | null;
  last_error: string | null;
  /** Set when it failed for the last time: never run again, kept for the operator. */
  failed_at: string | null;
  created_at: string;
}

/** Every image POST /media stored (migration 0006): its public URL (the thumbnail's is derived), key and owner. */
export interface UploadsTable {
  url: string;
  key: string;
  user_id: string;
  created_at: string;
}

/** The attempt limits' counters, shared by every server process (migration 0006). */
export interface AttemptCountersTable {
  key: string;
  count: number;
  window_ends_at: string;
}

/** Migration 0040: the earliest moment (epoch ms) the next request may leave for the geocoder; one row. */
export interface GeocoderPaceTable {
  id: number;
  next_at: number;
}

/** Migration 0040: the geocoder's answers, by a hash of the query. */
export interface GeocodedAddressesTable {
  query_hash: string;
  /** JSON: GeocodedPlace[]. */
  places: string;
  stored_at: string;
}

/** The version of each list, raised by triggers on every write to its table (migration 0007). */
export interface ListVersionsTable {
  list: string;
  version: string | number | bigint;
  /** Migration 0016: the first version whose changes list_changes still holds. */
  changes_from: Generated<string | number | bigint>;
}

/** Migration 0016: what each write to a list changed, written by the triggers that raise its version. */
export interface ListChangesTable {
  id: Generated<number>;
  list: string;
  version: string | number | bigint;
  /** When it was written (ISO): old changes are pruned. */
  at: string;
  /** JSON: see ListChange in db/list-changes.ts. */
  change: string;
}

/** Migration 0014: the bit of each material label in publication_counts.label_mask. */
export interface MaterialLabelBitsTable {
  name: string;
  bit: number;
}

/**
 * Migration 0014, kept by triggers: how many publications the public sees in each group (no place is '', the
 * labels as the sum of their bits).
 */
export interface PublicationCountsTable {
  typed: string;
  location_country: string;
  location_province: string;
  location_city: string;
  label_mask: number;
  n: string | number | bigint;
}

/** Migration 0029: the zoom bands' map cells, 360 / 2^band / 4 degrees wide. */
export interface MapCellBandsTable {
  band: number;
  size: number;
}

/**
 * Migration 0029, kept by triggers: per band, cell, category and country (no country is ''), how many points the
 * public sees and their sums in 1e-7 degrees (decision 042).
 */
export interface PublicationMapCellsTable {
  band: number;
  cell_lat: number;
  cell_lng: number;
  typed: string;
  country: string;
  n: string | number | bigint;
  sum_lat: string | number | bigint;
  sum_lng: string | number | bigint;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  user_tokens: UserTokensTable;
  publications: PublicationsTable;
  publication_files: PublicationFilesTable;
  publication_opening_ranges: PublicationOpeningRangesTable;
  publication_places: PublicationPlacesTable;
  publication_dates: PublicationDatesTable;
  publication_points: PublicationPointsTable;
  publication_search_rows: PublicationSearchRowsTable;
  search_words: SearchWordsTable;
  captcha_solutions: CaptchaSolutionsTable;
  reports: ReportsTable;
  moderation_log: ModerationLogTable;
  seller_authorizations: SellerAuthorizationsTable;
  seller_accounts: SellerAccountsTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  contacts: ContactsTable;
  contact_items: ContactItemsTable;
  qualifications: QualificationsTable;
  notifications: NotificationsTable;
  favorites: FavoritesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_deliveries: PushDeliveriesTable;
  push_keys: PushKeysTable;
  calendar_feeds: CalendarFeedsTable;
  saved_searches: SavedSearchesTable;
  saved_search_hits: SavedSearchHitsTable;
  saved_search_digests: SavedSearchDigestsTable;
  interests: InterestsTable;
  jobs: JobsTable;
  uploads: UploadsTable;
  attempt_counters: AttemptCountersTable;
  geocoder_pace: GeocoderPaceTable;
  geocoded_addresses: GeocodedAddressesTable;
  list_versions: ListVersionsTable;
  list_changes: ListChangesTable;
  material_label_bits: MaterialLabelBitsTable;
  publication_counts: PublicationCountsTable;
  map_cell_bands: MapCellBandsTable;
  publication_map_cells: PublicationMapCellsTable;
}

export type DB = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type UserTokenRow = Selectable<UserTokensTable>;
/** A publication as the app reads it: the search tokens and open minutes are written and indexed, never read back. */
export type PublicationRow = Omit<
  Selectable<PublicationsTable>,
  'title_stems' | 'labels_stems' | 'description_stems' | 'open_minutes'
>;
export type NewPublication = Insertable<PublicationsTable>;
export type NewPublicationFile = Insertable<PublicationFilesTable>;
export type PublicationUpdate = Updateable<PublicationsTable>;
export type SellerAccountRow = Selectable<SellerAccountsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type NewOrderEvent = Insertable<OrderEventsTable>;
export type NewContact = Insertable<ContactsTable>;
export type NewContactItem = Insertable<ContactItemsTable>;
export type QualificationRow = Selectable<QualificationsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;
