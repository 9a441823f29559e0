import { createHash, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { distanceKm as distanceBetween } from '@eco/domain';
import type { FastifyBaseLogger } from 'fastify';
import {
  CALENDAR_FEED_PAST_DAYS,
  CALENDARED_TYPES,
  calendarFeedName,
  daysCovered,
  isoDayOf,
  localDayOf,
  monthBounds,
  timeZoneOf,
  hasEnded,
  isCalendaredType,
  mapGridZoom,
  roundCoordinate,
  normalizeSearchTerms,
  PUBLISHED_STATUS,
  UNPUBLISHED_STATUS,
  type PublicationStatus,
  type User,
} from '@eco/domain';
import { FIELDS, incorrect } from '@eco/domain/schemas/messages';
import { VersionedCache } from '../../db/list-versions.ts';
import type { DB, Dialect, NewPublication, PublicationUpdate } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { MediaStorage } from '../media/storage.ts';
import { savedChangeNotice } from '../favorites/change-notices.ts';
import { interestChangeNotice } from '../interests/change-notices.ts';
import { subjectOf } from '../interests/reminders.ts';
import { dropJobsOf } from '../jobs/repository.ts';
import type { CommunityMail } from '../notifications/community-mail.ts';
import { FORBIDDEN_MESSAGE } from '../sessions/require-session.ts';
import { ownedBytes } from '../../owned-bytes.ts';
import { agendaCriteriaOf, agendaMinute, isAgenda } from './agenda-criteria.ts';
import { AgendaStretches } from './agenda-stretch.ts';
import { createPublicationImages } from './images.ts';
import { publicationReadsOf } from './publication-reads.ts';
import { searchStemsOf, type SearchStems } from './search-stems.ts';
import { toPublicationJson } from './mapper.ts';
import { mailStatusChange, notifyAwaitingReview, notifyPublished, notifySentBack } from './notifications.ts';
import {
  CHANGE_FORBIDDEN_MESSAGE,
  DELETE_FORBIDDEN_MESSAGE,
  PUBLICATION_NOT_FOUND_MESSAGE,
  STATUS_FORBIDDEN_MESSAGE,
} from './messages.ts';
import { affects, publicationsTracker, type ListDependencies } from './list-dependencies.ts';
import { approximationKey, placeColumnsOf, writeOpeningRanges, type PlaceColumns } from './place-columns.ts';
import { calendarFeedOf, calendarSourceOfRow } from './calendar-file.ts';
import {
  createListMemory,
  filtersOfCriteria,
  listDates,
  findListPage,
  listPublications,
  loadCalendarPage,
  readPublicationsVersion,
  type ListCriteria,
} from './list-repository.ts';
import { mapCells } from './map-cells.ts';
import { openMinutesAt, OpenNowKeys, readOpenIntervals, type OpenMinutes } from './open-now.ts';
import {
  deletePublication,
  findFileUrls,
  findPublication,
  findWithFiles,
  insertPublication,
  updatePublication,
  type AlsoInTransaction,
  type PublicationWithAuthor,
} from './repository.ts';
import type {
  CalendarDaysAnswer,
  CalendarDaysQuery,
  CalendarFeedQuery,
  ListQuery,
  MapAnswerJson,
  MapQuery,
  MyListQuery,
  PublicationForm,
  PublicationJson,
  PublicationPageJson,
  UpdateBody,
} from './schemas.ts';

/** What the remembered public answers may hold, in bytes. */
const PUBLISHED_ANSWERS_BYTES = 16 * 1024 * 1024;
const ANSWER_NAMES_BYTES = 4 * 1024 * 1024;
const MAP_ANSWERS_BYTES = 4 * 1024 * 1024;

/**
 * What the remembered calendar feeds may hold, in bytes as estimated: a feed of 300 events takes about 29 KB of gzip
 * and 22 KB of dependencies (the ids it shows), so about 450 such feeds; fewer thrashed the bench's 300 (decision 037).
 */
const CALENDAR_FEEDS_BYTES = 24 * 1024 * 1024;
/** The most events a public feed holds: the soonest (or, with a search, the most relevant) of its filters. */
export const CALENDAR_FEED_LIMIT = 300;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The most publications the month view's marks read (six weeks of a busy place's events). */
const CALENDAR_DAYS_ROWS = 5_000;

/**
 * A public feed as remembered: gzip-compressed only (a feed of 300 events is about 190 KB of text and 29 KB in gzip),
 * so that the feeds of every place fit the cache's bytes; the text's entity tag. Gzip because every calendar app takes
 * it (not all take brotli) and it is written in a third of brotli's time at its usual quality (5 against 15 ms for 190
 * KB); a client that takes no gzip gets the text decompressed (routes.ts).
 */
export type CalendarFeedFile = { gzip: Buffer; etag: string };

const gzipInThreads = promisify(gzip);

/**
 * The oldest end a feed keeps: the last 30 days, counted from the start of the current UTC day, so that a feed's
 * answer changes with the day, not with every minute (a calendar app polls it).
 */
export function calendarFeedSince(now: number): string {
  return new Date(Math.floor(now / DAY_MS) * DAY_MS - CALENDAR_FEED_PAST_DAYS * DAY_MS).toISOString();
}

type ListPage = { page: number; pageSize: number; term?: string | undefined };

export type PublicationsDeps = {
  db: DB;
  /** The database's reader, for the lists' queries (DatabaseHandle.reader). */
  reader: DB;
  /** The read replica (DatabaseHandle.replica), for the same queries once it has caught up. */
  replica?: DB | undefined;
  dialect: Dialect;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  mail: CommunityMail;
  /** SECRET_KEY: the approximate points are derived from it. */
  secretKey: string;
  /** Tells this process's job worker that jobs are due now (the e-mails of a change an edit queued). */
  wakeJobs?: () => void;
};

type ContentColumns = Omit<
  NewPublication,
  'id' | 'status' | 'created_by' | 'created_at' | 'updated_at' | keyof SearchStems | keyof PlaceColumns
>;

/** The stored columns of the form's content (everything but the status and the images). */
function contentOf(form: PublicationForm): ContentColumns {
  return {
    typed: form.typed,
    title: form.title,
    description: form.description,
    calendared_at: form.calendaredAt,
    calendared_until: form.calendaredUntil,
    quantity: form.quantity,
    price: form.price,
    discount_rate: form.discountRate,
    location_address: form.locationAddress,
    location_url: form.locationUrl,
    location_country: form.locationCountry,
    location_province: form.locationProvince,
    location_city: form.locationCity,
    labels: JSON.stringify(form.labels),
  };
}

function sameContent(row: PublicationWithAuthor, content: ContentColumns & PlaceColumns): boolean {
  // The open minutes follow from the opening hours, which are compared (and are not read back).
  return (Object.keys(content) as (keyof (ContentColumns & PlaceColumns))[]).every(
    (column) => column === 'open_minutes' || row[column] === content[column],
  );
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

export function isAuthor(user: User | null, row: PublicationWithAuthor): boolean {
  return user !== null && user._id === row.created_by;
}

/**
 * Published publications of active members are public; the others only for their author and super users (a
 * suspended author cannot sign in, so theirs are for super users only).
 */
export function canSee(user: User | null, row: PublicationWithAuthor): boolean {
  const isPublic = row.status === PUBLISHED_STATUS && row.author_is_active === 1;
  return isPublic || isAuthor(user, row) || user?.isSuperUser === true;
}

function pageOf<T>(items: T[], total: number, page: number, pageSize: number, asOf?: string) {
  const totalPages = Math.ceil(total / pageSize);
  const answer = { publications: items, total, totalPages, nextPage: page < totalPages ? page + 1 : null };
  return asOf === undefined ? answer : { ...answer, asOf };
}

/** The name of an agenda URL's answer at a minute. */
function minuteName(minute: Date, requestUrl: string): string {
  return `${minute.getTime()} ${requestUrl}`;
}

/** Kilometres to three decimals (metres): the list's `distanceKm`. */
function roundKm(km: number): number {
  return Math.round(km * 1000) / 1000;
}

/** Writes the open stretches along with the publication when its hours change (in the same transaction). */
function withOpeningRanges(
  id: string,
  hours: string | null,
  previous: string | null,
  also: AlsoInTransaction | undefined,
): AlsoInTransaction | undefined {
  if (hours === previous) return also;
  return async (trx) => {
    await writeOpeningRanges(trx, id, hours);
    await also?.(trx);
  };
}

export function createPublicationsService({
  db,
  reader,
  replica,
  dialect,
  storage,
  log,
  mail,
  secretKey,
  wakeJobs,
}: PublicationsDeps) {
  const placeKey = approximationKey(secretKey);
  const images = createPublicationImages(db, storage, log);
  /**
   * The list's version read once per request: a remembered answer's lane, the route's hook and its handler each
   * asked it, three round trips before a first answer was even computed. A read that started after the request
   * arrived sees every write acknowledged before it (list-versions.ts), which is all any of them needs.
   */
  const versionOfRequest = new WeakMap<object, Promise<number>>();
  function versionFor(request: object | undefined): Promise<number> {
    if (request === undefined) return readPublicationsVersion(db);
    let read = versionOfRequest.get(request);
    if (read === undefined) {
      read = readPublicationsVersion(db);
      versionOfRequest.set(request, read);
      // A failed read is not kept: the next step of the request asks again.
      read.catch(() => versionOfRequest.delete(request));
    }
    return read;
  }
  const publicationReads = publicationReadsOf(db);
  // A page's cards come from the publications remembered for their own pages, and fill them.
  const listMemory = { ...createListMemory(db), cards: publicationReads };
  const tracker = publicationsTracker(db);
  // Most visitors ask what others asked: the whole answers of the public lists, up to a few megabytes, kept across
  // the writes that cannot alter them.
  const publishedAnswers = new VersionedCache<Buffer, ListDependencies>(
    5_000,
    PUBLISHED_ANSWERS_BYTES,
    tracker,
    'list-answers',
  );
  // The map's answers, kept like the list's (as the bytes sent): a zoomed-out area is one grouped read of every point
  // in view.
  const mapAnswers = new VersionedCache<Buffer, ListDependencies>(
    2_000,
    MAP_ANSWERS_BYTES,
    tracker,
    'map-answers',
  );
  // The request URLs that named each remembered answer (several spellings of a query share one answer): a URL's
  // criteria never change, so its name outlives every write (its answer may not), but an agenda's of a category: its
  // key holds the first minute of its stretch, which a write inside the stretch may move.
  const answerNames = new VersionedCache<string, true | ListDependencies>(10_000, ANSWER_NAMES_BYTES, {
    changes: tracker.changes,
    affects: (deps, change) => deps !== true && affects(deps, change),
  });

  /**
   * Remembers `requestUrl` as a name of the answer `key` at `version` (for its minute only, when `byMinute`), kept
   * across the changes that `deps` (an agenda's stretch) do not depend on.
   */
  async function nameAnswer(
    version: number,
    key: string,
    requestUrl: string | undefined,
    minute: Date,
    byMinute: boolean,
    deps: true | ListDependencies = true,
  ): Promise<void> {
    if (requestUrl === undefined) return;
    const name = byMinute ? minuteName(minute, requestUrl) : requestUrl;
    await answerNames.set(version, name, Promise.resolve({ value: key, deps }));
  }

  // The open=now answers' keys by their interval of the week (open-now.ts), for both caches (their keys differ).
  const openNowKeys = new OpenNowKeys(10_000);
  // The minute each category's agendas are computed for: the first of the stretch through which they stay the same.
  const agendaStretches = new AgendaStretches(db, tracker);

  /**
   * The answer of `cache` under `base` (its key without the minute) for open=now at `openAt`: one kept for an
   * interval that holds the minute, else computed and kept for the interval around it, whose boundaries are read
   * after the version, like the answer (decision 062).
   */
  async function openNowAnswer<D>(
    cache: VersionedCache<Buffer, D>,
    version: number,
    base: string,
    openAt: OpenMinutes,
    compute: (hint?: D) => Promise<{ value: Buffer; deps?: D }>,
  ): Promise<{ key: string; value: Promise<Buffer> }> {
    const kept = openNowKeys.at(base, openAt);
    if (kept !== undefined) {
      const value = await cache.peek(version, kept);
      if (value !== undefined) return { key: kept, value: Promise.resolve(value) };
    }
    const key = openNowKeys.add(base, await readOpenIntervals(db, openAt));
    return { key, value: cache.get(version, key, compute) };
  }

  /** The key `requestUrl` names at `version`, as such or for the current minute (nameAnswer). */
  async function namedKey(version: number, requestUrl: string): Promise<string | undefined> {
    return (
      (await answerNames.peek(version, requestUrl)) ??
      (await answerNames.peek(version, minuteName(agendaMinute(Date.now()), requestUrl)))
    );
  }

  /** A write's answer: the publication as just saved, read from the database (without the moderators' note). */
  async function answer(id: string): Promise<PublicationJson> {
    // The row and its images in one statement: a write's answer waits for one round trip.
    const [saved] = await findWithFiles(db, [id]);
    if (saved === undefined) throw new HttpError(404, PUBLICATION_NOT_FOUND_MESSAGE);
    // Only its author or a super user writes: they see the exact point.
    return toPublicationJson(storage, saved.row, saved.files, { withReviewNote: false, exactPoint: true });
  }

  /** A publication as `user` may see it (404 otherwise), with its revision. */
  async function visible(
    user: User | null,
    id: string,
  ): Promise<{ publication: PublicationJson; revision: number }> {
    // Remembered across requests, exact after every write (publication-reads.ts).
    const stored = await publicationReads.read(id);
    if (stored === undefined || !canSee(user, stored.row)) {
      throw new HttpError(404, PUBLICATION_NOT_FOUND_MESSAGE);
    }
    const withReviewNote = isAuthor(user, stored.row) || user?.isSuperUser === true;
    const publication = toPublicationJson(storage, stored.row, stored.files, {
      withReviewNote,
      exactPoint: withReviewNote,
    });
    // Said of one publication only: a list's remembered answer would keep it past the end.
    if (isCalendaredType(publication.typed)) {
      publication.ended = hasEnded(publication.calendaredAt, publication.calendaredUntil, new Date());
    }
    return { publication, revision: stored.row.revision };
  }

  /** The criteria of a list query, as the list's entry point takes them. */
  function criteriaOf(
    criteria: Omit<ListCriteria, 'offset' | 'limit' | 'words'>,
    { page, pageSize, term }: ListPage,
  ): ListCriteria {
    return {
      ...criteria,
      words: normalizeSearchTerms(term ?? ''),
      offset: (page - 1) * pageSize,
      limit: pageSize,
    };
  }

  async function list(
    criteria: Omit<ListCriteria, 'offset' | 'limit' | 'words'>,
    query: ListPage,
    withReviewNote = false,
    version?: number,
    hint?: ListDependencies,
  ): Promise<{ page: PublicationPageJson; deps: ListDependencies }> {
    const { page, pageSize } = query;
    const { rows, files, total, deps } = await listPublications(
      db,
      dialect,
      criteriaOf(criteria, query),
      listMemory,
      { version, reader, replica, hint },
    );
    // The review note goes to the author's own list and the super users' lists: so does the exact point.
    const publications = rows.map((row) => {
      const json = toPublicationJson(storage, row, files.get(row.id) ?? [], {
        withReviewNote,
        exactPoint: withReviewNote,
      });
      // Measured to the point others see, whoever asks: a distance never says more than the card.
      if (criteria.near !== undefined && row.public_lat !== null && row.public_lng !== null) {
        json.distanceKm = roundKm(
          distanceBetween(criteria.near, { lat: row.public_lat, lng: row.public_lng }),
        );
      }
      return json;
    });
    // A list that depends on the clock says which minute it was computed for (the cards' "hoy", "mañana").
    const asOf = criteria.endsFrom ?? criteria.endsBefore;
    return { page: pageOf(publications, total, page, pageSize, asOf), deps };
  }

  /**
   * The publication an actor is about to change: 404 when they may not even see it, 403 when not theirs. `stored` is
   * its row when the route already asked for it (see `read`).
   */
  async function changeable(
    user: User,
    id: string,
    forbidden: string,
    stored = findPublication(db, id),
  ): Promise<PublicationWithAuthor> {
    const row = await stored;
    if (row === undefined || !canSee(user, row)) throw new HttpError(404, PUBLICATION_NOT_FOUND_MESSAGE);
    if (!isAuthor(user, row) && !user.isSuperUser) throw new HttpError(403, forbidden);
    return row;
  }

  /**
   * A super user publishing, or sending a published publication back to review, tells its author (not when the
   * super user is the author): what to write inside the transaction of the change, or nothing.
   */
  function statusNotice(
    user: User,
    row: PublicationWithAuthor,
    title: string,
    status: number,
    reason: string | null,
  ): AlsoInTransaction | undefined {
    if (status === row.status || row.created_by === user._id) return undefined;
    const subject = { id: row.id, title, authorId: row.created_by };
    return (trx) =>
      status === PUBLISHED_STATUS
        ? notifyPublished(trx, subject, user._id)
        : notifySentBack(trx, subject, user._id, reason);
  }

  /** The e-mail of a status change, once it is saved. */
  async function afterStatusChange(
    user: User,
    row: PublicationWithAuthor,
    title: string,
    status: number,
    reason: string | null,
  ): Promise<void> {
    if (status === row.status || row.created_by === user._id) return;
    await mailStatusChange(
      mail,
      { id: row.id, title, authorId: row.created_by },
      status === PUBLISHED_STATUS,
      reason,
    );
  }

  /** Tips are written by super users only; the form of everybody else offers listing types. */
  function checkCategory(user: User, form: PublicationForm): void {
    if (form.typed === 'tips' && !user.isSuperUser) {
      throw new HttpError(400, `typed: ${incorrect(FIELDS.typed)}`);
    }
  }

  /**
   * The criteria of a list query at `minute` (the agenda's clock: agenda-criteria.ts), its agenda taken at
   * `agendaAt`, the first minute of the stretch through which it stays the same (agenda-stretch.ts).
   */
  function listCriteriaOf(
    query: ListQuery,
    minute = agendaMinute(Date.now()),
    agendaAt?: Date,
  ): Omit<ListCriteria, 'offset' | 'limit' | 'words'> {
    return {
      ...agendaCriteriaOf(query, agendaAt ?? minute),
      status: query.status,
      typed: query.typed,
      country: query.country ?? undefined,
      province: query.province ?? undefined,
      city: query.city ?? undefined,
      labels: query.labels,
      authorId: query.author,
      near: query.near,
      bbox: query.bbox,
      openAt: query.open === 'now' ? openMinutesAt(minute) : undefined,
    };
  }

  // Public calendar feeds, kept like the lists' answers: at the list's version, across the writes that cannot alter
  // them (decision 037). A feed without a category is the events' list and the courses' list together.
  const calendarFeeds = new VersionedCache<CalendarFeedFile, ListDependencies[]>(
    2_000,
    CALENDAR_FEEDS_BYTES,
    { changes: tracker.changes, affects: (deps, change) => deps.some((one) => affects(one, change)) },
    'calendar-feeds',
  );

  // The month view's marks, per minute and criteria, kept across the writes that cannot alter them.
  const calendarDays = new VersionedCache<CalendarDaysAnswer, ListDependencies>(
    2_000,
    undefined,
    tracker,
    'calendar-days',
  );

  return {
    /**
     * GET /publications/days: the days of a range that have published events or courses of the filters (what has
     * not ended, or with `past` what has), each counted in its country's zone, or the filter's country's: the list's
     * criteria at the first minute of the current stretch (agenda-stretch.ts), so a day's mark and the list its link
     * opens agree.
     */
    async calendarDays(query: CalendarDaysQuery): Promise<CalendarDaysAnswer> {
      const version = await readPublicationsVersion(db);
      const now = agendaMinute(Date.now());
      // The first minute of the stretch through which the marks stay the same: the same day in every zone.
      const minute = (await agendaStretches.around(version, query.typed, now))?.first ?? now;
      // Without a range, the current month of the country's zone: the page asking needs no clock of its own.
      const month = monthBounds(localDayOf(timeZoneOf(query.country), minute));
      const from = query.from ?? month.first;
      const to = query.to ?? month.last;
      const criteria: ListCriteria = {
        ...agendaCriteriaOf({ ...query, from, to }, minute),
        status: 'published',
        typed: query.typed,
        country: query.country ?? undefined,
        province: query.province ?? undefined,
        city: query.city ?? undefined,
        labels: query.labels,
        words: [],
        offset: 0,
        limit: CALENDAR_DAYS_ROWS,
      };
      return calendarDays.get(version, JSON.stringify(criteria), async () => {
        const counts = new Map<string, number>();
        for (const row of await listDates(reader, dialect, criteria)) {
          const zone = timeZoneOf(query.country ?? row.country);
          for (const day of daysCovered(row.start, row.end, zone, from, to)) {
            counts.set(day, (counts.get(day) ?? 0) + 1);
          }
        }
        const days = [...counts]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([day, count]) => ({ day, count }));
        return {
          value: { days, from: isoDayOf(from), to: isoDayOf(to), asOf: minute.toISOString() },
          deps: { filters: filtersOfCriteria(criteria), searches: [[]], vocabulary: [] },
        };
      });
    },

    /**
     * GET /calendar.ics: the published events and courses of explore's filters that end from the last 30 days on,
     * as a calendar; exact after every write on every process (the list's version is read on every request).
     */
    async calendarFeed(query: CalendarFeedQuery, publicUrl: string): Promise<CalendarFeedFile> {
      const since = calendarFeedSince(Date.now());
      const version = await readPublicationsVersion(db);
      const types = query.typed === undefined ? CALENDARED_TYPES : [query.typed];
      const filters = {
        status: 'published' as const,
        country: query.country ?? undefined,
        province: query.province ?? undefined,
        city: query.city ?? undefined,
        labels: query.labels,
        endsFrom: since,
      };
      const words = normalizeSearchTerms(query.term ?? '');
      const key = JSON.stringify([types, filters, words]);
      return calendarFeeds.get(version, key, async () => {
        const lists = await Promise.all(
          types.map(async (typed) =>
            loadCalendarPage(
              await findListPage(
                db,
                dialect,
                {
                  ...filters,
                  typed,
                  words,
                  order: 'soonest',
                  count: false,
                  offset: 0,
                  limit: CALENDAR_FEED_LIMIT,
                },
                listMemory,
                { version, reader, replica },
              ),
            ),
          ),
        );
        const rows = lists
          .flatMap((list) => list.rows)
          .sort((a, b) => (a.calendared_at ?? '').localeCompare(b.calendared_at ?? ''))
          .slice(0, CALENDAR_FEED_LIMIT);
        const name = calendarFeedName({ ...query, labels: query.labels ?? [] });
        const text = await calendarFeedOf(rows.map(calendarSourceOfRow), name, publicUrl);
        const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
        // Compressed on libuv's threads: a 190 KB feed takes a few milliseconds the event loop spends on others.
        const value = { gzip: ownedBytes(await gzipInThreads(text)), etag };
        return { value, deps: lists.map((list) => list.deps) };
      });
    },

    /** GET /publications: `status` other than 'published' is for super users only. */
    async list(user: User | null, query: ListQuery): Promise<PublicationPageJson> {
      if (query.status !== 'published' && user?.isSuperUser !== true) {
        throw new HttpError(403, FORBIDDEN_MESSAGE);
      }
      return (await list(listCriteriaOf(query), query)).page;
    },

    /**
     * GET /publications/map: the published matches with a point in the area, as cells and pins, as `serialize` writes
     * them in UTF-8, remembered at the list's version like the list's answers (and under the request's URL).
     */
    async mapAnswer(
      query: MapQuery,
      serialize: (answer: MapAnswerJson) => string,
      /** The request's path and query string as received, remembered as another name of this answer. */
      requestUrl?: string,
      /** The request (Node's), whose version read it shares with the lookups before it. */
      request?: object,
    ): Promise<Buffer> {
      const minute = agendaMinute(Date.now());
      const criteria: ListCriteria & { bbox: NonNullable<ListCriteria['bbox']> } = {
        status: 'published',
        typed: query.typed,
        country: query.country ?? undefined,
        province: query.province ?? undefined,
        city: query.city ?? undefined,
        labels: query.labels,
        bbox: query.bbox,
        openAt: query.open === 'now' ? openMinutesAt(minute) : undefined,
        words: normalizeSearchTerms(query.term ?? ''),
        offset: 0,
        limit: 0,
      };
      const zoom = mapGridZoom(query.bbox, query.zoom);
      // The version first, then the answer computed under it (list-versions.ts): exact after every write.
      const version = await versionFor(request);
      const compute = async () => {
        const cells = await mapCells(db, dialect, criteria, zoom, { reader });
        const alone = cells.filter((cell) => cell.count === 1).map((cell) => cell.id);
        const found = await findWithFiles(reader, alone);
        const rows = found.map((stored) => stored.row);
        const pins = found.map(({ row, files }) => {
          const json = toPublicationJson(storage, row, files);
          return {
            _id: json._id,
            typed: json.typed,
            title: json.title,
            lat: json.locationLat ?? 0,
            lng: json.locationLng ?? 0,
            approximate: json.locationApproximate,
            thumbnailUrl: json.files[0]?.thumbnailUrl ?? null,
            price: json.price,
            locationCity: json.locationCity,
          };
        });
        const value: MapAnswerJson = {
          total: cells.reduce((sum, cell) => sum + cell.count, 0),
          clusters: cells
            .filter((cell) => cell.count > 1)
            .map((cell) => ({
              lat: roundCoordinate(cell.lat),
              lng: roundCoordinate(cell.lng),
              count: cell.count,
            })),
          pins,
        };
        // What a change must touch to alter it: a publication passing the filters, its point inside the area
        // (logged since migration 0031; a change logged without it may be anywhere), or a pin's images or author.
        const deps: ListDependencies = {
          filters: filtersOfCriteria(criteria),
          searches: [criteria.words.map((word) => [word])],
          vocabulary: [],
          shown: { ids: rows.map((row) => row.id), authors: [...new Set(rows.map((row) => row.created_by))] },
        };
        return { value: ownedBytes(serialize(value)), deps };
      };
      const { openAt } = criteria;
      if (openAt === undefined) {
        const key = JSON.stringify([criteria, zoom]);
        await nameAnswer(version, key, requestUrl, minute, false);
        return mapAnswers.get(version, key, compute);
      }
      const base = JSON.stringify([{ ...criteria, openAt: undefined }, zoom]);
      const { key, value } = await openNowAnswer(mapAnswers, version, base, openAt, compute);
      // Open now is a moment: the URL names this answer for its minute only.
      await nameAnswer(version, key, requestUrl, minute, true);
      return value;
    },

    /** The remembered map of a request URL already answered at the current version, if any (as the list's). */
    async rememberedMapAnswer(requestUrl: string, request?: object): Promise<Buffer | undefined> {
      const version = await versionFor(request);
      const key = await namedKey(version, requestUrl);
      return key === undefined ? undefined : await mapAnswers.peek(version, key);
    },

    /**
     * GET /publications of published publications, the same for every visitor: the answer as `serialize` writes
     * it, in UTF-8, remembered at the list's version (exact after every write, on every process: decision 010).
     */
    async listPublishedAnswer(
      query: ListQuery & { status: 'published' },
      serialize: (page: PublicationPageJson) => string,
      /** The request's path and query string as received, remembered as another name of this answer. */
      requestUrl?: string,
      /** The request (Node's), whose version read it shares with the lookups before it. */
      request?: object,
    ): Promise<Buffer> {
      const minute = agendaMinute(Date.now());
      const version = await versionFor(request);
      const agenda = isAgenda(query);
      const stretch = agenda ? await agendaStretches.around(version, query.typed, minute) : undefined;
      const criteria = listCriteriaOf(query, minute, stretch?.first);
      const compute = async (hint?: ListDependencies) => {
        const { page, deps } = await list(criteria, query, false, version, hint);
        // Kept as UTF-8 bytes: encoding the text again on every answer was a tenth of a hit's cost.
        return { value: ownedBytes(serialize(page)), deps };
      };
      const { openAt } = criteria;
      // An agenda's criteria hold the first minute of its stretch: so does its key. The name of its URL is kept for the
      // current minute only; the next minute's request finds the key through the stretch.
      if (openAt === undefined) {
        const key = JSON.stringify([criteriaOf(criteria, query), query.page, query.pageSize]);
        await nameAnswer(version, key, requestUrl, minute, agenda, stretch?.deps);
        return publishedAnswers.get(version, key, compute);
      }
      const base = JSON.stringify([
        criteriaOf({ ...criteria, openAt: undefined }, query),
        query.page,
        query.pageSize,
      ]);
      const { key, value } = await openNowAnswer(publishedAnswers, version, base, openAt, compute);
      await nameAnswer(version, key, requestUrl, minute, true);
      return value;
    },

    /**
     * The remembered answer of a request URL already answered at the current version, if any: the same URL asked
     * again needs neither its query checked nor its criteria normalised (it passed both the first time).
     */
    async rememberedPublishedAnswer(requestUrl: string, request?: object): Promise<Buffer | undefined> {
      const version = await versionFor(request);
      const key = await namedKey(version, requestUrl);
      return key === undefined ? undefined : await publishedAnswers.peek(version, key);
    },

    /** GET /my-publications: the user's own, whatever their status. */
    async listMine(user: User, query: MyListQuery): Promise<PublicationPageJson> {
      return (await list({ status: 'all', authorId: user._id, typed: query.typed }, query, true)).page;
    },

    /**
     * The row a change of the publication starts from, asked for as the request arrives, while its session resolves
     * (a change waits for one round trip, not two); it is checked by the change itself.
     */
    read(id: string): Promise<PublicationWithAuthor | undefined> {
      return findPublication(db, id);
    },

    async get(user: User | null, id: string): Promise<PublicationJson> {
      return (await visible(user, id)).publication;
    },

    /** GET /publication/{id}/calendar.ics: what `get` answers, and the revision (the file's SEQUENCE). */
    async getWithRevision(
      user: User | null,
      id: string,
    ): Promise<{ publication: PublicationJson; revision: number }> {
      return visible(user, id);
    },

    /** A new publication: published at once only when a super user says so (their default). */
    async create(
      user: User,
      form: PublicationForm,
      captchaVerified: boolean | null = null,
    ): Promise<PublicationJson> {
      checkCategory(user, form);
      const urls = form.files.map((file) => file.url);
      images.check(urls, user._id);
      const status: PublicationStatus = user.isSuperUser
        ? (form.status ?? PUBLISHED_STATUS)
        : UNPUBLISHED_STATUS;
      const now = new Date().toISOString();
      const id = randomUUID();
      const content = contentOf(form);
      const place = placeColumnsOf(id, form, placeKey);
      const awaiting: AlsoInTransaction | undefined = user.isSuperUser
        ? undefined
        : (trx) => notifyAwaitingReview(trx, { id, title: form.title, authorId: user._id });
      await insertPublication(
        db,
        {
          id,
          ...content,
          ...place,
          ...searchStemsOf(content),
          status,
          captcha_verified: captchaVerified === null ? null : Number(captchaVerified),
          created_by: user._id,
          created_at: now,
          updated_at: now,
        },
        urls,
        withOpeningRanges(id, place.opening_hours, null, awaiting),
      );
      return answer(id);
    },

    /**
     * PUT /publication/{id}. An ordinary user's change of content sends a published publication back to review and
     * their `status` is ignored; super users keep or set the status. Images taken off the list are deleted.
     */
    async update(
      user: User,
      id: string,
      body: UpdateBody,
      stored?: Promise<PublicationWithAuthor | undefined>,
    ): Promise<PublicationJson> {
      // A change of the form may replace the images: they are read along with the row.
      const [row, files] = await Promise.all([
        changeable(user, id, CHANGE_FORBIDDEN_MESSAGE, stored),
        body.kind === 'status' ? undefined : findFileUrls(db, [id]),
      ]);
      const now = new Date().toISOString();
      if (body.kind === 'status') {
        if (!user.isSuperUser) throw new HttpError(403, STATUS_FORBIDDEN_MESSAGE);
        if (body.status !== row.status) {
          await updatePublication(
            db,
            id,
            { status: body.status, updated_at: now },
            undefined,
            statusNotice(user, row, row.title, body.status, body.reason),
          );
          await afterStatusChange(user, row, row.title, body.status, body.reason);
        }
        return answer(id);
      }

      const { form } = body;
      checkCategory(user, form);
      const previous = files?.get(id) ?? [];
      const urls = form.files.map((file) => file.url);
      images.check(urls, user._id, previous);
      const content = contentOf(form);
      const place = placeColumnsOf(id, form, placeKey);
      const changed = !sameContent(row, { ...content, ...place }) || !sameList(previous, urls);
      let status = row.status === PUBLISHED_STATUS ? PUBLISHED_STATUS : UNPUBLISHED_STATUS;
      if (user.isSuperUser) status = form.status ?? status;
      else if (changed) status = UNPUBLISHED_STATUS;
      if (!changed && status === row.status) return answer(id);

      const changes: PublicationUpdate = {
        ...content,
        ...place,
        ...searchStemsOf(content),
        status,
        updated_at: now,
      };
      const notice = user.isSuperUser
        ? statusNotice(user, row, form.title, status, body.reason)
        : // The author's change sends a published publication back to review: the super users learn it once.
          status !== PUBLISHED_STATUS
          ? (trx: DB) => notifyAwaitingReview(trx, { id, title: form.title, authorId: row.created_by })
          : undefined;
      // Those who saved it learn of a new price or date, in the same transaction (decision 033).
      const savers = savedChangeNotice(
        { ...row, authorId: row.created_by },
        content,
        user._id,
        status !== PUBLISHED_STATUS,
      );
      // The interested members learn of a new date or place, and their reminders follow the start (decision 036).
      const interested = interestChangeNotice(
        dialect,
        { ...row, authorId: row.created_by },
        content,
        user._id,
        status !== PUBLISHED_STATUS,
      );
      let mailsQueued = false;
      const also =
        savers === undefined && interested === undefined
          ? notice
          : async (trx: DB) => {
              await notice?.(trx);
              await savers?.inTransaction(trx);
              mailsQueued = (await interested?.(trx)) ?? false;
            };
      await updatePublication(
        db,
        id,
        changes,
        sameList(previous, urls) ? undefined : urls,
        withOpeningRanges(id, place.opening_hours, row.opening_hours, also),
      );
      await savers?.mail(mail);
      if (mailsQueued) wakeJobs?.();
      if (user.isSuperUser) await afterStatusChange(user, row, form.title, status, body.reason);
      await images.release(previous.filter((url) => !urls.includes(url)));
      return answer(id);
    },

    /** DELETE /publication/{id}, with its images. */
    async remove(user: User, id: string, stored?: Promise<PublicationWithAuthor | undefined>): Promise<void> {
      const [, files] = await Promise.all([
        changeable(user, id, DELETE_FORBIDDEN_MESSAGE, stored),
        findFileUrls(db, [id]),
      ]);
      const urls = files.get(id) ?? [];
      await deletePublication(db, id);
      // Its interests went with it (cascade); its queued reminders are dropped too.
      await dropJobsOf(db, subjectOf(id));
      await images.release(urls);
    },
  };
}

export type PublicationsService = ReturnType<typeof createPublicationsService>;
