import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { ListingType } from '@eco/domain';
import type { DB, Dialect } from '../../src/db/schema.ts';
import { rescheduleReminders } from '../../src/modules/interests/reminders.ts';
import { createSession } from '../../src/modules/sessions/service.ts';
import { multipartBody } from '../fixtures/multipart.ts';
import { asClient, insertUser } from './accounts.ts';
import type { TestApp } from './test-app.ts';
import { searchStemsOf } from '../../src/modules/publications/search-stems.ts';

const HOUR_MS = 3_600_000;

export type Actor = { id: string; token: string; headers: Record<string, string> };

/** The three kinds of signed-in users of the authorization matrix (guests send no header). */
export type Actors = { author: Actor; other: Actor; superUser: Actor };

/** A signed-in member (with a phone), for the matrices that need more than the three of createActors. */
export async function actor(db: DB, email: string, name: string, isSuperUser = false): Promise<Actor> {
  const user = await insertUser(db, { email, name, isSuperUser });
  await db.updateTable('users').set({ phone: '5493510000000' }).where('id', '=', user.id).execute();
  const { token } = await createSession(db, user.id, HOUR_MS);
  return { id: user.id, token, ...asClient(token) };
}

export async function createActors(db: DB): Promise<Actors> {
  return {
    author: await actor(db, 'autora@example.com', 'Ana Autora'),
    other: await actor(db, 'otro@example.com', 'Otro Usuario'),
    superUser: await actor(db, 'admin@example.com', 'Super Usuaria', true),
  };
}

export type ImageUrls = { url: string; thumbnailUrl: string };

/** Uploads a small image through POST /api/media, as the web form does. */
export async function uploadImage(app: FastifyInstance, who: Actor): Promise<ImageUrls> {
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f9e44' } })
    .jpeg()
    .toBuffer();
  const { payload, headers } = multipartBody([
    { name: 'file', filename: 'foto.jpg', contentType: 'image/jpeg', data: image },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/media',
    payload,
    headers: { ...headers, ...who.headers },
  });
  if (response.statusCode !== 201) throw new Error(`Upload failed: ${response.statusCode} ${response.body}`);
  return response.json<ImageUrls>();
}

/** Whether a /media/ URL has its file in the test app's media storage (the folder or the bucket). */
export async function mediaFileExists(subject: TestApp, url: string): Promise<boolean> {
  return (await subject.app.mediaStorage.head(url.slice('/media/'.length))) !== null;
}

/** A valid publication form of each listing type (the per-type fields filled in). */
export function validForm(
  typed: ListingType,
  files: readonly string[],
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const base: Record<string, unknown> = {
    typed,
    title: 'Botellas de vidrio para reciclar',
    description: 'Junté muchas botellas limpias en casa.',
    files: files.map((url) => ({ url })),
    locationCountry: 'arg',
    locationProvince: 'cordoba',
    locationCity: 'cba-city',
  };
  const perType: Record<ListingType, Record<string, unknown>> = {
    dots: { locationAddress: 'Bv. San Juan 420, Centro', labels: ['Vidrios'] },
    events: { locationAddress: 'Plaza San Martín, Centro', calendaredAt: '2030-05-10T14:00:00-03:00' },
    courses: {
      locationAddress: 'Av. Colón 1200, Centro',
      calendaredAt: '2030-06-01T18:30:00-03:00',
      quantity: 20,
      price: 1500.5,
    },
    market: { quantity: 3, price: 800, discountRate: 10 },
    barter: { labels: ['Vidrios', 'Plásticos'] },
  };
  return { ...base, ...perType[typed], ...overrides };
}

export type StoredPublication = {
  typed?: string;
  title: string;
  description?: string;
  labels?: readonly string[];
  status?: 0 | 1;
  createdBy: string;
  createdAt: string;
  country?: string | null;
  province?: string | null;
  city?: string | null;
  files?: readonly string[];
  calendaredAt?: string | null;
  calendaredUntil?: string | null;
};

/** Inserts a publication directly (with its date), as the demo content and the benchmark do; returns its id. */
export async function storePublication(db: DB, publication: StoredPublication): Promise<string> {
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('publications')
      .values({
        id,
        typed: publication.typed ?? 'market',
        title: publication.title,
        description: publication.description ?? 'Sin más detalles por ahora.',
        labels: JSON.stringify(publication.labels ?? []),
        ...searchStemsOf({
          title: publication.title,
          description: publication.description ?? 'Sin más detalles por ahora.',
          labels: JSON.stringify(publication.labels ?? []),
        }),
        status: publication.status ?? 1,
        location_country: publication.country ?? null,
        location_province: publication.province ?? null,
        location_city: publication.city ?? null,
        calendared_at: publication.calendaredAt ?? null,
        calendared_until: publication.calendaredUntil ?? null,
        created_by: publication.createdBy,
        created_at: publication.createdAt,
        updated_at: publication.createdAt,
      })
      .execute();
    const files = publication.files ?? ['/media/demo/ejemplo.webp'];
    await trx
      .insertInto('publication_files')
      .values(files.map((url, position) => ({ publication_id: id, position, url })))
      .execute();
  });
  return id;
}

/** Places a publication at `point`, shown there to everyone (its public point is the exact one). */
export async function placeAt(db: DB, id: string, point: { lat: number; lng: number }): Promise<void> {
  await db
    .updateTable('publications')
    .set({ location_lat: point.lat, location_lng: point.lng, public_lat: point.lat, public_lng: point.lng })
    .where('id', '=', id)
    .execute();
}

/** An ISO instant `minutes` after a fixed day, so that tests order publications by date without waiting. */
export function minutesAfter(minutes: number): string {
  return new Date(Date.UTC(2026, 0, 1, 12, 0, 0) + minutes * 60_000).toISOString();
}

export type PageBody = {
  publications: { _id: string; title: string; status: number }[];
  total: number;
  totalPages: number;
  nextPage: number | null;
};

export function pageOf(response: LightMyRequestResponse): PageBody {
  if (response.statusCode !== 200)
    throw new Error(`Expected a page: ${response.statusCode} ${response.body}`);
  return response.json<PageBody>();
}

export function titlesOf(response: LightMyRequestResponse): string[] {
  return pageOf(response).publications.map((publication) => publication.title);
}

export type PublicationBody = {
  _id: string;
  typed: string;
  title: string;
  status: number;
  labels: string[];
  files: ImageUrls[];
  createdBy: { _id: string; name: string; pictureUrl: string | null; phone: string | null };
  createdAt: string;
  updatedAt: string;
};

/** Creates a publication through POST /api/publications; fails the test on any other answer than 201. */
export async function createPublication(
  app: FastifyInstance,
  who: Actor,
  form: Record<string, unknown>,
): Promise<PublicationBody> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/publications',
    headers: who.headers,
    payload: form,
  });
  if (response.statusCode !== 201) throw new Error(`Create failed: ${response.statusCode} ${response.body}`);
  return response.json<{ publication: PublicationBody }>().publication;
}

/**
 * An event by a new author starting in 3 hours (its 24-hour reminder due at once), with `members` new members
 * (`miembro{n}@example.com`, e-mails on) interested in it: what the reminder tests start from.
 */
export async function storeInterestedEvent(
  db: DB,
  members: number,
  /** Tells this event's members' e-mails from another's of the same test. */
  tag = '',
): Promise<{ publicationId: string; memberIds: string[] }> {
  const now = new Date().toISOString();
  const author = randomUUID();
  const memberIds = Array.from({ length: members }, () => randomUUID());
  await db
    .insertInto('users')
    .values(
      [author, ...memberIds].map((id, index) => ({
        id,
        email: `miembro${tag}${index}@example.com`,
        name: `Miembro ${index}`,
        password_hash: 'not-used',
        activated_at: now,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  const publicationId = await storePublication(db, {
    typed: 'events',
    title: 'Taller de compostaje',
    createdBy: author,
    createdAt: now,
    country: 'arg',
    calendaredAt: new Date(Date.now() + 3 * 3_600_000).toISOString(),
  });
  await db
    .insertInto('interests')
    .values(memberIds.map((id) => ({ user_id: id, publication_id: publicationId, created_at: now })))
    .execute();
  return { publicationId, memberIds };
}

/** Queues the reminders of everyone interested in the event, as an edit of its start does (the 24-hour one is due now). */
export async function queueRemindersOf(db: DB, dialect: Dialect, publicationId: string): Promise<void> {
  const { calendared_at: startsAt } = await db
    .selectFrom('publications')
    .select('calendared_at')
    .where('id', '=', publicationId)
    .executeTakeFirstOrThrow();
  await rescheduleReminders(db, dialect, publicationId, startsAt);
}

/** How many of the event's day-before reminder notifications a member has (0 or 1: they are deduplicated). */
export async function dayBeforeReminders(db: DB, publicationId: string, userId: string): Promise<number> {
  const rows = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('dedupe_key', 'like', `publication:${publicationId}:reminder:24h:%`)
    .execute();
  return rows.length;
}

/** The e-mails a server wrote to an outbox folder (none while the folder does not exist yet). */
export async function outboxEmails(outboxDir: string): Promise<number> {
  const names = await readdir(outboxDir).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.eml')).length;
}
