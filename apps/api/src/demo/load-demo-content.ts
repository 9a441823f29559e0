import { randomUUID } from 'node:crypto';
import { getCategory, PUBLISHED_STATUS, UNPUBLISHED_STATUS, type PublicationInput } from '@eco/domain';
import type { DB, NewPublication, NewPublicationFile, NewUser } from '../db/schema.ts';
import { createLocalStorage } from '../modules/media/storage.ts';
import { hashPassword } from '../modules/users/password.ts';
import { searchStemsOf } from '../modules/publications/search-stems.ts';
import {
  COUNTRY_UTC_OFFSETS,
  DEMO_SUPER_USER_PASSWORD,
  DEMO_USER_PASSWORD,
  demoContacts,
  demoOrders,
  demoPublications,
  demoRatings,
  demoUsers,
  type DemoPlace,
  type DemoPublication,
} from './demo-data.ts';
import { createDemoImageRenderer, renderDemoAvatar, type DemoImageRenderer } from './demo-images.ts';
import { motifOf, objectColorsOf } from './demo-subjects.ts';
import { buildDemoCommunity } from './demo-community.ts';
import { buildDemoDeals, type DemoListing } from './demo-deals.ts';
import { hasAnyUser, insertDemoRows } from './demo-repository.ts';
import { demoPlacementOf } from './demo-places.ts';
import { DEVELOPMENT_SECRET_KEY } from '../config.ts';
import { approximationKey, openingRangeRows, placeColumnsOf } from '../modules/publications/place-columns.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const RENDER_CONCURRENCY = 4;

export type DemoLoadResult =
  | { loaded: false }
  | {
      loaded: true;
      users: number;
      publications: number;
      ratings: number;
      orders: number;
      contacts: number;
      notifications: number;
      images: number;
      drawings: number;
      durationMs: number;
    };

/** Runs `task` over `items` with at most `limit` running at once, keeping the order of the results. */
async function mapWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** An OpenStreetMap link centred on the place. */
export function mapUrl([latitude, longitude]: readonly [number, number]): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}

/** The start of an event or course: `days` after `now`, at `time` in the country's local time, as UTC ISO. */
export function startDate(
  now: Date,
  place: DemoPlace,
  { days, time }: { days: number; time: string },
): string {
  const offset = COUNTRY_UTC_OFFSETS[place.country] ?? 'Z';
  const sign = offset.startsWith('-') ? -1 : 1;
  const [hours = 0, minutes = 0] = offset.slice(1).split(':').map(Number);
  const localNow = new Date(now.getTime() + sign * (hours * HOUR_MS + minutes * 60_000));
  const localDay = new Date(localNow.getTime() + days * DAY_MS).toISOString().slice(0, 10);
  return new Date(`${localDay}T${time}:00${offset}`).toISOString();
}

/** The publication as the publication form would send it, for validation against the domain's schema. */
export function toPublicationInput(
  publication: DemoPublication,
  files: readonly string[],
  now: Date,
): PublicationInput {
  const { place } = publication;
  return {
    typed: publication.typed as PublicationInput['typed'],
    title: publication.title,
    description: publication.description,
    quantity: publication.quantity ?? null,
    price: publication.price ?? null,
    discountRate: publication.discountRate ?? null,
    locationAddress: place.address ?? null,
    locationUrl: place.coordinates ? mapUrl(place.coordinates) : null,
    locationCountry: place.country,
    locationProvince: place.province,
    locationCity: place.city,
    calendaredAt: publication.startsIn ? startDate(now, place, publication.startsIn) : null,
    labels: [...(publication.labels ?? [])],
    files: files.map((url) => ({ url })),
    status: publication.published ? PUBLISHED_STATUS : UNPUBLISHED_STATUS,
  };
}

/** Draws every image of a publication from its subject; returns their URLs, cover first. */
export function renderPublicationImages(
  renderer: DemoImageRenderer,
  publication: DemoPublication,
  index: number,
): Promise<string[]> {
  const category = getCategory(publication.typed);
  const labels = publication.labels ?? [];
  const motif = motifOf(publication.title, publication.description, labels);
  const colors = objectColorsOf(motif, labels);
  return Promise.all(
    Array.from({ length: publication.images }, (_, variant) =>
      renderer.render(`${publication.key}-${variant + 1}`, { motif, colors, category, index, variant }),
    ),
  );
}

/** A demo publication as stored, dated relative to `now` (events and courses stay upcoming). */
export function demoPublicationRow(
  publication: DemoPublication,
  {
    id,
    authorId,
    now,
    secretKey = DEVELOPMENT_SECRET_KEY,
  }: { id: string; authorId: string; now: Date; secretKey?: string },
): NewPublication {
  const { place } = publication;
  const placement = demoPlacementOf(publication);
  const postedAt = new Date(now.getTime() - publication.postedHoursAgo * HOUR_MS).toISOString();
  const labels = JSON.stringify(publication.labels ?? []);
  return {
    id,
    typed: publication.typed,
    title: publication.title,
    description: publication.description,
    calendared_at: publication.startsIn ? startDate(now, place, publication.startsIn) : null,
    quantity: publication.quantity ?? null,
    price: publication.price ?? null,
    discount_rate: publication.discountRate ?? null,
    location_address: place.address ?? null,
    location_url: place.coordinates ? mapUrl(place.coordinates) : null,
    location_country: place.country,
    location_province: place.province,
    location_city: place.city,
    ...placeColumnsOf(
      id,
      {
        typed: publication.typed,
        locationLat: placement.point?.lat ?? null,
        locationLng: placement.point?.lng ?? null,
        locationUrl: null,
        locationExact: null,
        openingHours: placement.openingHours,
      },
      approximationKey(secretKey),
    ),
    labels,
    ...searchStemsOf({ title: publication.title, description: publication.description, labels }),
    status: publication.published ? PUBLISHED_STATUS : UNPUBLISHED_STATUS,
    created_by: authorId,
    created_at: postedAt,
    updated_at: postedAt,
  };
}

/**
 * Loads the demo users and publications, with their images drawn into mediaDir, and what the members did with each
 * other, when the database has no user yet. Otherwise does nothing: an operator's data is never touched.
 * `feePercent` is the site's MARKETPLACE_FEE_PERCENT, charged on the demo orders as on new ones (none by default).
 */
export async function loadDemoContent(
  db: DB,
  options: { mediaDir: string; now?: Date; feePercent?: number; secretKey?: string },
): Promise<DemoLoadResult> {
  if (await hasAnyUser(db)) return { loaded: false };
  const started = performance.now();
  const now = options.now ?? new Date();
  const timestamp = now.toISOString();

  // One argon2 hash per password rather than per user: hashing is deliberately slow.
  const [superUserHash, userHash] = await Promise.all([
    hashPassword(DEMO_SUPER_USER_PASSWORD),
    hashPassword(DEMO_USER_PASSWORD),
  ]);
  const users: NewUser[] = await mapWithLimit(demoUsers, RENDER_CONCURRENCY, async (user) => ({
    id: randomUUID(),
    email: user.email.toLowerCase(),
    name: user.name,
    password_hash: user.isSuperUser ? superUserHash : userHash,
    picture_url: await renderDemoAvatar(options.mediaDir, `avatar-${user.key}`, user.name),
    phone: user.phone,
    is_super_user: user.isSuperUser ? 1 : 0,
    is_active: 1,
    activated_at: timestamp,
    location_address: user.place.address ?? null,
    location_country: user.place.country,
    location_province: user.place.province,
    location_city: user.place.city,
    payment_details: null,
    created_at: timestamp,
    updated_at: timestamp,
  }));
  const userIds = new Map(demoUsers.map((user, index) => [user.key, users[index]?.id]));

  const renderer = createDemoImageRenderer(options.mediaDir);
  const images = await mapWithLimit(
    demoPublications.map((publication, index) => ({ publication, index })),
    RENDER_CONCURRENCY,
    ({ publication, index }) => renderPublicationImages(renderer, publication, index),
  );

  const publications: NewPublication[] = [];
  const files: NewPublicationFile[] = [];
  const openingRanges: ReturnType<typeof openingRangeRows> = [];
  const listings = new Map<string, DemoListing>();
  demoPublications.forEach((publication, index) => {
    const author = userIds.get(publication.author);
    if (author === undefined) throw new Error(`Demo publication ${publication.key} has an unknown author`);
    const urls = images[index] ?? [];
    const id = randomUUID();
    const row = demoPublicationRow(publication, { id, authorId: author, now, secretKey: options.secretKey });
    publications.push(row);
    openingRanges.push(...openingRangeRows(id, demoPlacementOf(publication).openingHours));
    listings.set(publication.key, { row, files: urls });
    urls.forEach((url, position) => files.push({ publication_id: id, position, url }));
  });

  const members = new Map(
    demoUsers.map((user, index) => [
      user.key,
      { id: users[index]?.id ?? '', name: user.name, isSuperUser: user.isSuperUser },
    ]),
  );
  const community = buildDemoCommunity({ ratings: demoRatings, members, publications, now });
  const deals = buildDemoDeals({
    orders: demoOrders,
    contacts: demoContacts,
    members,
    listings,
    // The demo images are on the local disk, whatever storage the site uses for uploads.
    storage: createLocalStorage(options.mediaDir),
    feePercent: options.feePercent ?? 0,
    now,
  });
  for (const user of users) {
    const total = community.totals.get(user.id);
    user.rating_count = total?.count ?? 0;
    user.rating_sum = total?.sum ?? 0;
  }

  await insertDemoRows(db, {
    users,
    publications,
    openingRanges,
    files,
    qualifications: community.qualifications,
    ...deals,
    notifications: [...community.notifications, ...deals.notifications],
  });
  return {
    loaded: true,
    users: users.length,
    publications: publications.length,
    ratings: community.qualifications.length,
    orders: deals.orders.length,
    contacts: deals.contacts.length,
    notifications: community.notifications.length + deals.notifications.length,
    images: files.length + users.length,
    drawings: renderer.drawings(),
    durationMs: Math.round(performance.now() - started),
  };
}
