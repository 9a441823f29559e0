import { createEvent, type EventAttributes } from 'ics';
import { isCalendaredType, placeNames } from '@eco/domain';
import { HttpError } from '../../errors.ts';
import { slugify } from '../mail/mailer.ts';
import { NOT_CALENDARED_MESSAGE } from './messages.ts';
import type { PublicationJson } from './schemas.ts';

// "Agregar a mi calendario": one publication as an iCalendar file (RFC 5545), written by the `ics` library. Times
// are UTC instants (`…Z`): `calendaredAt` is stored as one, so no time zone table is needed and no calendar app can
// read it at another hour (decision 031).

export type CalendarFile = { fileName: string; text: string };

/**
 * The file of an event or course; 404 for any other publication. `revision` is raised by every change of the
 * publication, so a calendar app importing the file again replaces its copy (same UID, higher SEQUENCE).
 */
export function calendarFileOf(
  publication: PublicationJson,
  revision: number,
  publicUrl: string,
): CalendarFile {
  const start = publication.calendaredAt;
  if (!isCalendaredType(publication.typed) || start === null)
    throw new HttpError(404, NOT_CALENDARED_MESSAGE);
  const end = publication.calendaredUntil;
  const location = [publication.locationAddress, ...placeNames(publication)].filter(Boolean).join(', ');
  const { error, value } = createEvent({
    productId: '-//EcoAnuncios//Agregar a mi calendario//ES',
    uid: `publication-${publication._id}@${new URL(publicUrl).hostname}`,
    sequence: revision,
    title: publication.title,
    description: publication.description,
    ...(location === '' ? {} : { location }),
    url: `${publicUrl}/publications/${encodeURIComponent(publication._id)}`,
    start: Date.parse(start),
    startInputType: 'utc',
    startOutputType: 'utc',
    created: Date.parse(publication.createdAt),
    lastModified: Date.parse(publication.updatedAt),
    // Without an end, DTEND is left out: RFC 5545 reads such an event as ending when it starts. The library's types
    // ask for an end or a duration; the library itself takes neither.
    ...(end === null ? {} : { end: Date.parse(end), endInputType: 'utc', endOutputType: 'utc' }),
  } as EventAttributes);
  if (error !== null || value === null) throw error ?? new Error('ics wrote no calendar');
  return { fileName: `${slugify(publication.title, 'evento')}.ics`, text: value };
}
