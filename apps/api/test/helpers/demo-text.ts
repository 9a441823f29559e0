import { randomUUID } from 'node:crypto';
import { PUBLISHED_STATUS, UNPUBLISHED_STATUS } from '@eco/domain';
import type { DB, NewPublication, NewUser } from '../../src/db/schema.ts';
import { demoPublications, demoUsers } from '../../src/demo/demo-data.ts';
import { mapUrl, startDate } from '../../src/demo/load-demo-content.ts';

const HOUR_MS = 3_600_000;

/**
 * The demo users and publications as loadDemoContent stores them, without drawing images or hashing passwords
 * (seconds saved for tests that only read the text). Returns the id of each demo publication by its key.
 */
export async function insertDemoText(db: DB, now: Date): Promise<Map<string, string>> {
  const timestamp = now.toISOString();
  const users: NewUser[] = demoUsers.map((user) => ({
    id: randomUUID(),
    email: user.email.toLowerCase(),
    name: user.name,
    password_hash: 'not-a-hash',
    picture_url: null,
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
  const userIds = new Map(demoUsers.map((user, index) => [user.key, users[index]?.id ?? '']));
  const ids = new Map<string, string>();
  const publications: NewPublication[] = demoPublications.map((publication) => {
    const id = randomUUID();
    ids.set(publication.key, id);
    const { place } = publication;
    const postedAt = new Date(now.getTime() - publication.postedHoursAgo * HOUR_MS).toISOString();
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
      labels: JSON.stringify(publication.labels ?? []),
      status: publication.published ? PUBLISHED_STATUS : UNPUBLISHED_STATUS,
      created_by: userIds.get(publication.author) ?? '',
      created_at: postedAt,
      updated_at: postedAt,
    };
  });
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values(users).execute();
    await trx.insertInto('publications').values(publications).execute();
  });
  return ids;
}
