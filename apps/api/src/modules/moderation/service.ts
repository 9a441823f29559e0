import type { FastifyBaseLogger } from 'fastify';
import { PUBLISHED_STATUS, UNPUBLISHED_STATUS, type User } from '@eco/domain';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { deleteTokensOfUser } from '../accounts/repository.ts';
import type { MediaStorage } from '../media/storage.ts';
import { toPublicationJson } from '../publications/mapper.ts';
import { PUBLICATION_NOT_FOUND_MESSAGE } from '../publications/messages.ts';
import { findFileUrls, findPublication } from '../publications/repository.ts';
import { HIDDEN_BY_REPORTS_NOTE } from '../reports/messages.ts';
import { closeReports } from '../reports/repository.ts';
import { endAllSessions } from '../sessions/service.ts';
import { findUserById } from '../users/repository.ts';
import { USER_NOT_FOUND_MESSAGE } from '../users/service.ts';
import { listLog, writeLog, type ModerationAction } from './log-repository.ts';
import {
  ALREADY_PUBLISHED_MESSAGE,
  ALREADY_SUSPENDED_MESSAGE,
  NO_OPEN_REPORTS_MESSAGE,
  NOT_PUBLISHED_MESSAGE,
  NOT_SUSPENDED_MESSAGE,
  SELF_SUSPENSION_MESSAGE,
  SUPER_USER_SUSPENSION_MESSAGE,
} from './messages.ts';
import type { OutcomeNotice, OutcomeNotifier } from './outcome-notices.ts';
import {
  authorHistories,
  listReportedTargets,
  listSuspended,
  listWaiting,
  openReportCounts,
  openReportsOf,
} from './repository.ts';

export type ModerationDeps = {
  db: DB;
  storage: MediaStorage;
  notify: OutcomeNotifier;
  log: FastifyBaseLogger;
};
type Page = { page: number; pageSize: number };
type Target = { type: 'publication' | 'user'; id: string };

function pageOf<T>(items: T[], total: number, { page, pageSize }: Page) {
  const totalPages = Math.ceil(total / pageSize);
  return { items, total, totalPages, nextPage: page < totalPages ? page + 1 : null };
}

const offsetOf = ({ page, pageSize }: Page) => (page - 1) * pageSize;

/** Reporters learn the outcome, never who else reported nor who decided. */
function reporterNotices(reporters: readonly string[], label: string, upheld: boolean): OutcomeNotice[] {
  return reporters.map((userId) => ({
    userId,
    kind: upheld ? 'success' : 'info',
    title: 'Revisamos tu denuncia',
    message: upheld
      ? `Gracias: revisamos «${label}» y tomamos medidas.`
      : `Revisamos «${label}» y no encontramos que incumpla las normas.`,
  }));
}

export function createModerationService({ db, storage, notify }: ModerationDeps) {
  async function publicationOrThrow(id: string) {
    const row = await findPublication(db, id);
    if (row === undefined) throw new HttpError(404, PUBLICATION_NOT_FOUND_MESSAGE);
    return row;
  }

  /** Changes a publication's status, closes its reports and logs the decision, in one transaction. */
  async function decidePublication(
    actor: User,
    id: string,
    decision: { action: ModerationAction; status: number; note: string | null; reason: string | null },
    reports: 'upheld' | 'dismissed',
    authorNotice: (title: string) => OutcomeNotice['message'],
  ): Promise<void> {
    const row = await publicationOrThrow(id);
    const now = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('publications')
        .set({ status: decision.status, review_note: decision.note, updated_at: now })
        .where('id', '=', id)
        .execute();
      const closed = await closeReports(trx, { type: 'publication', id }, reports, actor._id, now);
      await writeLog(trx, {
        actor: { id: actor._id, name: actor.name },
        action: decision.action,
        target: { type: 'publication', id, label: row.title },
        reason: decision.reason,
        now,
      });
      await notify(trx, [
        {
          userId: row.created_by,
          kind: decision.status === PUBLISHED_STATUS ? 'success' : 'warning',
          title:
            decision.status === PUBLISHED_STATUS
              ? 'Tu anuncio está publicado'
              : 'Tu anuncio no está publicado',
          message: authorNotice(row.title),
          link: decision.status === PUBLISHED_STATUS ? `/publications/${id}` : '/dashboard/publications',
        },
        ...reporterNotices(closed.memberReporters, row.title, reports === 'upheld'),
      ]);
    });
  }

  return {
    /** 'En revisión': waiting publications, oldest first, with the captcha signal and the author's record. */
    async waiting(page: Page) {
      const { rows, total } = await listWaiting(db, offsetOf(page), page.pageSize);
      const ids = rows.map((row) => row.id);
      const [files, histories, reports] = await Promise.all([
        findFileUrls(db, ids),
        authorHistories(db, [...new Set(rows.map((row) => row.created_by))]),
        openReportCounts(db, 'publication', ids),
      ]);
      const items = rows.map((row) => ({
        publication: toPublicationJson(storage, row, files.get(row.id) ?? []),
        captchaVerified: row.captcha_verified === null ? null : row.captcha_verified === 1,
        reviewNote: row.review_note,
        waitingSince: row.updated_at,
        openReports: reports.get(row.id) ?? 0,
        author: { id: row.created_by, name: row.author_name, ...histories.get(row.created_by)! },
      }));
      return pageOf(items, total, page);
    },

    /** 'Denuncias': targets with their open reports, the most reported first. */
    async reported(page: Page) {
      const { rows, total } = await listReportedTargets(db, offsetOf(page), page.pageSize);
      const targets: Target[] = rows.map((row) => ({ type: row.target_type, id: row.target_id }));
      const reports = await openReportsOf(db, targets);
      const items = await Promise.all(
        rows.map(async (row) => {
          const own = reports.filter(
            (report) => report.target_type === row.target_type && report.target_id === row.target_id,
          );
          const base = {
            targetType: row.target_type,
            targetId: row.target_id,
            openReports: Number(row.open),
            firstReportedAt: String(row.first_at),
            lastReportedAt: String(row.last_at),
            reports: own.map((report) => ({
              reason: report.reason,
              comment: report.comment,
              createdAt: report.created_at,
              reporter: report.reporter_id === null ? ('guest' as const) : ('member' as const),
            })),
          };
          if (row.target_type === 'publication') {
            const publication = await findPublication(db, row.target_id);
            return {
              ...base,
              label: publication?.title ?? null,
              status: publication?.status ?? null,
              reviewNote: publication?.review_note ?? null,
              owner: publication ? { id: publication.created_by, name: publication.author_name } : null,
              suspended: null,
              isSuperUser: null,
            };
          }
          const user = await findUserById(db, row.target_id);
          return {
            ...base,
            label: user?.name ?? null,
            status: null,
            reviewNote: null,
            owner: user ? { id: user.id, name: user.name } : null,
            suspended: user ? user.suspended_at !== null : null,
            isSuperUser: user ? user.is_super_user === 1 : null,
          };
        }),
      );
      return pageOf(items, total, page);
    },

    async publish(actor: User, id: string, reason: string | null): Promise<void> {
      const row = await publicationOrThrow(id);
      if (row.status === PUBLISHED_STATUS) throw new HttpError(409, ALREADY_PUBLISHED_MESSAGE);
      await decidePublication(
        actor,
        id,
        { action: 'publish', status: PUBLISHED_STATUS, note: null, reason },
        'dismissed',
        (title) => `«${title}» ya se ve en EcoAnuncios.`,
      );
    },

    async sendToReview(actor: User, id: string, reason: string): Promise<void> {
      await decidePublication(
        actor,
        id,
        { action: 'send_to_review', status: UNPUBLISHED_STATUS, note: reason, reason },
        'upheld',
        (title) => `«${title}» volvió a revisión: ${reason}. Edítalo y lo revisaremos de nuevo.`,
      );
    },

    async unpublish(actor: User, id: string, reason: string): Promise<void> {
      const row = await publicationOrThrow(id);
      if (row.status !== PUBLISHED_STATUS) throw new HttpError(409, NOT_PUBLISHED_MESSAGE);
      await decidePublication(
        actor,
        id,
        { action: 'unpublish', status: UNPUBLISHED_STATUS, note: reason, reason },
        'upheld',
        (title) => `Retiramos «${title}»: ${reason}.`,
      );
    },

    /**
     * Closes a target's open reports as unfounded. A publication the reports had hidden goes back to the public,
     * as it was before them.
     */
    async dismiss(actor: User, target: Target, reason: string | null): Promise<void> {
      const label =
        target.type === 'publication'
          ? (await findPublication(db, target.id))?.title
          : (await findUserById(db, target.id))?.name;
      const now = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        const closed = await closeReports(trx, target, 'dismissed', actor._id, now);
        if (closed.count === 0) throw new HttpError(409, NO_OPEN_REPORTS_MESSAGE);
        if (target.type === 'publication') {
          await trx
            .updateTable('publications')
            .set({ status: PUBLISHED_STATUS, review_note: null, updated_at: now })
            .where('id', '=', target.id)
            .where('review_note', '=', HIDDEN_BY_REPORTS_NOTE)
            .execute();
        }
        await writeLog(trx, {
          actor: { id: actor._id, name: actor.name },
          action: 'dismiss_reports',
          target: { ...target, label: label ?? '(ya no existe)' },
          reason,
          now,
        });
        await notify(trx, reporterNotices(closed.memberReporters, label ?? 'el contenido', false));
      });
    },

    /** The member cannot sign in, their sessions end now, and their publications and profile leave the public. */
    async suspend(actor: User, id: string, reason: string): Promise<void> {
      if (actor._id === id) throw new HttpError(400, SELF_SUSPENSION_MESSAGE);
      const user = await findUserById(db, id);
      if (user === undefined) throw new HttpError(404, USER_NOT_FOUND_MESSAGE);
      if (user.is_super_user === 1) throw new HttpError(403, SUPER_USER_SUSPENSION_MESSAGE);
      if (user.suspended_at !== null) throw new HttpError(409, ALREADY_SUSPENDED_MESSAGE);
      const now = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({
            is_active: 0,
            suspended_at: now,
            activated_at: user.activated_at ?? now,
            updated_at: now,
          })
          .where('id', '=', id)
          .execute();
        await endAllSessions(trx, id);
        await deleteTokensOfUser(trx, id);
        const closed = await closeReports(trx, { type: 'user', id }, 'upheld', actor._id, now);
        await writeLog(trx, {
          actor: { id: actor._id, name: actor.name },
          action: 'suspend',
          target: { type: 'user', id, label: user.name },
          reason,
          now,
        });
        await notify(trx, reporterNotices(closed.memberReporters, user.name, true));
      });
    },

    async reinstate(actor: User, id: string, reason: string | null): Promise<void> {
      const user = await findUserById(db, id);
      if (user === undefined) throw new HttpError(404, USER_NOT_FOUND_MESSAGE);
      if (user.suspended_at === null) throw new HttpError(409, NOT_SUSPENDED_MESSAGE);
      const now = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ is_active: 1, suspended_at: null, updated_at: now })
          .where('id', '=', id)
          .execute();
        await writeLog(trx, {
          actor: { id: actor._id, name: actor.name },
          action: 'reinstate',
          target: { type: 'user', id, label: user.name },
          reason,
          now,
        });
        await notify(trx, [
          {
            userId: id,
            kind: 'success',
            title: 'Tu cuenta está activa de nuevo',
            message: 'Ya puedes ingresar; tus anuncios y tu perfil vuelven a verse.',
            link: '/dashboard',
          },
        ]);
      });
    },

    async suspended(page: Page) {
      const { rows, total } = await listSuspended(db, offsetOf(page), page.pageSize);
      const items = rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        pictureUrl: row.picture_url,
        suspendedAt: row.suspended_at!,
      }));
      return pageOf(items, total, page);
    },

    async log(page: Page) {
      const { rows, total } = await listLog(db, offsetOf(page), page.pageSize);
      const items = rows.map((row) => ({
        id: row.id,
        actor:
          row.actor_id === null && row.actor_name === null
            ? null
            : { id: row.actor_id, name: row.actor_name },
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        targetLabel: row.target_label,
        reason: row.reason,
        createdAt: row.created_at,
      }));
      return pageOf(items, total, page);
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
