import type { AppNotification } from './notification.ts';
import type { Publication } from './publication.ts';
import type { Qualification } from './user.ts';

/**
 * A page of a list. `Page` alone is the paging data; `Page<'publications', Publication>` adds the list under its
 * own name.
 */
export type Page<TName extends string = never, TItem = unknown> = {
  total: number;
  totalPages: number;
  /** Null on the last page. */
  nextPage: number | null;
} & { [Name in TName]: TItem[] };

export type PublicationPage = Page<'publications', Publication>;
/** GET /notifications: a page, and how many of the member's notifications are unread (the bell's badge). */
export type NotificationPage = Page<'notifications', AppNotification> & { unread: number };
/** GET /user/{id}/qualifications. */
export type QualificationPage = Page<'qualifications', Qualification>;

/** Body of every error answer of the API; `message` is Spanish and meant for the user. */
export interface ApiError {
  statusCode: number;
  /** HTTP reason phrase, e.g. 'Bad Request'. */
  error: string;
  message: string;
}
