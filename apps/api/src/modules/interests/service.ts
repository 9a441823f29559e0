import { isCalendaredType, type User } from '@eco/domain';
import type { DB, Dialect } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { MediaStorage } from '../media/storage.ts';
import { toPublicationJson } from '../publications/mapper.ts';
import { PUBLICATION_NOT_FOUND_MESSAGE } from '../publications/messages.ts';
import { publicationReadsOf, type StoredPublication } from '../publications/publication-reads.ts';
import { findFileUrls } from '../publications/repository.ts';
import type { PublicationJson } from '../publications/schemas.ts';
import { canSee, isAuthor } from '../publications/service.ts';
import { INTERESTED_FORBIDDEN_MESSAGE, NOT_CALENDARED_INTEREST_MESSAGE } from './messages.ts';
import { dropReminders, remindersOf, scheduleReminders } from './reminders.ts';
import {
  deleteInterest,
  insertInterest,
  interestedAmong,
  isInterested,
  listAgenda,
  listInterested,
} from './repository.ts';
import type { AgendaPageJson, InterestedPageJson } from './schemas.ts';

/** "Me interesa": mark, unmark, the member's agenda, and who is interested (for the author). */
export function createInterestsService(deps: {
  db: DB;
  dialect: Dialect;
  storage: MediaStorage;
  /** Tells the job worker of this process that a reminder is due now. */
  wake: () => void;
}) {
  const { db, storage, wake } = deps;
  const publicationReads = publicationReadsOf(db);

  /** The publication as GET /api/publication/{id} would show it to `user`, or 404. */
  async function visible(user: User, id: string): Promise<StoredPublication> {
    const stored = await publicationReads.read(id);
    if (stored === undefined || !canSee(user, stored.row))
      throw new HttpError(404, PUBLICATION_NOT_FOUND_MESSAGE);
    return stored;
  }

  const paged = (page: number, pageSize: number, total: number) => {
    const totalPages = Math.ceil(total / pageSize);
    return { total, totalPages, nextPage: page < totalPages ? page + 1 : null };
  };

  return {
    /** Tells the job worker of this process that something is due now (an edit's e-mails of a change). */
    wake,

    /** PUT: events and courses the member may see; marking twice is marking once (its reminders stay as they are). */
    async mark(user: User, id: string): Promise<void> {
      const { row } = await visible(user, id);
      if (!isCalendaredType(row.typed)) throw new HttpError(400, NOT_CALENDARED_INTEREST_MESSAGE);
      const now = new Date();
      const reminders = remindersOf(id, user._id, row.calendared_at, now);
      const added = await db.transaction().execute(async (trx) => {
        const inserted = await insertInterest(trx, user._id, id);
        if (inserted) await scheduleReminders(trx, reminders);
        return inserted;
      });
      if (added && reminders.some((job) => job.runAt.getTime() <= now.getTime())) wake();
    },

    /** DELETE: a marked one goes even when no longer visible; otherwise as PUT (404 for what the member cannot see). */
    async unmark(user: User, id: string): Promise<void> {
      const removed = await db.transaction().execute(async (trx) => {
        const deleted = await deleteInterest(trx, user._id, id);
        if (deleted) await dropReminders(trx, id, user._id);
        return deleted;
      });
      if (!removed) await visible(user, id);
    },

    /** Whether the member marked it, added to the member's copy of GET /api/publication/{id}. */
    async ownFields(user: User, publication: PublicationJson): Promise<{ interested?: boolean }> {
      if (!isCalendaredType(publication.typed)) return {};
      return { interested: await isInterested(db, user._id, publication._id) };
    },

    among: (user: User, ids: readonly string[]): Promise<string[]> => interestedAmong(db, user._id, ids),

    /** GET /interests: the member's agenda, upcoming soonest first, or (past) what ended, latest first. */
    async agenda(
      user: User,
      query: { page: number; pageSize: number; past?: '1' | '0' | undefined },
    ): Promise<AgendaPageJson> {
      const { page, pageSize } = query;
      const { rows, total } = await listAgenda(db, user._id, {
        offset: (page - 1) * pageSize,
        limit: pageSize,
        past: query.past === '1',
        now: new Date().toISOString(),
      });
      const files = await findFileUrls(
        db,
        rows.filter((row) => canSee(user, row)).map((row) => row.id),
      );
      const publications = rows.map((row) => ({
        _id: row.id,
        interestedAt: row.interested_at,
        publication: canSee(user, row)
          ? {
              ...toPublicationJson(storage, row, files.get(row.id) ?? [], {
                withReviewNote: isAuthor(user, row) || user.isSuperUser,
              }),
              interested: true,
            }
          : null,
      }));
      return { publications, ...paged(page, pageSize, total) };
    },

    /** GET /publication/{id}/interested: the author and the super users see who (names and profiles only). */
    async interested(
      user: User,
      id: string,
      query: { page: number; pageSize: number },
    ): Promise<InterestedPageJson> {
      const { row } = await visible(user, id);
      if (!isAuthor(user, row) && !user.isSuperUser) throw new HttpError(403, INTERESTED_FORBIDDEN_MESSAGE);
      const { page, pageSize } = query;
      const { rows, total } = await listInterested(db, id, {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      const members = rows.map((member) => ({
        _id: member.id,
        name: member.name,
        pictureUrl: member.picture_url,
        profileUrl: `/users/${member.id}`,
        interestedAt: member.created_at,
      }));
      return { members, ...paged(page, pageSize, total) };
    },
  };
}

export type InterestsService = ReturnType<typeof createInterestsService>;
