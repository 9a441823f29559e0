import { randomUUID } from 'node:crypto';
import type { NewNotification, NewPublication, QualificationRow } from '../db/schema.ts';
import { WELCOME_NOTIFICATION } from '../modules/accounts/welcome.ts';
import { detailLink, PUBLICATION_TEXTS } from '../modules/publications/notifications.ts';
import { ratedNotification } from '../modules/ratings/messages.ts';
import type { DemoRating } from './demo-data.ts';

const DAY_MS = 24 * 3_600_000;
/** Notifications older than this are shown as read: the members have been around for a while. */
const READ_AFTER_DAYS = 6;
/** "Published" notices per author: only their latest publications. */
const PUBLISHED_NOTICES_PER_AUTHOR = 2;

/** When a demo notification made at `createdAt` was read: at once if it is old, never (unread) if it is recent. */
export function demoReadAt(createdAt: string, now: Date): string | null {
  return now.getTime() - new Date(createdAt).getTime() > READ_AFTER_DAYS * DAY_MS ? createdAt : null;
}

export type DemoCommunity = {
  qualifications: QualificationRow[];
  notifications: NewNotification[];
  /** The rating totals of each rated user id, for their user rows. */
  totals: Map<string, { count: number; sum: number }>;
};

type Member = { id: string; name: string; isSuperUser: boolean };

/**
 * The ratings between demo members, and the notifications those ratings and the demo publications would have made
 * (with the texts of the real triggers): a welcome for everybody, the ratings each member received, the publication
 * of their latest publications, and for the super users the publications waiting for review.
 */
export function buildDemoCommunity(input: {
  ratings: readonly DemoRating[];
  members: ReadonlyMap<string, Member>;
  publications: readonly NewPublication[];
  now: Date;
}): DemoCommunity {
  const { members, now } = input;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString();
  const member = (key: string): Member => {
    const found = members.get(key);
    if (found === undefined) throw new Error(`Demo rating of an unknown member: ${key}`);
    return found;
  };
  const notifications: NewNotification[] = [];
  const add = (row: Omit<NewNotification, 'id' | 'read_at'>) =>
    notifications.push({ ...row, id: randomUUID(), read_at: demoReadAt(row.created_at, now) });

  const oldest = Math.max(...input.ratings.map((rating) => rating.daysAgo)) + 5;
  for (const user of members.values()) {
    add({
      user_id: user.id,
      title: WELCOME_NOTIFICATION.title,
      message: WELCOME_NOTIFICATION.message,
      kind: WELCOME_NOTIFICATION.kind,
      link: WELCOME_NOTIFICATION.link,
      from_user_id: null,
      dedupe_key: WELCOME_NOTIFICATION.dedupeKey,
      created_at: at(oldest),
    });
  }

  const qualifications: QualificationRow[] = [];
  const totals = new Map<string, { count: number; sum: number }>();
  for (const rating of input.ratings) {
    const from = member(rating.from);
    const to = member(rating.to);
    const id = randomUUID();
    const createdAt = at(rating.daysAgo);
    qualifications.push({
      id,
      from_user_id: from.id,
      to_user_id: to.id,
      rating: rating.rating,
      comment: rating.comment ?? null,
      created_at: createdAt,
      updated_at: createdAt,
    });
    const total = totals.get(to.id) ?? { count: 0, sum: 0 };
    totals.set(to.id, { count: total.count + 1, sum: total.sum + rating.rating });
    add({
      user_id: to.id,
      ...ratedNotification(from.name, rating.rating),
      kind: 'info',
      from_user_id: from.id,
      link: `/users/${to.id}`,
      dedupe_key: `qualification:${id}`,
      created_at: createdAt,
    });
  }

  const superUsers = [...members.values()].filter((user) => user.isSuperUser);
  const byAuthor = new Map<string, NewPublication[]>();
  for (const publication of input.publications) {
    byAuthor.set(publication.created_by, [...(byAuthor.get(publication.created_by) ?? []), publication]);
  }
  for (const [authorId, publications] of byAuthor) {
    if (superUsers.some((user) => user.id === authorId)) continue;
    const newestFirst = [...publications].sort((a, b) => b.created_at.localeCompare(a.created_at));
    for (const publication of newestFirst
      .filter((item) => item.status === 1)
      .slice(0, PUBLISHED_NOTICES_PER_AUTHOR)) {
      // Published a few hours after it was posted.
      const publishedAt = new Date(new Date(publication.created_at).getTime() + 3 * 3_600_000).toISOString();
      add({
        user_id: authorId,
        ...PUBLICATION_TEXTS.published(publication.title),
        kind: 'success',
        from_user_id: superUsers[0]?.id ?? null,
        link: detailLink(publication.id),
        dedupe_key: null,
        created_at: publishedAt < now.toISOString() ? publishedAt : publication.created_at,
      });
    }
    for (const publication of newestFirst.filter((item) => item.status !== 1)) {
      for (const superUser of superUsers) {
        add({
          user_id: superUser.id,
          ...PUBLICATION_TEXTS.awaitingReview(publication.title),
          kind: 'info',
          from_user_id: authorId,
          link: detailLink(publication.id),
          dedupe_key: `publication:${publication.id}:review`,
          created_at: publication.created_at,
        });
      }
    }
  }
  return { qualifications, notifications, totals };
}
