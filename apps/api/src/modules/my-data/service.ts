import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { MediaStorage } from '../media/storage.ts';
import { createUploadFiles, isUploadKey } from '../media/uploads.ts';
import { findUserById } from '../users/repository.ts';
import { USER_NOT_FOUND_MESSAGE } from '../users/service.ts';
import { verifyPassword } from '../users/password.ts';
import { ACCOUNT_DELETION_STEPS } from './deletion-steps.ts';
import { EXPORT_PARTS } from './export-parts.ts';

export const WRONG_PASSWORD_MESSAGE = 'La contraseña es incorrecta';
export const LAST_SUPER_USER_MESSAGE =
  'Eres el único superusuario. Nombra a otro superusuario antes de eliminar tu cuenta.';
export const ACCOUNT_DELETED_MESSAGE = 'Tu cuenta y todos tus datos fueron eliminados.';

export type MyDataDeps = {
  db: DB;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** MEDIA_PUBLIC_URL: where the export's media addresses point when the media are served from elsewhere. */
  mediaPublicUrl?: string | undefined;
};

export type MyDataExport = { exportedAt: string; site: string } & Record<string, unknown>;

export function createMyDataService({ db, storage, log, publicUrl, mediaPublicUrl }: MyDataDeps) {
  const files = createUploadFiles(db, storage, log);

  /** Whatever still sits in the member's upload folder (files the records lost track of). */
  async function filesInFolder(userId: string): Promise<string[]> {
    const urls: string[] = [];
    try {
      for await (const { key } of storage.list(`uploads/${userId}`)) {
        if (isUploadKey(key)) urls.push(storage.publicUrl(key));
      }
    } catch (error) {
      log.warn({ err: error, userId }, 'Could not list the upload folder of a deleted account');
    }
    return urls;
  }

  return {
    async exportData(userId: string): Promise<MyDataExport> {
      const context = { db, userId, storage, publicUrl, mediaPublicUrl };
      const data: MyDataExport = { exportedAt: new Date().toISOString(), site: publicUrl };
      for (const part of EXPORT_PARTS) data[part.name] = await part.collect(context);
      return data;
    },

    /**
     * Checks the password, then removes the account and everything that is the member's in one transaction; the
     * files go once it has committed (a failure leaves them to the sweep, never the other way round).
     */
    async deleteAccount(userId: string, password: string): Promise<void> {
      const row = await findUserById(db, userId);
      if (row === undefined) throw new HttpError(404, USER_NOT_FOUND_MESSAGE);
      if (!(await verifyPassword(row.password_hash, password)))
        throw new HttpError(400, WRONG_PASSWORD_MESSAGE);

      const freed = await db.transaction().execute(async (trx) => {
        if (row.is_super_user === 1) {
          const others = await trx
            .selectFrom('users')
            .select('id')
            .where('is_super_user', '=', 1)
            .where('is_active', '=', 1)
            .where('id', '!=', userId)
            .limit(1)
            .execute();
          if (others.length === 0) throw new HttpError(409, LAST_SUPER_USER_MESSAGE);
        }
        const urls: string[] = [];
        for (const step of ACCOUNT_DELETION_STEPS) urls.push(...(await step(trx, userId)));
        await trx.deleteFrom('users').where('id', '=', userId).execute();
        return urls;
      });
      await files.release([...freed, ...(await filesInFolder(userId))]);
      log.info({ userId }, 'Account deleted at its owner’s request');
    },
  };
}

export type MyDataService = ReturnType<typeof createMyDataService>;
