import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { PublicUser, User, UserRatingData } from '@eco/domain';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { MediaStorage } from '../media/storage.ts';
import { createUploadFiles, isOwnUpload } from '../media/uploads.ts';
import { deleteTokensOfUser } from '../accounts/repository.ts';
import { userRatingDataOf } from '../ratings/service.ts';
import { endAllSessions } from '../sessions/service.ts';
import {
  countPublicationsOf,
  findUserById,
  listUsers,
  updateUser,
  type UserChangesRow,
} from './repository.ts';
import type { UpdateMe, UserChanges } from './schemas.ts';
import { toAdminUser, toPublicUser, toUser, type AdminUser } from './user-mapper.ts';

export const USER_NOT_FOUND_MESSAGE = 'El usuario no existe';
export const EMAIL_CHANGE_MESSAGE =
  'El correo electrónico no se puede cambiar desde aquí. Para cambiarlo, escríbenos a soporte.';
export const SELF_DEMOTION_MESSAGE = 'No puedes quitarte a ti mismo el rol de superusuario';
export const SELF_DEACTIVATION_MESSAGE = 'No puedes desactivar tu propia cuenta';
export const FOREIGN_PICTURE_MESSAGE = 'La foto de perfil debe ser una imagen que subiste tú';

export type Me = {
  user: User;
  paymentDetails: string | null;
  emailNotifications: boolean;
  /** "Me interesa" also reminds 1 hour before (decision 036). */
  reminderHourBefore: boolean;
  summary: { publications: { published: number; pending: number } };
};

export type UsersDeps = { db: DB; storage: MediaStorage; log: FastifyBaseLogger };

export function createUsersService({ db, storage, log }: UsersDeps) {
  const uploads = createUploadFiles(db, storage, log);

  return {
    async getMe(userId: string): Promise<Me> {
      const row = await findUserById(db, userId);
      if (row === undefined) throw new HttpError(404, USER_NOT_FOUND_MESSAGE);
      const publications = await countPublicationsOf(db, userId);
      return {
        user: toUser(row),
        paymentDetails: row.payment_details,
        emailNotifications: row.email_notifications === 1,
        reminderHourBefore: row.reminder_hour_before === 1,
        summary: { publications },
      };
    },

    async updateMe(user: User, update: UpdateMe): Promise<void> {
      if (update.email !== undefined) {
        const same = typeof update.email === 'string' && update.email.trim().toLowerCase() === user.email;
        if (!same) throw new HttpError(400, EMAIL_CHANGE_MESSAGE);
      }
      const changes: UserChangesRow = { updated_at: new Date().toISOString() };
      const { profile } = update;
      if (profile !== undefined) {
        // The picture is kept as it is, cleared, or one of the member's own uploads.
        const picture = profile.pictureUrl;
        if (picture !== null && picture !== user.pictureUrl && !(await isOwnUpload(db, user._id, picture))) {
          throw new HttpError(400, FOREIGN_PICTURE_MESSAGE);
        }
        Object.assign(changes, {
          name: profile.name,
          phone: profile.phone,
          picture_url: profile.pictureUrl,
          location_country: profile.locationCountry,
          location_province: profile.locationProvince,
          location_city: profile.locationCity,
          location_address: profile.locationAddress,
        } satisfies UserChangesRow);
      }
      if (update.paymentDetails !== undefined) changes.payment_details = update.paymentDetails;
      if (update.emailNotifications !== undefined) {
        changes.email_notifications = update.emailNotifications ? 1 : 0;
      }
      if (update.reminderHourBefore !== undefined) {
        changes.reminder_hour_before = update.reminderHourBefore ? 1 : 0;
      }
      const updated = await updateUser(db, user._id, changes);
      if (updated === undefined) throw new HttpError(404, USER_NOT_FOUND_MESSAGE);
      // The replaced picture goes once the change is saved: only the member's own upload, if nothing else shows it.
      const previous = user.pictureUrl;
      if (profile !== undefined && previous !== null && previous !== updated.picture_url) {
        if (storage.keyFromUrl(previous)?.startsWith(`uploads/${user._id}/`) === true) {
          await uploads.release([previous]);
        }
      }
    },

    /** GET /user/{id}: the public profile and its rating summary. Accounts that cannot sign in (pending or
     * deactivated) have none. */
    async getProfile(id: string): Promise<{ user: PublicUser; userRatingData: UserRatingData }> {
      const row = await findUserById(db, id);
      if (row === undefined || row.is_active !== 1) throw new HttpError(404, USER_NOT_FOUND_MESSAGE);
      return { user: toPublicUser(row), userRatingData: await userRatingDataOf(db, row) };
    },

    async listUsers(query: { page: number; pageSize: number; term?: string | undefined }) {
      const { page, pageSize } = query;
      const { rows, total } = await listUsers(db, {
        term: query.term,
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      const totalPages = Math.ceil(total / pageSize);
      return {
        users: rows.map(toAdminUser),
        total,
        totalPages,
        nextPage: page < totalPages ? page + 1 : null,
      };
    },

    async updateUser(actor: User, id: string, changes: UserChanges): Promise<AdminUser> {
      if (actor._id === id && changes.isSuperUser === false) throw new HttpError(400, SELF_DEMOTION_MESSAGE);
      if (actor._id === id && changes.isActive === false) throw new HttpError(400, SELF_DEACTIVATION_MESSAGE);
      const now = new Date().toISOString();
      const update: UserChangesRow = { updated_at: now };
      if (changes.name !== undefined) update.name = changes.name;
      if (changes.phone !== undefined) update.phone = changes.phone;
      if (changes.locationAddress !== undefined) update.location_address = changes.locationAddress;
      if (changes.locationCountry !== undefined) update.location_country = changes.locationCountry;
      if (changes.locationProvince !== undefined) update.location_province = changes.locationProvince;
      if (changes.locationCity !== undefined) update.location_city = changes.locationCity;
      if (changes.isSuperUser !== undefined) update.is_super_user = changes.isSuperUser ? 1 : 0;
      if (changes.isActive !== undefined) {
        update.is_active = changes.isActive ? 1 : 0;
        // Reactivating from the users list also ends a suspension of the moderation desk.
        if (changes.isActive) update.suspended_at = null;
        // A decision of a super user ends the pending state either way: a deactivated account is never offered
        // a new activation link.
        update.activated_at = sql`coalesce(activated_at, ${now})`;
      }
      const row = await db.transaction().execute(async (trx) => {
        const updated = await updateUser(trx, id, update);
        if (updated !== undefined && changes.isActive === false) {
          await endAllSessions(trx, id);
          await deleteTokensOfUser(trx, id);
        }
        return updated;
      });
      if (row === undefined) throw new HttpError(404, USER_NOT_FOUND_MESSAGE);
      return toAdminUser(row);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
