import { deleteInterestsOf } from '../interests/repository.ts';
import { REMINDER_JOB } from '../interests/reminders.ts';
import type { DB } from '../../db/schema.ts';
import { deleteSubscriptionsOf } from '../push/repository.ts';
import { withdrawRatingsGivenBy } from '../ratings/repository.ts';

// What "Eliminar mi cuenta" removes besides the user row (whose deletion cascades to sessions, link tokens,
// uploads, publications and their images). Each step runs inside the deletion's transaction and answers the media
// URLs that may be freed, deleted once it commits. A feature whose rows must go with an account in a particular way
// (ratings given, with the averages they counted in) adds its step to ACCOUNT_DELETION_STEPS in one line.

export type DeletionStep = (trx: DB, userId: string) => Promise<readonly string[]>;

async function profilePicture(trx: DB, userId: string): Promise<readonly string[]> {
  const row = await trx.selectFrom('users').select('picture_url').where('id', '=', userId).executeTakeFirst();
  return row?.picture_url == null ? [] : [row.picture_url];
}

async function uploads(trx: DB, userId: string): Promise<readonly string[]> {
  const rows = await trx.selectFrom('uploads').select('url').where('user_id', '=', userId).execute();
  return rows.map((row) => row.url);
}

/** Publications go explicitly (not only by cascade) so that their search-index triggers run on both dialects. */
async function publications(trx: DB, userId: string): Promise<readonly string[]> {
  const files = await trx
    .selectFrom('publication_files as f')
    .innerJoin('publications as p', 'p.id', 'f.publication_id')
    .select('f.url')
    .where('p.created_by', '=', userId)
    .execute();
  await trx.deleteFrom('publications').where('created_by', '=', userId).execute();
  return files.map((row) => row.url);
}

/** The ratings the member gave go, and the averages they counted in are recomputed. */
async function ratingsGiven(trx: DB, userId: string): Promise<readonly string[]> {
  await withdrawRatingsGivenBy(trx, userId);
  return [];
}

/** The member's favorites (the cascade would take them too; explicit, like the other parts of an account). */
async function favorites(trx: DB, userId: string): Promise<readonly string[]> {
  await trx.deleteFrom('favorites').where('user_id', '=', userId).execute();
  return [];
}

/** The member's push devices and the pushes still queued for them: nothing is sent after the deletion. */
async function pushSubscriptions(trx: DB, userId: string): Promise<readonly string[]> {
  await deleteSubscriptionsOf(trx, userId);
  await trx.deleteFrom('push_deliveries').where('user_id', '=', userId).execute();
  return [];
}

/** The personal calendar feed: its link stops answering with the deletion's commit. */
async function calendarFeed(trx: DB, userId: string): Promise<readonly string[]> {
  await trx.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
  return [];
}

/** The member's saved searches with what they matched, and the record of their daily e-mail (decision 041). */
async function savedSearches(trx: DB, userId: string): Promise<readonly string[]> {
  await trx.deleteFrom('saved_search_hits').where('user_id', '=', userId).execute();
  await trx.deleteFrom('saved_searches').where('user_id', '=', userId).execute();
  await trx.deleteFrom('saved_search_digests').where('user_id', '=', userId).execute();
  return [];
}

/** The member's "Me interesa", with the counts they were in, and their queued reminders (decision 036). */
async function interests(trx: DB, userId: string): Promise<readonly string[]> {
  await deleteInterestsOf(trx, userId);
  await trx.deleteFrom('jobs').where('id', 'like', `${REMINDER_JOB}:%:${userId}:%`).execute();
  return [];
}

export const ACCOUNT_DELETION_STEPS: DeletionStep[] = [
  profilePicture,
  uploads,
  favorites,
  pushSubscriptions,
  calendarFeed,
  savedSearches,
  interests,
  publications,
  ratingsGiven,
];
