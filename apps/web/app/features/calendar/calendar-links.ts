import { placeNames } from '@eco/domain/catalog/place-names';
import type { PublicationJson } from '../publications/publications';

type Dated = Pick<
  PublicationJson,
  | '_id'
  | 'title'
  | 'description'
  | 'calendaredAt'
  | 'calendaredUntil'
  | 'locationAddress'
  | 'locationCountry'
  | 'locationProvince'
  | 'locationCity'
>;

const HOUR_MS = 3_600_000;

/** The publication's .ics file (GET /api/publication/{id}/calendar.ics), served by the same origin as the page. */
export function calendarFilePath(id: string): string {
  return `/api/publication/${encodeURIComponent(id)}/calendar.ics`;
}

/** An instant as Google's template reads it in UTC: 20301210T130000Z. */
function compactUtc(instant: number): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * Google Calendar's "new event" page filled in with the publication. Google needs an end: without one the event is
 * given an hour, the length Google gives a new event itself. Null when the publication has no valid start.
 */
export function googleCalendarUrl(publication: Dated, pageUrl: string): string | null {
  const start = publication.calendaredAt ? Date.parse(publication.calendaredAt) : Number.NaN;
  if (Number.isNaN(start)) return null;
  const given = publication.calendaredUntil ? Date.parse(publication.calendaredUntil) : Number.NaN;
  const end = Number.isNaN(given) ? start + HOUR_MS : given;
  const location = [publication.locationAddress, ...placeNames(publication)].filter(Boolean).join(', ');
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: publication.title,
    dates: `${compactUtc(start)}/${compactUtc(end)}`,
    details: `${publication.description}\n\n${pageUrl}`,
    ...(location === '' ? {} : { location }),
  });
  return `https://calendar.google.com/calendar/render?${query.toString()}`;
}
