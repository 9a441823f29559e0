import { createHmac, randomUUID } from 'node:crypto';
import { PUBLISHED_STATUS, type ReportData, type User } from '@eco/domain';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { Captcha } from '../captcha/captcha.ts';
import { writeLog } from '../moderation/log-repository.ts';
import { PUBLICATION_NOT_FOUND_MESSAGE } from '../publications/messages.ts';
import { findPublication } from '../publications/repository.ts';
import { findUserById } from '../users/repository.ts';
import { USER_NOT_FOUND_MESSAGE } from '../users/service.ts';
import {
  HIDDEN_BY_REPORTS_NOTE,
  OWN_PROFILE_MESSAGE,
  OWN_PUBLICATION_MESSAGE,
  REPORT_DUPLICATE_MESSAGE,
} from './messages.ts';
import { hideWhenReported, insertReport } from './repository.ts';

export type ReportsDeps = {
  db: DB;
  config: Pick<Config, 'secretKey' | 'reportsToHide'>;
  captcha: Captcha;
};

/**
 * Guests have no account: their client address stands for them, kept only as a keyed hash (SECRET_KEY), so that
 * the table never holds an address and the hash cannot be reversed by trying every address without the key.
 */
export function guestReporterKey(secretKey: string, address: string): string {
  return `guest:${createHmac('sha256', secretKey).update(`report:${address}`).digest('hex').slice(0, 32)}`;
}

export function createReportsService({ db, config, captcha }: ReportsDeps) {
  /** The label of the target; 404 when the reporter cannot see it, 403 for their own. */
  async function checkTarget(user: User | null, report: ReportData): Promise<string> {
    if (report.targetType === 'publication') {
      const row = await findPublication(db, report.targetId);
      const author = row === undefined ? undefined : await findUserById(db, row.created_by);
      const visible =
        row !== undefined &&
        author?.is_active === 1 &&
        (row.status === PUBLISHED_STATUS || user?._id === row.created_by || user?.isSuperUser === true);
      if (!visible) throw new HttpError(404, PUBLICATION_NOT_FOUND_MESSAGE);
      if (user?._id === row.created_by) throw new HttpError(403, OWN_PUBLICATION_MESSAGE);
      return row.title;
    }
    const target = await findUserById(db, report.targetId);
    if (target === undefined || target.is_active !== 1) throw new HttpError(404, USER_NOT_FOUND_MESSAGE);
    if (user?._id === target.id) throw new HttpError(403, OWN_PROFILE_MESSAGE);
    return target.name;
  }

  return {
    /** POST /reports: guests prove they are a person; one open report per reporter and target. */
    async report(user: User | null, report: ReportData, address: string): Promise<{ hidden: boolean }> {
      if (user === null) await captcha.require(report.captcha, 'report', address);
      const label = await checkTarget(user, report);
      const now = new Date().toISOString();
      const inserted = await insertReport(db, {
        id: randomUUID(),
        targetType: report.targetType,
        targetId: report.targetId,
        reason: report.reason,
        comment: report.comment,
        reporterId: user?._id ?? null,
        reporterKey: user === null ? guestReporterKey(config.secretKey, address) : `user:${user._id}`,
        createdAt: now,
      });
      if (!inserted) throw new HttpError(409, REPORT_DUPLICATE_MESSAGE);
      if (report.targetType !== 'publication') return { hidden: false };

      const hidden = await hideWhenReported(
        db,
        report.targetId,
        config.reportsToHide,
        HIDDEN_BY_REPORTS_NOTE,
        now,
      );
      if (hidden) {
        await writeLog(db, {
          actor: null,
          action: 'hide_by_reports',
          target: { type: 'publication', id: report.targetId, label },
          reason: `${config.reportsToHide} denuncias abiertas`,
          now,
        });
      }
      return { hidden };
    },
  };
}
