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

/** The library's calendar without events, named '-': what precedes the events in the calendars blocks are cut from. */
let blankHeader: string | undefined;

function blockKey(publication: CalendarSource, publicUrl: string): string {
  return `${publication._id}|${publication.revision}|${publication.updatedAt}|${publicUrl}`;
}

/** An event's block begins on this line; its text never does (values are escaped, long lines folded with a space). */
const EVENT_START = 'BEGIN:VEVENT\r\n';

/**
 * The blocks of these events, as the library writes each inside a calendar (createEvents writes a calendar as its
 * header, each event's block in turn, and the footer), from one call for all of them: its schema validation costs
 * about half as much per event as one call per event.
 */
function writeBlocks(events: readonly EventAttributes[]): string[] {
  blankHeader ??= writeCalendar([], '-').slice(0, -FOOTER.length);
  const calendar = writeCalendar(events, '-');
  if (!calendar.startsWith(blankHeader + EVENT_START) || !calendar.endsWith(FOOTER)) {
    throw new Error('ics wrote a calendar in an unexpected shape');
  }
  const blocks = calendar
    .slice(blankHeader.length, -FOOTER.length)
    .split(EVENT_START)
    .slice(1)
    .map((block) => EVENT_START + block);
  if (blocks.length !== events.length) throw new Error('ics wrote a calendar in an unexpected shape');
  return blocks;
}

/** New blocks written by one library call, between two yields to the event loop: a cold feed must not hold other requests back. */
const BLOCKS_PER_TURN = 25;

/**
 * A feed: a calendar named `name` (X-WR-CALNAME) holding these publications' events, byte for byte what
 * `createEvents` writes for them (calendar-feeds.test.ts compares), each event's block remembered. The blocks not
 * remembered yet are written a few dozen per library call, yielding to the event loop between calls.
 */
export async function calendarFeedOf(
  publications: readonly CalendarSource[],
  name: string,
  publicUrl: string,
): Promise<string> {
  const header = writeCalendar([], name).slice(0, -FOOTER.length);
  const dated = publications.flatMap((publication) => {
    const event = eventOf(publication, publicUrl);
    return event === null ? [] : [{ key: blockKey(publication, publicUrl), event }];
  });
  const missing = dated.filter(({ key }) => !eventBlocks.has(key));
  for (let start = 0; start < missing.length; start += BLOCKS_PER_TURN) {
    if (start > 0) await setImmediate();
    const batch = missing.slice(start, start + BLOCKS_PER_TURN);
    const blocks = writeBlocks(batch.map(({ event }) => event));
    if (eventBlocks.size + batch.length > EVENT_BLOCKS_MAX) eventBlocks.clear();
    batch.forEach(({ key }, index) => eventBlocks.set(key, blocks[index] as string));
  }
  // A block dropped meanwhile (the memory emptied by another feed) is written again, alone.
  const blocks = dated.map(({ key, event }) => eventBlocks.get(key) ?? (writeBlocks([event])[0] as string));
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
