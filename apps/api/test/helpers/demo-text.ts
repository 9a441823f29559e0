import { randomUUID } from 'node:crypto';
import type { DB, NewPublication, NewUser } from '../../src/db/schema.ts';
import { demoPublications, demoUsers } from '../../src/demo/demo-data.ts';
import { demoPublicationRow } from '../../src/demo/load-demo-content.ts';

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
    return demoPublicationRow(publication, { id, authorId: userIds.get(publication.author) ?? '', now });
  });
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values(users).execute();
    await trx.insertInto('publications').values(publications).execute();
  });
  return ids;
}
