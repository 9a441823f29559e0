import type { RouterContextProvider } from 'react-router';
import { callApi } from '../../lib/api.server';
import { ApiError } from '../../lib/api-client';
import {
  CALENDAR_FEED_INTENT,
  type PersonalFeedAnswer,
  type PersonalFeedLinks,
  type PersonalFeedState,
} from './personal-feed';

/** Whether the member has a personal feed; null (no card state) when the API cannot say. */
export async function loadPersonalFeed(
  context: Readonly<RouterContextProvider>,
): Promise<{ feed: PersonalFeedState } | null> {
  try {
    return (await callApi<{ feed: PersonalFeedState }>(context, '/api/me/calendar-feed')).data;
  } catch {
    return null;
  }
}

/** "Crear enlace" / "Cambiar enlace": a new secret link; the previous one stops working at once. */
export async function rotatePersonalFeed(
  context: Readonly<RouterContextProvider>,
): Promise<PersonalFeedAnswer> {
  try {
    const { data } = await callApi<{ feed: PersonalFeedLinks }>(context, '/api/me/calendar-feed', {
      method: 'POST',
    });
    return { intent: CALENDAR_FEED_INTENT, ok: true, feed: data.feed };
  } catch (error) {
    const message =
      error instanceof ApiError ? error.message : 'No pudimos crear el enlace. Intenta de nuevo.';
    return { intent: CALENDAR_FEED_INTENT, ok: false, message };
  }
}
