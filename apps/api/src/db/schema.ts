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
  created_by: string;
  created_at: string;
  updated_at: string;
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
  created_at: string;
  location_country: string | null;
  location_province: string | null;
  location_city: string | null;
  labels: string;
}

/** Every word (four letters or more, folded) of the publications' texts, kept by triggers (migration 0003). */
export interface SearchWordsTable {
  word: string;
}

/** The version of each list, raised by triggers on every write to its table (migration 0007). */
export interface ListVersionsTable {
  list: string;
  version: string | number | bigint;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  user_tokens: UserTokensTable;
  publications: PublicationsTable;
  publication_files: PublicationFilesTable;
  publication_search_rows: PublicationSearchRowsTable;
  search_words: SearchWordsTable;
  list_versions: ListVersionsTable;
}

export type DB = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type UserTokenRow = Selectable<UserTokensTable>;
export type PublicationRow = Selectable<PublicationsTable>;
export type NewPublication = Insertable<PublicationsTable>;
export type NewPublicationFile = Insertable<PublicationFilesTable>;
export type PublicationUpdate = Updateable<PublicationsTable>;
