import type { User } from '@eco/domain';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { MediaStorage } from '../media/storage.ts';
import { toPublicationJson } from '../publications/mapper.ts';
import { PUBLICATION_NOT_FOUND_MESSAGE } from '../publications/messages.ts';
import { publicationReadsOf } from '../publications/publication-reads.ts';
import { findFileUrls } from '../publications/repository.ts';
import type { PublicationJson } from '../publications/schemas.ts';
import { canSee, isAuthor } from '../publications/service.ts';
import { deleteFavorite, favoriteState, insertFavorite, listFavorites, savedAmong } from './repository.ts';
import type { FavoritePageJson } from './schemas.ts';

/** The fields of a publication's answer that belong to one visitor, never to a shared copy (decision 033). */
export type OwnFavoriteFields = { favorite?: boolean; favoriteCount?: number };

/** A member's favorites: save, unsave, list, and what a publication's answer says of them to that member. */
export function createFavoritesService({ db, storage }: { db: DB; storage: MediaStorage }) {
  // The same remembered rows GET /api/publication/{id} reads (exact after every write, on every process).
  const publicationReads = publicationReadsOf(db);

  /** Whether the member may see the publication, as GET /api/publication/{id} decides; undefined: no such one. */
  async function visibility(user: User, id: string): Promise<boolean | undefined> {
    const stored = await publicationReads.read(id);
    return stored === undefined ? undefined : canSee(user, stored.row);
  }

  return {
    /** PUT: one the member cannot see is missing (404), as for GET. Saving twice is saving once. */
    async save(user: User, id: string): Promise<void> {
      if ((await visibility(user, id)) !== true) throw new HttpError(404, PUBLICATION_NOT_FOUND_MESSAGE);
      await insertFavorite(db, user._id, id);
    },

    /**
     * DELETE: a saved one goes even when it is no longer published (the list's placeholder must be removable);
     * otherwise one the member cannot see is missing (404), and unsaving what was not saved changes nothing.
     */
    async remove(user: User, id: string): Promise<void> {
      if (await deleteFavorite(db, user._id, id)) return;
      if ((await visibility(user, id)) !== true) throw new HttpError(404, PUBLICATION_NOT_FOUND_MESSAGE);
    },

    /** GET /favorites: newest saved first; what the member can no longer see is a placeholder (publication null). */
    async list(user: User, query: { page: number; pageSize: number }): Promise<FavoritePageJson> {
      const { page, pageSize } = query;
      const { rows, total } = await listFavorites(db, user._id, {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      const visible = rows.filter((row) => canSee(user, row));
      const files = await findFileUrls(
        db,
        visible.map((row) => row.id),
      );
      const publications = rows.map((row) => ({
        _id: row.id,
        savedAt: row.saved_at,
        publication: canSee(user, row)
          ? toPublicationJson(storage, row, files.get(row.id) ?? [], {
              withReviewNote: isAuthor(user, row) || user.isSuperUser,
            })
          : null,
      }));
      const totalPages = Math.ceil(total / pageSize);
      return { publications, total, totalPages, nextPage: page < totalPages ? page + 1 : null };
    },

    /** Which of the given publications the member saved (the cards of a shared list ask separately). */
    among: (user: User, ids: readonly string[]): Promise<string[]> => savedAmong(db, user._id, ids),

    /**
     * What a publication's answer adds for the signed-in `user`: whether they saved it, and for its author and the
     * super users how many members did. Added to each answer after the shared, remembered part is built.
     */
    async ownFields(user: User, publication: PublicationJson): Promise<OwnFavoriteFields> {
      const { saved, count } = await favoriteState(db, user._id, publication._id);
      const seesCount = user._id === publication.createdBy._id || user.isSuperUser;
      return seesCount ? { favorite: saved, favoriteCount: count } : { favorite: saved };
    },
  };
}

export type FavoritesService = ReturnType<typeof createFavoritesService>;
