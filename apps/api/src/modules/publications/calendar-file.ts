import { setImmediate } from 'node:timers/promises';
import ical, {
  foldLines,
  ICalCalendarMethod,
  ICalEvent,
  type ICalCalendarData,
  type ICalEventData,
} from 'ical-generator';
import { isCalendaredType, placeNames } from '@eco/domain';
import type { PublicationsTable } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { ownedBytes } from '../../owned-bytes.ts';
import { slugify } from '../mail/mailer.ts';
import { NOT_CALENDARED_MESSAGE } from './messages.ts';
import type { PublicationJson } from './schemas.ts';

// "Agregar a mi calendario" and the calendar feeds: publications as iCalendar (RFC 5545), written by the
// `ical-generator` library. Times are UTC instants (`…Z`): `calendaredAt` is stored as one, so no time zone table is
// needed and no calendar app can read it at another hour (decision 031). A feed's events are written exactly as the
// single file's (same UID, SEQUENCE and fields), so an event imported from its page and then seen in a feed is one
// event.

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

/** PUBLIC_URL's host, parsed once (a feed's new events ask it each). */
const hosts = new Map<string, string>();
function hostOf(publicUrl: string): string {
  let host = hosts.get(publicUrl);
  if (host === undefined) {
    host = new URL(publicUrl).hostname;
    hosts.set(publicUrl, host);
  }
  return host;
}

/** The event of a dated publication (null for one without a date). */
function eventOf(publication: CalendarSource, publicUrl: string): ICalEventData | null {
  const start = publication.calendaredAt;
  if (start === null) return null;
  const end = publication.calendaredUntil;
  const location = [publication.locationAddress, ...placeNames(publication)].filter(Boolean).join(', ');
  return {
    id: `publication-${publication._id}@${hostOf(publicUrl)}`,
    sequence: publication.revision,
    summary: publication.title,
    description: publication.description,
    ...(location === '' ? {} : { location }),
    url: `${publicUrl}/publications/${encodeURIComponent(publication._id)}`,
    start: new Date(start),
    // Without an end, DTEND is left out: RFC 5545 reads such an event as ending when it starts.
    ...(end === null ? {} : { end: new Date(end) }),
    created: new Date(publication.createdAt),
    lastModified: new Date(publication.updatedAt),
    // DTSTAMP is the last change too, not the hour of writing: the same publication is written as the same bytes on
    // every process and at every request, so a feed's entity tag changes only when its content does.
    stamp: new Date(publication.updatedAt),
  };
}

/**
 * The library ends a calendar with END:VCALENDAR and no line break; RFC 5545 ends every content line, the last one
 * too, with CRLF (some calendar apps drop an unterminated last line).
 */
const FOOTER = 'END:VCALENDAR';
const CRLF = '\r\n';

function written(calendar: ICalCalendarData): string {
  const text = ical(calendar).toString();
  if (!text.endsWith(FOOTER)) throw new Error('ical-generator wrote a calendar in an unexpected shape');
  return text + CRLF;
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
  const text = written({
    prodId: { company: 'EcoAnuncios', product: 'Agregar a mi calendario', language: 'ES' },
    events: [event],
  });
  return { fileName: `${slugify(publication.title, 'evento')}.ics`, text };
}

/** A feed's calendar: PUBLISH, named (NAME and X-WR-CALNAME), and a refresh hint of an hour for calendar apps. */
function feedCalendar(name: string): ICalCalendarData {
  return {
    prodId: { company: 'EcoAnuncios', product: 'Calendarios', language: 'ES' },
    method: ICalCalendarMethod.PUBLISH,
    name,
    ttl: 60 * 60,
  };
}

/**
 * Each publication's VEVENT as the library writes it (folded), by its content's version (id, SEQUENCE, last change,
 * site): a feed holds up to 300 events, unchanged between two answers and shared with other feeds (the bench's 300
 * feeds at 100,000 publications: 22,000 events in 47,500 places). Kept as UTF-8 bytes, outside the JavaScript heap
 * whose collector would otherwise mark and move them (as strings they were 14 MB of a 143 MB heap, issue 27), and
 * written into a feed as they are. Bounded by their bytes (about 650 an event), the least recently used dropped first.
 */
const eventBlocks = new Map<string, Buffer>();
const EVENT_BLOCKS_BYTES = 16 * 1024 * 1024;
let eventBlocksBytes = 0;

function rememberBlock(key: string, block: Buffer): void {
  eventBlocks.set(key, block);
  eventBlocksBytes += block.length;
  while (eventBlocksBytes > EVENT_BLOCKS_BYTES) {
    const [oldestKey, oldest] = eventBlocks.entries().next().value as [string, Buffer];
    eventBlocks.delete(oldestKey);
    eventBlocksBytes -= oldest.length;
  }
}

function blockKey(publication: CalendarSource, publicUrl: string): string {
  return `${publication._id}|${publication.revision}|${publication.updatedAt}|${publicUrl}`;
}

/** Events are written one by one against this calendar: its settings (no time zone: UTC instants) are the feeds'. */
const blockCalendar = ical();

/**
 * An event's block: what the library's calendar holds for it. The library folds a calendar line by line and every
 * block ends a line, so a calendar is its folded header, its events' folded blocks and the footer
 * (calendar-feeds.test.ts compares with the library's one call).
 */
function writeBlock(event: ICalEventData): string {
  return foldLines(new ICalEvent(event, blockCalendar).toString());
}

/** Blocks written between two yields to the event loop: a cold feed must not hold other requests back. */
const BLOCKS_PER_TURN = 50;

/**
 * A feed: a calendar named `name` holding these publications' events, byte for byte what the library writes for
 * them in one call (UTF-8), each event's block remembered; the library's work is shared out between turns of the
 * event loop.
 */
export async function calendarFeedOf(
  publications: readonly CalendarSource[],
  name: string,
  publicUrl: string,
): Promise<Buffer> {
  const header = written(feedCalendar(name)).slice(0, -(FOOTER.length + CRLF.length));
  const parts: Buffer[] = [Buffer.from(header)];
  let writtenNow = 0;
  for (const publication of publications) {
    if (publication.calendaredAt === null) continue;
    const key = blockKey(publication, publicUrl);
    const kept = eventBlocks.get(key);
    if (kept !== undefined) {
      // Most recently used last: Map keeps insertion order.
      eventBlocks.delete(key);
      eventBlocks.set(key, kept);
      parts.push(kept);
      continue;
    }
    writtenNow += 1;
    if (writtenNow % BLOCKS_PER_TURN === 0) await setImmediate();
    const block = ownedBytes(writeBlock(eventOf(publication, publicUrl) as ICalEventData));
    rememberBlock(key, block);
    parts.push(block);
  }
  parts.push(Buffer.from(FOOTER + CRLF));
  return Buffer.concat(parts);
}

/** The feed as the library writes it in one call, uncached: what calendarFeedOf must equal. */
export function calendarFeedByLibrary(
  publications: readonly CalendarSource[],
  name: string,
  publicUrl: string,
): string {
  return written({
    ...feedCalendar(name),
    events: publications.flatMap((publication) => eventOf(publication, publicUrl) ?? []),
  });
}
