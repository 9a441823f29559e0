import { randomUUID } from 'node:crypto';
import type { UserRatingData } from '@eco/domain';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { CommunityMail } from '../notifications/community-mail.ts';
import { notify } from '../notifications/service.ts';
import { findUserById } from '../users/repository.ts';
import { averageOf } from './average.ts';
import {
  ALREADY_RATED_MESSAGE,
  NOT_ACTIVATED_MESSAGE,
  NOT_RATED_YET_MESSAGE,
  NOT_YOUR_QUALIFICATION_MESSAGE,
  QUALIFICATION_NOT_FOUND_MESSAGE,
  RATED_USER_NOT_FOUND_MESSAGE,
  ratedNotification,
  rerateNotification,
  SELF_RATING_MESSAGE,
} from './messages.ts';
import {
  findQualification,
  findQualificationOfPair,
  insertQualification,
  listQualifications,
  ratingDistribution,
  updateQualification,
  type QualificationWithRater,
} from './repository.ts';
import type { PageQuery, QualificationJson, QualificationPageJson, RatingBody } from './schemas.ts';

export type RatingsDeps = { db: DB; mail: CommunityMail };

export function toQualificationJson(row: QualificationWithRater): QualificationJson {
  return {
    _id: row.id,
    toUserId: row.to_user_id,
    rating: row.rating,
    comment: row.comment,
    fromUser: { _id: row.from_user_id, name: row.from_name, pictureUrl: row.from_picture_url },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Where a rating notification leads: the rated member's own profile, where the rating is listed. */
const profileLink = (userId: string): string => `/users/${userId}`;

export function createRatingsService({ db, mail }: RatingsDeps) {
  /** Accounts that cannot sign in (pending or deactivated) have no profile and cannot be rated. */
  async function ratedUser(id: string) {
    const row = await findUserById(db, id);
    if (row === undefined || row.is_active !== 1) throw new HttpError(404, RATED_USER_NOT_FOUND_MESSAGE);
    return row;
  }

  async function rater(id: string) {
    const row = await findUserById(db, id);
    if (row === undefined || row.is_active !== 1 || row.activated_at === null) {
      throw new HttpError(403, NOT_ACTIVATED_MESSAGE);
    }
    return row;
  }

  async function answer(id: string): Promise<QualificationJson> {
    const row = await findQualification(db, id);
    if (row === undefined) throw new HttpError(404, QUALIFICATION_NOT_FOUND_MESSAGE);
    return toQualificationJson(row);
  }

  return {
    /** The caller's rating of that user; 404 when they have not rated them. */
    async mine(callerId: string, toUserId: string): Promise<QualificationJson> {
      await ratedUser(toUserId);
      const row = await findQualificationOfPair(db, callerId, toUserId);
      if (row === undefined) throw new HttpError(404, NOT_RATED_YET_MESSAGE);
      return toQualificationJson(row);
    },

    async create(callerId: string, toUserId: string, body: RatingBody): Promise<QualificationJson> {
      if (callerId === toUserId) throw new HttpError(400, SELF_RATING_MESSAGE);
      const [from, to] = [await rater(callerId), await ratedUser(toUserId)];
      const now = new Date().toISOString();
      const id = randomUUID();
      const created = await db.transaction().execute(async (trx) => {
        const inserted = await insertQualification(trx, {
          id,
          from_user_id: from.id,
          to_user_id: to.id,
          rating: body.rating,
          comment: body.comment,
          created_at: now,
          updated_at: now,
        });
        if (!inserted) return false;
        await notify(trx, {
          userId: to.id,
          ...ratedNotification(from.name, body.rating),
          kind: 'info',
          push: 'ratings',
          fromUserId: from.id,
          link: profileLink(to.id),
          dedupeKey: `qualification:${id}`,
        });
        return true;
      });
      if (!created) throw new HttpError(409, ALREADY_RATED_MESSAGE);
      await mail.rated(to.id, {
        raterName: from.name,
        rating: body.rating,
        comment: body.comment,
        changed: false,
      });
      return answer(id);
    },

    /** Edits the caller's own rating of that user (`_id` in the body); an unchanged rating changes nothing. */
    async update(callerId: string, toUserId: string, body: RatingBody): Promise<QualificationJson> {
      const id = body.id ?? '';
      const row = await findQualification(db, id);
      if (row === undefined || row.to_user_id !== toUserId) {
        throw new HttpError(404, QUALIFICATION_NOT_FOUND_MESSAGE);
      }
      if (row.from_user_id !== callerId) throw new HttpError(403, NOT_YOUR_QUALIFICATION_MESSAGE);
      const from = await rater(callerId);
      await ratedUser(toUserId);
      if (row.rating === body.rating && row.comment === body.comment) return toQualificationJson(row);

      const now = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        await updateQualification(trx, row, { rating: body.rating, comment: body.comment, updated_at: now });
        await notify(trx, {
          userId: toUserId,
          ...rerateNotification(from.name, body.rating),
          kind: 'info',
          push: 'ratings',
          fromUserId: from.id,
          link: profileLink(toUserId),
          dedupeKey: `qualification:${id}:${now}`,
        });
      });
      await mail.rated(toUserId, {
        raterName: from.name,
        rating: body.rating,
        comment: body.comment,
        changed: true,
      });
      return answer(id);
    },

    /** The ratings a user received, newest first (public). */
    async list(toUserId: string, query: PageQuery): Promise<QualificationPageJson> {
      await ratedUser(toUserId);
      const { page, pageSize } = query;
      const { rows, total } = await listQualifications(db, toUserId, {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      const totalPages = Math.ceil(total / pageSize);
      return {
        qualifications: rows.map(toQualificationJson),
        total,
        totalPages,
        nextPage: page < totalPages ? page + 1 : null,
      };
    },
  };
}

/** The rating summary of a profile: average and count from the user's totals, the distribution grouped. */
export async function userRatingDataOf(
  db: DB,
  user: { id: string; rating_count: number; rating_sum: number },
): Promise<UserRatingData> {
  return {
    qualificationAvg: averageOf(user.rating_count, user.rating_sum),
    count: user.rating_count,
    distribution:
      user.rating_count === 0
        ? { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }
        : await ratingDistribution(db, user.id),
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
