import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { captchaToken } from './captcha.ts';
import { optionalText, requiredText, whenObject } from './fields.ts';
import { FIELDS, incorrect, required } from './messages.ts';

export const REPORT_REASONS = ['spam', 'prohibido', 'estafa', 'ofensivo', 'categoria', 'otro'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** How each reason reads in the dialog and on the moderation desk. */
export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  spam: 'Spam o publicidad engañosa',
  prohibido: 'Producto prohibido',
  estafa: 'Estafa o fraude',
  ofensivo: 'Contenido ofensivo',
  categoria: 'Categoría equivocada',
  otro: 'Otro',
};

export const REPORT_TARGET_TYPES = ['publication', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

const REASON = { name: 'El motivo' } as const;

const reportFields = {
  reason: z.enum(REPORT_REASONS, {
    error: (issue) => (issue.input == null || issue.input === '' ? required(REASON) : incorrect(REASON)),
  }),
  comment: optionalText(FIELDS.comment, LIMITS.reportComment),
};

/** 'otro' says nothing by itself: its comment is required. */
function withCommentForOther<T extends z.ZodType<{ reason: ReportReason; comment: string | null }>>(
  schema: T,
): T {
  return schema.refine((value) => value.reason !== 'otro' || value.comment !== null, {
    error: REPORT_COMMENT_REQUIRED_MESSAGE,
    path: ['comment'],
    when: whenObject,
  });
}

export const REPORT_COMMENT_REQUIRED_MESSAGE = 'Cuéntanos el motivo en el comentario';

/** The dialog's fields: a reason and an optional comment, required for 'otro'. */
export const reportFormSchema = withCommentForOther(z.object(reportFields));

/** POST /api/reports. */
export const reportSchema = withCommentForOther(
  z.object({
    targetType: z.enum(REPORT_TARGET_TYPES, { error: 'El tipo de denuncia es incorrecto' }),
    targetId: z.string({ error: 'El identificador es incorrecto' }).trim().min(1).max(100),
    ...reportFields,
    captcha: captchaToken,
  }),
);

export type ReportFormInput = z.input<typeof reportFormSchema>;
export type ReportData = z.output<typeof reportSchema>;

const MODERATION_REASON = { name: 'El motivo' } as const;

/** A super user's decision that hides something says why (the author reads it). */
export const moderationReasonSchema = z.object({
  reason: requiredText(MODERATION_REASON, LIMITS.reportComment),
});

/** Decisions that show something may say why. */
export const optionalModerationReasonSchema = z.object({
  reason: optionalText(MODERATION_REASON, LIMITS.reportComment),
});
