// Spanish answers of the push routes: the domain's (shared with the web form) and the texts of a push itself.
export { PUSH_MESSAGES } from '@eco/domain';

/** What a push says when its notification has no link: the notifications page. */
export const DEFAULT_PUSH_LINK = '/dashboard/notifications';
