import { findCity } from '../catalog/cities.ts';
import { findCountry } from '../catalog/countries.ts';
import { findProvince } from '../catalog/provinces.ts';

// Subscribable calendar feeds (decision 037): the filters of explore that a feed takes, its Spanish name (the
// calendar's X-WR-CALNAME) and the links a member subscribes with. The API and the web share them, so the name a
// calendar app shows is the one the subscribe control announces.

/** What a public feed filters by: explore's filters without its page, period or status. */
export type CalendarFeedFilters = {
  typed?: string | null | undefined;
  country?: string | null | undefined;
  province?: string | null | undefined;
  city?: string | null | undefined;
  labels?: readonly string[] | undefined;
  term?: string | null | undefined;
};

/** The public feed's path on the site. */
export const CALENDAR_FEED_PATH = '/api/calendar.ics';

/** Past items a feed keeps: the last 30 days. */
export const CALENDAR_FEED_PAST_DAYS = 30;

const KINDS: Record<string, string> = { events: 'Eventos', courses: 'Cursos' };

/** "Eventos en Antioquia", "Cursos «compost» en Medellín", "Eventos y cursos en EcoAnuncios". */
export function calendarFeedName(filters: CalendarFeedFilters): string {
  const kind = (filters.typed ? KINDS[filters.typed] : undefined) ?? 'Eventos y cursos';
  const place =
    (filters.city ? findCity(filters.city)?.name : undefined) ??
    (filters.province ? findProvince(filters.province)?.name : undefined) ??
    (filters.country ? findCountry(filters.country)?.name : undefined) ??
    'EcoAnuncios';
  const term = filters.term?.trim() ? ` «${filters.term.trim()}»` : '';
  const labels = filters.labels?.length ? ` (${filters.labels.join(', ')})` : '';
  return `${kind}${term} en ${place}${labels}`;
}

/** The feed's query string for these filters (no leading `?`), in a fixed order so equal feeds share one URL. */
export function calendarFeedQuery(filters: CalendarFeedFilters): string {
  const params = new URLSearchParams();
  for (const key of ['typed', 'country', 'province', 'city', 'term'] as const) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  for (const label of filters.labels ?? []) params.append('labels', label);
  return params.toString();
}

/** The https URL of a feed (public or personal) turned into the webcal:// one calendar apps subscribe to. */
export function webcalUrlOf(httpsUrl: string): string {
  return httpsUrl.replace(/^https?:\/\//, 'webcal://');
}

/** Google Calendar's "add by URL" page for a feed. */
export function googleCalendarSubscribeUrl(httpsUrl: string): string {
  return `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcalUrlOf(httpsUrl))}`;
}
