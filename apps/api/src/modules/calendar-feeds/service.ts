import { createHash, randomBytes } from 'node:crypto';
import { googleCalendarSubscribeUrl, webcalUrlOf, type User } from '@eco/domain';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { calendarFeedOf, calendarSourceOfRow } from '../publications/calendar-file.ts';
import { calendarFeedSince } from '../publications/service.ts';
import { FEED_NOT_FOUND_MESSAGE, PERSONAL_FEED_NAME } from './messages.ts';
import { agendaRows, deleteFeed, findFeed, findFeedOwner, replaceFeed } from './repository.ts';

// A member's personal calendar feed (decision 037): a secret link a calendar app polls without credentials. The
// secret is 256 random bits, shown once (when made); only its SHA-256 is stored, and every request looks it up in
// the database, so "Cambiar enlace" ends the old link on every process at once.

/** A secret as written in the link: 32 random bytes in base64url. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

export type PersonalFeedLinks = { createdAt: string; url: string; webcalUrl: string; googleUrl: string };

export function createCalendarFeedsService({ db, publicUrl }: { db: DB; publicUrl: string }) {
  return {
    /** GET /calendar/{secret}.ics: the calendar, and its entity tag. 404 for any secret that is not current. */
    async personalFeed(secret: string): Promise<{ text: Buffer; etag: string }> {
      const owner = SECRET.test(secret) ? await findFeedOwner(db, hashOf(secret)) : undefined;
      if (owner === undefined) throw new HttpError(404, FEED_NOT_FOUND_MESSAGE);
      const rows = await agendaRows(db, owner, calendarFeedSince(Date.now()));
      const text = await calendarFeedOf(rows.map(calendarSourceOfRow), PERSONAL_FEED_NAME, publicUrl);
      const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
      return { text, etag };
    },

    /** Whether the member has a feed, and since when (the link itself is not kept). */
    async describe(user: User): Promise<{ createdAt: string } | null> {
      return (await findFeed(db, user._id)) ?? null;
    },

    /** A new link for the member's feed, replacing the previous one if any. */
    async rotate(user: User): Promise<PersonalFeedLinks> {
      const secret = randomBytes(32).toString('base64url');
      const createdAt = new Date().toISOString();
      await replaceFeed(db, user._id, hashOf(secret), createdAt);
      const url = `${publicUrl}/api/calendar/${secret}.ics`;
      return { createdAt, url, webcalUrl: webcalUrlOf(url), googleUrl: googleCalendarSubscribeUrl(url) };
    },

    async remove(user: User): Promise<void> {
      await deleteFeed(db, user._id);
    },
  };
}
