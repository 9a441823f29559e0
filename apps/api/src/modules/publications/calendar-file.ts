import { setImmediate } from 'node:timers/promises';
import { createEvent, createEvents, type EventAttributes } from 'ics';
import { isCalendaredType, placeNames } from '@eco/domain';
import type { PublicationsTable } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { slugify } from '../mail/mailer.ts';
import { NOT_CALENDARED_MESSAGE } from './messages.ts';
import type { PublicationJson } from './schemas.ts';

// "Agregar a mi calendario" and the calendar feeds: publications as iCalendar (RFC 5545), written by the `ics`
// library. Times are UTC instants (`…Z`): `calendaredAt` is stored as one, so no time zone table is needed and no
// calendar app can read it at another hour (decision 031). A feed's events are written exactly as the single file's
// (same UID, SEQUENCE and fields), so an event imported from its page and then seen in a feed is one event.

export type CalendarFile = { fileName: string; text: string };

/** What an event of a calendar says of a publication. */
export type CalendarSource = Pick<
  PublicationJson,
  | '_id'
  | 'typed'
  | 'title'
  | 'description'
  | 'calendaredAt'
  | 'calendaredUntil'
  | 'locationAddress'
  | 'locationCountry'
  | 'locationProvince'
  | 'locationCity'
  | 'createdAt'
  | 'updatedAt'
> & { revision: number };

/** The columns a calendar reads of a stored publication. */
export const CALENDAR_COLUMNS = [
  'id',
  'typed',
  'title',
  'description',
  'calendared_at',
  'calendared_until',
  'location_address',
  'location_country',
  'location_province',
  'location_city',
  'created_at',
  'updated_at',
  'revision',
] as const satisfies readonly (keyof PublicationsTable)[];

type CalendarRow = {
  [K in (typeof CALENDAR_COLUMNS)[number]]: K extends 'revision' ? number : PublicationsTable[K];
};

export function calendarSourceOfRow(row: CalendarRow): CalendarSource {
  return {
    _id: row.id,
    typed: row.typed as PublicationJson['typed'],
    title: row.title,
    description: row.description,
    calendaredAt: row.calendared_at,
    calendaredUntil: row.calendared_until,
    locationAddress: row.location_address,
    locationCountry: row.location_country,
    locationProvince: row.location_province,
    locationCity: row.location_city,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revision: row.revision,
  };
}

/** The event of a dated publication (null for one without a date). */
function eventOf(publication: CalendarSource, publicUrl: string): EventAttributes | null {
  const start = publication.calendaredAt;
  if (start === null) return null;
  const end = publication.calendaredUntil;
  const location = [publication.locationAddress, ...placeNames(publication)].filter(Boolean).join(', ');
  return {
    uid: `publication-${publication._id}@${new URL(publicUrl).hostname}`,
    sequence: publication.revision,
    title: publication.title,
    description: publication.description,
    ...(location === '' ? {} : { location }),
    url: `${publicUrl}/publications/${encodeURIComponent(publication._id)}`,
    start: Date.parse(start),
    startInputType: 'utc',
    startOutputType: 'utc',
    created: Date.parse(publication.createdAt),
    lastModified: Date.parse(publication.updatedAt),
    // DTSTAMP is the last change too, not the hour of writing: the same publication is written as the same bytes on
    // every process and at every request, so a feed's entity tag changes only when its content does.
    timestamp: Date.parse(publication.updatedAt),
    // Without an end, DTEND is left out: RFC 5545 reads such an event as ending when it starts. The library's types
    // ask for an end or a duration; the library itself takes neither.
    ...(end === null ? {} : { end: Date.parse(end), endInputType: 'utc', endOutputType: 'utc' }),
  } as EventAttributes;
}

/**
 * The file of an event or course; 404 for any other publication. `revision` is raised by every change of the
 * publication, so a calendar app importing the file again replaces its copy (same UID, higher SEQUENCE).
 */
export function calendarFileOf(
  publication: PublicationJson,
  revision: number,
  publicUrl: string,
): CalendarFile {
  const event = isCalendaredType(publication.typed) ? eventOf({ ...publication, revision }, publicUrl) : null;
  if (event === null) throw new HttpError(404, NOT_CALENDARED_MESSAGE);
  const { error, value } = createEvent({
    ...event,
    productId: '-//EcoAnuncios//Agregar a mi calendario//ES',
  });
  if (error !== null || value === null) throw error ?? new Error('ics wrote no calendar');
  return { fileName: `${slugify(publication.title, 'evento')}.ics`, text: value };
}

const FEED_HEADER = { productId: '-//EcoAnuncios//Calendarios//ES', method: 'PUBLISH' } as const;
const FOOTER = 'END:VCALENDAR\r\n';

/**
 * Each publication's VEVENT as the library wrote it, by its content's version (id, SEQUENCE, last change, site):
 * `ics` validates every event with a schema, about a millisecond each, and a feed holds up to 300 of them, most of
 * them unchanged between two answers. Bounded: emptied when full.
 */
const eventBlocks = new Map<string, string>();
const EVENT_BLOCKS_MAX = 20_000;

function writeCalendar(events: readonly EventAttributes[], name: string): string {
  const { error, value } = createEvents([...events], { ...FEED_HEADER, calName: name });
  if (error !== null || value == null) throw error ?? new Error('ics wrote no calendar');
  return value;
}

/**
 * One event's block: the library's calendar of that event alone, without the header and the footer it writes
 * around every calendar (createEvents writes a calendar as its header, each event's block in turn, and the footer).
 */
function eventBlock(publication: CalendarSource, event: EventAttributes, publicUrl: string): string {
  const key = `${publication._id}|${publication.revision}|${publication.updatedAt}|${publicUrl}`;
  let block = eventBlocks.get(key);
  if (block === undefined) {
    const header = writeCalendar([], '-').slice(0, -FOOTER.length);
    const alone = writeCalendar([event], '-');
    block = alone.slice(header.length, -FOOTER.length);
    if (!alone.startsWith(header) || !block.startsWith('BEGIN:VEVENT')) {
      throw new Error('ics wrote a calendar in an unexpected shape');
    }
    if (eventBlocks.size >= EVENT_BLOCKS_MAX) eventBlocks.clear();
    eventBlocks.set(key, block);
  }
  return block;
}

/** New blocks written between two yields to the event loop: a cold feed must not hold other requests back. */
const BLOCKS_PER_TURN = 16;

/**
 * A feed: a calendar named `name` (X-WR-CALNAME) holding these publications' events, byte for byte what
 * `createEvents` writes for them (calendar-feeds.test.ts compares), each event's block remembered. Writing new blocks
 * yields to the event loop every few of them.
 */
export async function calendarFeedOf(
  publications: readonly CalendarSource[],
  name: string,
  publicUrl: string,
): Promise<string> {
  const header = writeCalendar([], name).slice(0, -FOOTER.length);
  const blocks: string[] = [];
  let written = 0;
  for (const publication of publications) {
    const event = eventOf(publication, publicUrl);
    if (event === null) continue;
    const known = eventBlocks.size;
    blocks.push(eventBlock(publication, event, publicUrl));
    if (eventBlocks.size !== known && ++written % BLOCKS_PER_TURN === 0) await setImmediate();
  }
  return header + blocks.join('') + FOOTER;
}

/** The feed as the library writes it in one call, uncached: what calendarFeedOf must equal. */
export function calendarFeedByLibrary(
  publications: readonly CalendarSource[],
  name: string,
  publicUrl: string,
): string {
  return writeCalendar(
    publications.flatMap((publication) => eventOf(publication, publicUrl) ?? []),
    name,
  );
}
