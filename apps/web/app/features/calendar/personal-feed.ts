// The personal calendar feed's card in settings: what the API answers, and the intent of its form.

/** The settings form's intent that makes or replaces the link. */
export const CALENDAR_FEED_INTENT = 'calendar-feed';

/** GET /api/me/calendar-feed: whether the member has a link, and since when (the link itself is shown once). */
export type PersonalFeedState = { createdAt: string } | null;

/** POST /api/me/calendar-feed: the new link, in its three forms. */
export type PersonalFeedLinks = { createdAt: string; url: string; webcalUrl: string; googleUrl: string };

/** The action's answer to the card's form. */
export type PersonalFeedAnswer =
  | { intent: typeof CALENDAR_FEED_INTENT; ok: true; feed: PersonalFeedLinks }
  | { intent: typeof CALENDAR_FEED_INTENT; ok: false; message: string };

export function isPersonalFeedAnswer(value: unknown): value is PersonalFeedAnswer {
  return (
    typeof value === 'object' && value !== null && 'intent' in value && value.intent === CALENDAR_FEED_INTENT
  );
}
